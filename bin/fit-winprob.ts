// npm run fit:winprob [-- --games 100 --size 15 --nodes 12000 --seed 1]
// Fits the win-probability curve P(win) = 1 / (1 + e^(-k·score)) (lib/shared/analysis/winprob) on
// our own engine's self-play: games from seeded random openings, each side searching to a node
// budget of its own (so both sides err, and positions of every kind come up); every position's
// score (side to move, evaluations only: forced results are 100 % / 0 % by definition) is paired
// with that side's final result (1 win, ½ draw, 0 loss); k minimises the mean log-loss. Same seed,
// same games, same k (the search is deterministic under a node limit). Prints k, the log-loss
// against a coin flip's (ln 2 = 0.693), and calibration by score bucket.
import { think, type Color, type Stone } from "../engine";
import { cellsOf, winningLine } from "../engine/rules";
import { fitK, logLoss, type WinSample } from "../lib/shared/analysis/winprob";
import { mulberry32Float } from "../engine/board/zobrist";
import { positiveNumbers } from "./cli/args";

const { games, size, nodes: baseNodes, seed } = positiveNumbers(process.argv.slice(2), { games: 100, size: 15, nodes: 12000, seed: 1 });
/** A seeded generator, so the openings and budgets repeat. */
const rand = mulberry32Float(seed >>> 0);

const samples: WinSample[] = [];
const results = { black: 0, white: 0, draw: 0 };
const started = Date.now();
for (let g = 0; g < games; g++) {
  // An opening: 2–4 stones near the centre, alternating colours, black first.
  const stones: Stone[] = [];
  const c = Math.floor(size / 2);
  const openingStones = 2 + Math.floor(rand() * 3);
  while (stones.length < openingStones) {
    const x = c - 2 + Math.floor(rand() * 5);
    const y = c - 2 + Math.floor(rand() * 5);
    if (!stones.some((s) => s.x === x && s.y === y)) stones.push({ x, y, color: stones.length % 2 === 0 ? 1 : 2 });
  }
  // Each side's budget: ¼× to 2× the base, so the stronger side varies from game to game.
  const budget: Record<Color, number> = { 1: Math.round(baseNodes * (0.25 + rand() * 1.75)), 2: Math.round(baseNodes * (0.25 + rand() * 1.75)) };
  const seen: Array<{ value: number; side: Color }> = [];
  let toMove: Color = stones.length % 2 === 0 ? 1 : 2;
  let winner: Color | null = null;
  while (stones.length < size * size) {
    const a = think({ size, rule: "freestyle", stones, toMove }, { maxNodes: budget[toMove], exactRootScores: false });
    if (!a.move) break;
    if (a.score.kind === "eval") seen.push({ value: a.score.value, side: toMove });
    stones.push({ ...a.move, color: toMove });
    if (winningLine(size, "freestyle", cellsOf(size, stones), a.move, toMove)) {
      winner = toMove;
      break;
    }
    toMove = toMove === 1 ? 2 : 1;
  }
  if (winner === 1) results.black++;
  else if (winner === 2) results.white++;
  else results.draw++;
  for (const s of seen) samples.push({ value: s.value, outcome: winner === null ? 0.5 : winner === s.side ? 1 : 0 });
  process.stdout.write(`\rgame ${g + 1}/${games}: ${samples.length} positions, ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
process.stdout.write("\n");
const { k, logLoss: ll } = fitK(samples);
console.log(
  `games ${games} (black ${results.black}, white ${results.white}, draws ${results.draw}) on ${size}×${size}, ${samples.length} positions, base ${baseNodes} nodes, seed ${seed}`,
);
console.log(`k = ${k.toPrecision(3)}   log-loss ${ll.toFixed(4)} (a coin flip: ${logLoss(samples, 0).toFixed(4)})`);
console.log("calibration (score bucket: positions, observed win rate, predicted):");
const buckets = [-Infinity, -800, -400, -200, -100, -30, 30, 100, 200, 400, 800, Infinity];
for (let i = 0; i + 1 < buckets.length; i++) {
  const inB = samples.filter((s) => s.value >= buckets[i] && s.value < buckets[i + 1]);
  if (!inB.length) continue;
  const obs = inB.reduce((a, s) => a + s.outcome, 0) / inB.length;
  const pred = inB.reduce((a, s) => a + 1 / (1 + Math.exp(-k * s.value)), 0) / inB.length;
  console.log(
    `  [${buckets[i]}, ${buckets[i + 1]}): ${String(inB.length).padStart(5)}  ${(obs * 100).toFixed(1).padStart(5)} %  ${(pred * 100).toFixed(1).padStart(5)} %`,
  );
}
