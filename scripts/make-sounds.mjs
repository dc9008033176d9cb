#!/usr/bin/env node
// Makes the alert sounds in public/sounds/ (lib/client/alerts.ts): short 16-bit mono WAV tones,
// computed here, no recording or sample from anyone else. Licence: CC0 (docs/ALERTS.md).
// Deterministic: the same bytes on every run (the noise comes from a seeded generator).
// Run: node scripts/make-sounds.mjs
import fs from "node:fs";
import path from "node:path";

const RATE = 22_050;
const out = path.join(import.meta.dirname, "..", "public", "sounds");

/** A note: frequency (Hz), start and length (s), loudness, how fast it fades (1/s). */
const note = (hz, at, len, gain = 0.5, decay = 8) => ({ hz, at, len, gain, decay });

/** A seeded generator (mulberry32): the stone's knock gets the same noise every run. */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function render(notes, { noise = 0 } = {}) {
  const len = Math.max(...notes.map((n) => n.at + n.len)) + 0.02;
  const samples = new Float64Array(Math.ceil(len * RATE));
  const rand = rng(1234);
  for (const n of notes) {
    const from = Math.floor(n.at * RATE);
    const count = Math.floor(n.len * RATE);
    for (let i = 0; i < count; i++) {
      const t = i / RATE;
      const attack = Math.min(1, i / (0.004 * RATE)); // 4 ms: no click at the start
      const release = Math.min(1, (count - i) / (0.01 * RATE)); // 10 ms: none at the end
      const env = attack * release * Math.exp(-n.decay * t);
      const tone = Math.sin(2 * Math.PI * n.hz * t) + 0.25 * Math.sin(4 * Math.PI * n.hz * t);
      samples[from + i] += n.gain * env * (tone + noise * (rand() * 2 - 1));
    }
  }
  return samples;
}

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const head = Buffer.alloc(44);
  head.write("RIFF", 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write("WAVEfmt ", 8);
  head.writeUInt32LE(16, 16); // PCM header size
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(RATE, 24);
  head.writeUInt32LE(RATE * 2, 28); // bytes a second
  head.writeUInt16LE(2, 32); // bytes a frame
  head.writeUInt16LE(16, 34); // bits a sample
  head.write("data", 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

const SOUNDS = {
  // A stone on wood: a low knock, gone in 90 ms.
  move: render([note(320, 0, 0.09, 0.7, 45), note(960, 0, 0.03, 0.2, 90)], { noise: 0.35 }),
  // Your turn: two notes up.
  turn: render([note(660, 0, 0.12, 0.45, 12), note(880, 0.11, 0.18, 0.45, 10)]),
  // A game starts (paired, challenge accepted): three notes up.
  start: render([note(523, 0, 0.12, 0.4, 10), note(659, 0.11, 0.12, 0.4, 10), note(784, 0.22, 0.25, 0.45, 7)]),
  // A game ends: two notes down.
  end: render([note(784, 0, 0.16, 0.45, 8), note(523, 0.15, 0.35, 0.45, 5)]),
  // Low time: two short high beeps.
  lowtime: render([note(1175, 0, 0.07, 0.35, 4), note(1175, 0.12, 0.07, 0.35, 4)]),
};

fs.mkdirSync(out, { recursive: true });
for (const [name, samples] of Object.entries(SOUNDS)) {
  const file = path.join(out, `${name}.wav`);
  fs.writeFileSync(file, wav(samples));
  console.log(`${path.relative(process.cwd(), file)}: ${(samples.length / RATE).toFixed(2)} s`);
}
