// Balanced openings: positions our own deep search scores near zero for the side to move, both colours.
// Candidates: every three-stone line near the centre (black h8, white next to it straight or diagonally,
// black's second stone within --radius of it (2: the 26 classic openings; 4 by default, since our search
// finds nearly every close third stone winning for black), one per symmetry class) plus the lines
// of bin/match/openings-15.txt; each is scored by a fixed-depth search (reproducible, unlike a time
// budget on a busy machine). A line with white to move is kept when |score| ≤ band; then white's best
// reply gives a four-stone line with black to move, kept under the same test, so both colours start.
//   npm run openings:balanced                       (writes bin/match/openings-balanced-15.txt)
//   npm run openings:balanced -- --depth 10 --band 150 --radius 3 --out /tmp/o.txt
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { think } from "../../engine/search/think";
import type { Analysis, Point, Position, Stone } from "../../engine/types";
import { movesToString } from "../../lib/shared/notation";
import { parseOpenings } from "./openings";

const SIZE = 15;
const C = 7; // h8

/** The eight symmetries of the square board. */
const SYMMETRIES: ((p: Point) => Point)[] = [
  (p) => p,
  (p) => ({ x: SIZE - 1 - p.x, y: p.y }),
  (p) => ({ x: p.x, y: SIZE - 1 - p.y }),
  (p) => ({ x: SIZE - 1 - p.x, y: SIZE - 1 - p.y }),
  (p) => ({ x: p.y, y: p.x }),
  (p) => ({ x: SIZE - 1 - p.y, y: p.x }),
  (p) => ({ x: p.y, y: SIZE - 1 - p.x }),
  (p) => ({ x: SIZE - 1 - p.y, y: SIZE - 1 - p.x }),
];

/** One key per symmetry class: the smallest of the eight images (stones by colour, sorted). */
export function canonicalKey(moves: readonly Point[]): string {
  const keys = SYMMETRIES.map((f) =>
    moves
      .map((m, i) => ({ c: i % 2, p: f(m) }))
      .map(({ c, p }) => `${c}:${String(p.y * SIZE + p.x).padStart(3, "0")}`)
      .sort()
      .join(" "),
  );
  return keys.sort()[0]!;
}

/** Three-stone lines: h8, white straight or diagonal next to it, black's second within `radius` of h8 (2: the 26 classic ones). */
export function threeStoneLines(radius: number): Point[][] {
  const out: Point[][] = [];
  for (const white of [
    { x: C, y: C + 1 },
    { x: C + 1, y: C + 1 },
  ])
    for (let y = C - radius; y <= C + radius; y++)
      for (let x = C - radius; x <= C + radius; x++) {
        if ((x === C && y === C) || (x === white.x && y === white.y)) continue;
        out.push([{ x: C, y: C }, white, { x, y }]);
      }
  return out;
}

/** The freestyle position after `moves` (black first). */
function positionOf(moves: Point[]): Position {
  const stones: Stone[] = moves.map((m, i) => ({ ...m, color: i % 2 === 0 ? 1 : 2 }));
  return { size: SIZE, rule: "freestyle", stones, toMove: moves.length % 2 === 0 ? 1 : 2 };
}

function score(a: Analysis): number | null {
  return a.score.kind === "eval" ? a.score.value : null;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      depth: { type: "string", default: "10" },
      band: { type: "string", default: "150" },
      radius: { type: "string", default: "4" },
      extra: { type: "string", default: "bin/match/openings-15.txt" },
      out: { type: "string", default: "bin/match/openings-balanced-15.txt" },
      // Wider sets for deterministic (node-limited) matches, which replay an opening move for move:
      // each kept line is also continued by the side to move's best `--wide` moves (exact scores at
      // depth --depth − 2) and the other side's best reply to each, kept under the same test.
      wide: { type: "string", default: "0" },
    },
  });
  const depth = Number(values.depth);
  const band = Number(values.band);
  if (!Number.isInteger(depth) || depth < 1) throw new Error(`--depth needs an integer ≥ 1, got "${values.depth}"`);
  const wide = Number(values.wide);
  if (!Number.isInteger(wide) || wide < 0) throw new Error(`--wide needs an integer ≥ 0, got "${values.wide}"`);
  const radius = Number(values.radius);
  if (!Number.isInteger(radius) || radius < 1 || radius > C) throw new Error(`--radius needs an integer 1..${C}, got "${values.radius}"`);
  if (!(band >= 0)) throw new Error(`--band needs a number ≥ 0, got "${values.band}"`);
  const candidates = [...threeStoneLines(radius), ...(values.extra ? parseOpenings(readFileSync(values.extra, "utf8"), SIZE, "freestyle") : [])];
  const seen = new Set<string>();
  const kept: { moves: Point[]; score: number }[] = [];
  const judge = (moves: Point[]): Analysis => think(positionOf(moves), { maxDepth: depth, exactRootScores: false });
  /** Judges a line not seen before (in any symmetry): its analysis when kept, else null. */
  const consider = (moves: Point[]): Analysis | null => {
    const key = canonicalKey(moves);
    if (seen.has(key)) return null;
    seen.add(key);
    const a = judge(moves);
    const s = score(a);
    const ok = s !== null && Math.abs(s) <= band;
    console.error(`${movesToString(moves, SIZE).padEnd(12)} ${moves.length % 2 === 0 ? "black" : "white"} to move: ${s ?? a.score.kind}${ok ? "  kept" : ""}`);
    if (!ok) return null;
    kept.push({ moves, score: s });
    return a;
  };
  const widen = (moves: Point[]): void => {
    if (wide === 0) return;
    const a = think(positionOf(moves), { maxDepth: Math.max(1, depth - 2), exactRootScores: wide });
    for (const r of a.rootScores.slice(0, wide)) {
      const next = [...moves, r.move];
      const reply = judge(next);
      if (reply.move && score(reply) !== null && Math.abs(score(reply)!) <= band * 2) consider([...next, reply.move]);
    }
  };
  for (const line of candidates) {
    const a = consider(line);
    // White's best reply: a four-stone line with black to move (both colours start balanced positions).
    if (a?.move) {
      widen(line);
      const four = [...line, a.move];
      if (consider(four)) widen(four);
    }
  }
  const header = [
    `# ${kept.length} balanced 15x15 freestyle openings (black first; the side to move after the last stone),`,
    `# each scored within ±${band} for the side to move by a depth-${depth} search (exactRootScores false).`,
    `# Remake: npm run openings:balanced -- --depth ${depth} --band ${band} --radius ${radius}${wide ? ` --wide ${wide}` : ""}   (bin/match/make-balanced-openings.ts)`,
    `# Candidates: the three-stone lines with black's second stone within ${radius} of h8 and ${values.extra || "no extra file"}, one per symmetry class;`,
    `# white's best reply to a kept three-stone line gives a four-stone line (black to move), kept under the same test.`,
    ...(wide
      ? [
          `# Each kept line also continued by its side to move's best ${wide} moves (exact at depth ${Math.max(1, depth - 2)}) and the reply to each, kept under the same test.`,
        ]
      : []),
  ];
  const body = kept.map((k) => `${movesToString(k.moves, SIZE).padEnd(12)} # ${k.moves.length % 2 === 0 ? "black" : "white"} to move, ${k.score}`);
  writeFileSync(values.out!, [...header, ...body, ""].join("\n"));
  console.error(`${kept.length} of ${seen.size} positions kept: ${values.out}`);
}

if (process.argv[1]?.endsWith("make-balanced-openings.ts")) main();
