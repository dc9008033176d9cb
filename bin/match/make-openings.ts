// Balanced openings for SPRT matches, reproducible from a seed: N random stones (alternating, black
// first) in the central (2r+1)×(2r+1) square, kept when a shallow search of the side to move scores
// the position within ±maxEval and no side has a forced result; duplicates (same stones) dropped.
// An SPRT needs many distinct openings: a deterministic (node- or depth-limited) pair of engines
// replays the same game from the same opening, and repeats would count one result many times.
//   npx tsx bin/match/make-openings.ts --size 15 --count 400 --seed 1 > bin/match/openings-15-sprt.txt
import { think } from "../../engine/search/think";
import { mulberry32Float } from "../../engine/board/zobrist";
import type { Point, Rule, Stone } from "../../engine/types";
import { movesToString } from "../../lib/shared/notation";
import { readArgs } from "../cli/args";
import { Referee } from "./referee";

export interface OpeningSpec {
  size: number;
  rule: Rule;
  count: number;
  seed: number;
  /** Stones per opening (min..max, chosen at random per opening). */
  minStones: number;
  maxStones: number;
  /** Half-width of the central square the stones are drawn from. */
  radius: number;
  /** Largest |evaluation| (side to move) at the check's depth. */
  maxEval: number;
  depth: number;
}

/** Mulberry32: a small seeded generator, so a file is reproducible from its seed. */
export const rng = mulberry32Float;

export function makeOpenings(o: OpeningSpec): Point[][] {
  const rand = rng(o.seed);
  const c = Math.floor(o.size / 2);
  const out: Point[][] = [];
  const seen = new Set<string>();
  for (let tries = 0; out.length < o.count && tries < o.count * 200; tries++) {
    const n = o.minStones + Math.floor(rand() * (o.maxStones - o.minStones + 1));
    const ref = new Referee(o.size, o.rule);
    const moves: Point[] = [];
    let ok = true;
    while (moves.length < n && ok) {
      const p = { x: c - o.radius + Math.floor(rand() * (2 * o.radius + 1)), y: c - o.radius + Math.floor(rand() * (2 * o.radius + 1)) };
      if (ref.cells[p.y * o.size + p.x] !== 0) continue;
      const r = ref.play(p);
      if (r.kind !== "ok") ok = false;
      else moves.push(p);
    }
    if (!ok) continue;
    const key = moves
      .map((m, i) => `${i % 2}:${m.x},${m.y}`)
      .sort()
      .join(" ");
    if (seen.has(key)) continue;
    const stones: Stone[] = moves.map((m, i) => ({ ...m, color: i % 2 === 0 ? 1 : 2 }));
    const a = think({ size: o.size, rule: o.rule, stones, toMove: n % 2 === 0 ? 1 : 2 }, { maxDepth: o.depth, exactRootScores: false });
    if (a.score.kind !== "eval" || Math.abs(a.score.value) > o.maxEval) continue;
    seen.add(key);
    out.push(moves);
  }
  return out;
}

function main(): void {
  const flags: Record<string, string> = {};
  for (const a of readArgs(process.argv.slice(2), ["size", "rule", "count", "seed", "min", "max", "radius", "max-eval", "depth"])) {
    if (a.name === null || a.value === undefined) throw new Error(`unexpected argument "${a.raw}"`);
    flags[a.name] = a.value;
  }
  const num = (k: string, d: number) => (flags[k] === undefined ? d : Number(flags[k]));
  const spec: OpeningSpec = {
    size: num("size", 15),
    rule: (flags.rule ?? "freestyle") as Rule,
    count: num("count", 400),
    seed: num("seed", 1),
    minStones: num("min", 3),
    maxStones: num("max", 5),
    radius: num("radius", 2),
    maxEval: num("max-eval", 150),
    depth: num("depth", 4),
  };
  const list = makeOpenings(spec);
  console.log(
    `# ${list.length} openings for SPRT matches: npx tsx bin/match/make-openings.ts --size ${spec.size} --rule ${spec.rule} --count ${spec.count} --seed ${spec.seed} ` +
      `--max-eval ${spec.maxEval} --depth ${spec.depth} ` +
      `(${spec.minStones}-${spec.maxStones} random stones within ${spec.radius} of the centre, |eval| <= ${spec.maxEval} at depth ${spec.depth})`,
  );
  for (const m of list) console.log(movesToString(m, spec.size));
}

if (process.argv[1]?.endsWith("make-openings.ts")) main();
