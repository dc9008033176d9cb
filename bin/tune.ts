// The evaluation tuner (issue #16, part 2; docs/engine-log.md "Learned evaluation").
//   npm run tune -- gen --games 4000 --nodes 2000 --seed 1 --out /tmp/gomoku-tune/games-s1.jsonl [--size 15] [--offset 0 --stride 1]
//   npm run tune -- fit --data /tmp/gomoku-tune/games-s1.jsonl [--data …] [--out engine/eval/weights.ts] [--holdout 0.2] [--iters 3000]
// gen: self-play games reproducible from the seed (bin/tune/selfplay.ts), one JSON line per game.
// fit: positions from those games labelled by the game's result, the evaluation's weights fitted by
// logistic (Texel) regression (bin/tune/fit.ts); prints the loss before/after on train and held-out
// positions and writes the weights as a TypeScript module the engine imports (no I/O in the engine).
//   npm run tune -- pfit --data FILE [--data FILE…] [--out engine/eval/pattern-weights.ts] [--holdout 0.2] [--iters 300] [--l2 1e-8 --l2 …] [--dry]
//   npm run tune -- order-label --data GAMES --nodes 60000 --out LABELS [--every 3] [--max 3000]
//   npm run tune -- order-fit --data GAMES --labels LABELS [--out engine/eval/order-weights.ts] [--iters 600]
// order-label / order-fit: the move-ordering values of quiet moves, fitted to the moves a deeper
// search chose (bin/tune/order.ts).
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Rule } from "../engine/types";
import { readArgs } from "./cli/args";
import { selfPlay, type GameRecord } from "./tune/selfplay";
import { runFit } from "./tune/fit";
import { runPatternFit, searchLabels, type SearchLabel } from "./tune/pattern-fit";
import { type OrderLabel, orderLabels, runOrderFit } from "./tune/order";

const HELP = `npm run tune -- gen --games N --nodes N --seed S --out FILE [--size 15] [--rule freestyle] [--radius 3] [--offset K --stride M]
npm run tune -- fit --data FILE [--data FILE…] [--out engine/eval/weights.ts] [--holdout 0.2] [--iters 3000] [--seed 1] [--combos 0|1] [--dry]
npm run tune -- pfit --data FILE [--data FILE…] [--out engine/eval/pattern-weights.ts] [--holdout 0.2] [--iters 300] [--l2 1e-8 --l2 …] [--labels FILE --mix 0.5] [--k K] [--dry]
npm run tune -- plabel --data GAMES --nodes 4000 --out LABELS [--every 2] [--offset K --stride M]
npm run tune -- order-label --data GAMES [--data …] --nodes 60000 --out LABELS [--every 3] [--max 3000]
npm run tune -- order-fit --data GAMES [--data …] --labels LABELS [--labels …] [--out engine/eval/order-weights.ts] [--iters 600] [--holdout-mod 5] [--l2 0.0001] [--dry]`;

const FLAGS = [
  "games",
  "nodes",
  "seed",
  "out",
  "size",
  "rule",
  "radius",
  "offset",
  "stride",
  "data",
  "holdout",
  "iters",
  "combos",
  "labels",
  "every",
  "max",
  "holdout-mod",
  "l2",
  "mix",
  "k",
];

/** The command line's flags (each may repeat), and a reader of one as a number; null: help was asked. */
function readFlags(rest: string[]): { flags: Record<string, string[]>; num: (k: string, d: number) => number } | null {
  const flags: Record<string, string[]> = {};
  for (const a of readArgs(rest, FLAGS, { h: "help" })) {
    if (a.name === "help") return null;
    if (a.name === null) throw new Error(`unexpected argument "${a.raw}"`);
    (flags[a.name] ??= []).push(a.value ?? "true");
  }
  const num = (k: string, d: number): number => {
    const v = flags[k]?.[0];
    if (v === undefined) return d;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`--${k} needs a number, got "${v}"`);
    return n;
  };
  return { flags, num };
}

function main(): void {
  const [cmd, ...rest] = process.argv.slice(2);
  const read = readFlags(rest);
  if (!read) return void console.log(HELP);
  const { flags, num } = read;
  if (cmd === "gen") {
    const out = flags.out?.[0];
    if (!out) throw new Error("gen needs --out FILE");
    const spec = {
      size: num("size", 15),
      rule: (flags.rule?.[0] ?? "freestyle") as Rule,
      games: num("games", 1000),
      seed: num("seed", 1),
      nodes: num("nodes", 2000),
      radius: num("radius", 3),
      offset: num("offset", 0),
      stride: num("stride", 1),
    };
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, "");
    const t0 = performance.now();
    let n = 0;
    const wins = [0, 0, 0];
    for (const g of selfPlay(spec)) {
      appendFileSync(out, JSON.stringify(g) + "\n");
      wins[g.winner]++;
      if (++n % 100 === 0)
        console.error(`${n} games, ${((performance.now() - t0) / 1000).toFixed(0)} s (black ${wins[1]}, white ${wins[2]}, draws ${wins[0]})`);
    }
    console.log(`${n} games → ${out} in ${((performance.now() - t0) / 1000).toFixed(0)} s: black ${wins[1]}, white ${wins[2]}, draws ${wins[0]}`);
  } else if (cmd === "fit") {
    const games = readGames(flags.data ?? []);
    runFit(games, {
      holdout: num("holdout", 0.2),
      iters: num("iters", 3000),
      seed: num("seed", 1),
      combos: num("combos", 1) !== 0,
      out: flags.dry ? null : (flags.out?.[0] ?? "engine/eval/weights.ts"),
      log: (s) => console.log(s),
    });
  } else if (cmd === "pfit") {
    // The pattern-combination evaluation's corrections (bin/tune/pattern-fit.ts), best L2 on held-out.
    runPatternFit(readGames(flags.data ?? []), {
      holdout: num("holdout", 0.2),
      iters: num("iters", 300),
      seed: num("seed", 1),
      l2s: (flags.l2 ?? ["1e-8"]).map(Number),
      labels: flags.labels ? readLines<SearchLabel>(flags.labels) : undefined,
      mix: num("mix", 0.5),
      K: flags.k ? num("k", 0) : undefined,
      out: flags.dry ? null : (flags.out?.[0] ?? "engine/eval/pattern-weights.ts"),
      log: (s) => console.log(s),
    });
  } else if (cmd === "plabel") {
    // Search labels for pfit: each sample position (every --every-th) searched at --nodes.
    const out = flags.out?.[0];
    if (!out) throw new Error("plabel needs --out FILE");
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, "");
    const t0 = performance.now();
    let n = 0;
    for (const l of searchLabels(readGames(flags.data ?? []), num("nodes", 4000), num("every", 1), num("offset", 0), num("stride", 1))) {
      appendFileSync(out, JSON.stringify(l) + "\n");
      if (++n % 500 === 0) console.error(`${n} positions, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    console.log(`${n} labelled positions → ${out} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } else if (cmd === "order-label") {
    const out = flags.out?.[0];
    if (!out) throw new Error("order-label needs --out FILE");
    const games = readGames(flags.data ?? []);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, "");
    const t0 = performance.now();
    let n = 0;
    for (const l of orderLabels(games, num("nodes", 60_000), num("every", 3), num("max", 3000))) {
      appendFileSync(out, JSON.stringify(l) + "\n");
      if (++n % 100 === 0) console.error(`${n} positions, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    console.log(`${n} labelled positions → ${out} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } else if (cmd === "order-fit") {
    const labels: OrderLabel[] = [];
    for (const f of flags.labels ?? []) for (const line of readFileSync(f, "utf8").split("\n")) if (line.trim()) labels.push(JSON.parse(line) as OrderLabel);
    if (labels.length === 0) throw new Error("order-fit needs --labels FILE");
    runOrderFit(readGames(flags.data ?? []), labels, {
      iters: num("iters", 600),
      holdoutMod: num("holdout-mod", 5),
      l2: num("l2", 1e-4),
      out: flags.dry ? null : (flags.out?.[0] ?? "engine/eval/order-weights.ts"),
      log: (s) => console.log(s),
    });
  } else {
    console.log(HELP);
    process.exit(cmd ? 2 : 0);
  }
}

/** JSON lines from every file given. */
function readLines<T>(files: string[]): T[] {
  const out: T[] = [];
  for (const f of files) for (const line of readFileSync(f, "utf8").split("\n")) if (line.trim()) out.push(JSON.parse(line) as T);
  return out;
}

/** Self-play games (`gen`'s JSON lines) from every file given. */
function readGames(files: string[]): GameRecord[] {
  if (files.length === 0) throw new Error("needs --data FILE (games written by gen)");
  const games: GameRecord[] = [];
  for (const f of files) for (const line of readFileSync(f, "utf8").split("\n")) if (line.trim()) games.push(JSON.parse(line) as GameRecord);
  return games;
}

main();
