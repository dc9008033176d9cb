// Move-time bench: self-play with think() at a fixed per-move time, measuring how far each answer
// comes after the limit (wall clock around the whole call, as a Gomocup manager would see it).
//   npm run bench:movetime -- [--moves 500] [--time 1000] [--bounds | --exact K]
// (think's default exact root scores; --bounds: exactRootScores false, as the brain uses them;
// --exact K: the best K exact, as the site's AI with K = 8)
// Games start from bin/match/openings-15.txt (in turn) and restart when decided or after 120 stones.
// Reports max, p99, p90 and median overrun (took − limit) and how many moves came more than 50 ms late.
import { readFileSync } from "node:fs";
import { think } from "../engine/search/think";
import type { Color, Position, Stone } from "../engine/types";
import { parseMoveString } from "../lib/shared/notation";
import { readArgs } from "./cli/args";

function args(argv: string[]) {
  const o: { moves: number; time: number; exact: boolean | number } = { moves: 500, time: 1000, exact: true };
  for (const { name, value, raw } of readArgs(argv, ["moves", "time", "exact"])) {
    if (name === "moves") o.moves = Number(value);
    else if (name === "time") o.time = Number(value);
    else if (name === "bounds") o.exact = false;
    else if (name === "exact" && Number(value) >= 1) o.exact = Math.floor(Number(value));
    else throw new Error(`unknown option ${raw} (known: --moves N, --time MS, --bounds, --exact K)`);
  }
  if (!(o.moves > 0) || !(o.time > 0)) throw new Error("--moves and --time need positive numbers");
  return o;
}

const o = args(process.argv.slice(2));
const openings = readFileSync(new URL("./match/openings-15.txt", import.meta.url), "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"));
let opening = 0;
const fresh = (): Stone[] => parseMoveString(openings[opening++ % openings.length], 15).map((p, i) => ({ ...p, color: (i % 2 === 0 ? 1 : 2) as Color }));

const over: number[] = [];
let stones = fresh();
let late = 0;
const t0 = performance.now();
for (let i = 0; i < o.moves; i++) {
  const toMove = (stones.length % 2 === 0 ? 1 : 2) as Color;
  const pos: Position = { size: 15, rule: "freestyle", stones: [...stones], toMove };
  const start = performance.now();
  const r = think(pos, { timeMs: o.time, exactRootScores: o.exact });
  const took = performance.now() - start;
  over.push(took - o.time);
  if (took > o.time + 50) {
    late++;
    console.log(`  late: move ${i + 1} (${stones.length} stones) took ${took.toFixed(1)} ms, depth ${r.depth}, nodes ${r.nodes}`);
  }
  if (!r.move || r.score.kind !== "eval" || stones.length >= 120) stones = fresh();
  else stones.push({ ...r.move, color: toMove });
  if ((i + 1) % 50 === 0) console.log(`  ${i + 1}/${o.moves} moves, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
const s = [...over].sort((a, b) => a - b);
const q = (f: number) => s[Math.min(s.length - 1, Math.floor(f * s.length))];
const ms = (v: number) => `${v >= 0 ? "+" : ""}${v.toFixed(1)} ms`;
console.log(
  `${o.moves} moves at ${o.time} ms (exactRootScores ${o.exact}): overrun max ${ms(s[s.length - 1])}, p99 ${ms(q(0.99))}, ` +
    `p90 ${ms(q(0.9))}, median ${ms(q(0.5))}; ${late} over limit + 50 ms`,
);
