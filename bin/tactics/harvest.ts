// Harvest tactics positions from fast engine self-play, each verified by the solver (./verify.ts):
// long wins by fours (9–17 plies, no win within 7) and defences where only one move holds.
//   npm run tactics:harvest -- --seed 1 --games 60 [--nodes 6000] [--noise 0.12] [--small 0.2]
//                              [--per-game 2] [--book 0.7] [--branch 0] [--defend 1] [--cap 30] [--out FILE]
// Reproducible from the seed: openings of 3–5 random stones near the centre (15×15, and 11×11 for
// a `--small` share of the games; a `--book` share start from bin/match's balanced SPRT openings), then think() with a node limit (deterministic), a random nearby
// move instead with probability `--noise` in the first 20 plies. Every position of every game is
// scanned, both sides; duplicates (the same stones up to the board's 8 symmetries) are dropped.
// `--branch K`: also, at every position, K one-move deviations (the side to move plays a random
// point near the stones instead of the game's move) are scanned for long wins of the opponent
// (ids "-dev-"): a long VCF is rare on the games' own path. `--defend P`: the share of positions
// checked for a one-move defence (the check costs a few exhaustive searches); `--max-open N`: give
// a defence up when more than N moves survive the cheap proofs (each then needs a 7-ply search). `--cap N`: the data file keeps at most N
// positions per kind and length, alternating colours.
// `--from a.jsonl,b.jsonl --out FILE`: no self-play; merge the JSON lines of earlier runs (each
// run's stdout), drop duplicates across them, and write the data file (so runs can share cores);
// `--drop id,id`: leave these out too (refuted by a deeper check than verify.ts affords).
// Freestyle only: the solver does not know exact5's overline rule.
// Without --out: one JSON line per position found; with --out: also the TypeScript data file.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { think } from "../../engine/search/think";
import { mulberry32Float } from "../../engine/board/zobrist";
import type { Color, Point, Stone } from "../../engine/types";
import { movesToString, toLabel } from "../../lib/shared/notation";
import { readArgs } from "../cli/args";
import { toolUsage } from "../cli/i18n";
import { readOpenings } from "../match/openings";
import { Referee } from "../match/referee";
import { sizeOf, stonesOf, type Tactic } from "./positions";
import { canonicalKey } from "../puzzles/positions";
import { ThreatSolver } from "../../engine/puzzles/solver";
import { longWinByFours, onlyDefence, type OnlyDefence } from "./verify";

interface Options {
  seed: number;
  games: number;
  nodes: number;
  noise: number;
  small: number;
  perGame: number;
  book: number;
  branch: number;
  cap: number;
  defend: number;
  maxOpen: number;
  from: string;
  drop: string;
  out: string;
}

function options(argv: string[]): Options {
  const o: Options = {
    seed: 1,
    games: 40,
    nodes: 6000,
    noise: 0.12,
    small: 0.2,
    perGame: 2,
    book: 0.7,
    branch: 0,
    cap: 30,
    defend: 1,
    maxOpen: Infinity,
    from: "",
    drop: "",
    out: "",
  };
  const numeric = ["seed", "games", "nodes", "noise", "small", "per-game", "book", "branch", "cap", "defend", "max-open"] as const;
  for (const a of readArgs(argv, [...numeric, "out", "from", "drop"], { h: "help" })) {
    if (a.name === "help") {
      console.log(toolUsage("tacticsHarvest"));
      process.exit(0);
    }
    if (a.name === null || a.value === undefined) throw new Error(`unexpected argument "${a.raw}"`);
    if (a.name === "out") o.out = a.value;
    else if (a.name === "from") o.from = a.value;
    else if (a.name === "drop") o.drop = a.value;
    else if ((numeric as readonly string[]).includes(a.name)) {
      const v = Number(a.value);
      if (!Number.isFinite(v) || v < 0) throw new Error(`--${a.name} must be a number ≥ 0`);
      if (a.name === "per-game") o.perGame = v;
      else if (a.name === "max-open") o.maxOpen = v;
      else o[a.name as Exclude<(typeof numeric)[number], "per-game" | "max-open">] = v;
    } else throw new Error(`unknown option ${a.raw}`);
  }
  return o;
}

interface Found {
  tactic: Tactic;
  kind: "win" | "defence";
}

function stonesString(stones: readonly Stone[], color: Color, size: number): string {
  return movesToString(
    stones.filter((s) => s.color === color),
    size,
  );
}

/** The SPRT matches' balanced openings (bin/match), one of which starts a `--book` share of the games. */
const OPENINGS: Record<number, Point[][]> = {
  15: readOpenings(fileURLToPath(new URL("../match/openings-15-sprt.txt", import.meta.url)), 15, "freestyle"),
  11: readOpenings(fileURLToPath(new URL("../match/openings-11-sprt.txt", import.meta.url)), 11, "freestyle"),
};

const colourName = (c: Color) => (c === 1 ? "black" : "white");

/** The empty points within 2 of a stone. */
function nearPoints(size: number, cells: Uint8Array): Point[] {
  const near: Point[] = [];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (cells[y * size + x]) continue;
      let close = false;
      for (let dy = -2; dy <= 2 && !close; dy++)
        for (let dx = -2; dx <= 2 && !close; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          close = xx >= 0 && yy >= 0 && xx < size && yy < size && cells[yy * size + xx] !== 0;
        }
      if (close) near.push({ x, y });
    }
  return near;
}

/** One self-play game, reproducible from `rand`; returns its moves. */
function selfPlay(size: number, rand: () => number, o: Options): Point[] {
  const ref = new Referee(size, "freestyle");
  const c = Math.floor(size / 2);
  const book = OPENINGS[size];
  if (rand() < o.book) for (const p of book[Math.floor(rand() * book.length)]) ref.play(p);
  const openingStones = 3 + Math.floor(rand() * 3);
  while (ref.moves.length < openingStones) {
    const p = { x: c - 2 + Math.floor(rand() * 5), y: c - 2 + Math.floor(rand() * 5) };
    if (!ref.cells[p.y * size + p.x]) ref.play(p);
  }
  const nodes = Math.round(o.nodes * (0.5 + rand()));
  while (!ref.finished) {
    let move: Point | null = null;
    if (ref.moves.length < 20 && rand() < o.noise) {
      const near = nearPoints(size, ref.cells);
      move = near[Math.floor(rand() * near.length)] ?? null;
    }
    if (!move) {
      const stones: Stone[] = ref.moves.map((m, i) => ({ ...m, color: i % 2 === 0 ? 1 : 2 }));
      move = think({ size, rule: "freestyle", stones, toMove: ref.toMove }, { maxNodes: nodes, exactRootScores: false }).move;
    }
    if (!move) break;
    ref.play(move);
  }
  return ref.moves;
}

function main(): void {
  let o: Options;
  try {
    o = options(process.argv.slice(2));
  } catch (e) {
    console.error(`tactics:harvest: ${(e as Error).message}`);
    process.exit(2);
  }
  if (o.from) mergeRuns(o);
  else harvest(o);
}

/**
 * `--from`: the runs' positions merged. Duplicates up to symmetry, and more than one position from the
 * same game position (the deviations from one position are near copies), are dropped; every position
 * is verified again with the solver as it stands (./verify.ts), a defence's line rewritten from the new verdict.
 */
function mergeRuns(o: Options): void {
  const seenKeys = new Set<string>();
  const merged: Tactic[] = [];
  for (const file of o.from.split(",")) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const t = JSON.parse(line) as Tactic;
      const k = canonicalKey(sizeOf(t), stonesOf(t), t.toMove);
      const origin = /-(s\d+g\d+p\d+)/.exec(t.id)?.[1] ?? t.id;
      if (seenKeys.has(k) || seenKeys.has(origin) || o.drop.split(",").includes(t.id)) continue;
      seenKeys.add(k);
      seenKeys.add(origin);
      merged.push(t);
    }
  }
  let dropped = 0;
  const kept = select(merged, o.cap, (t) => {
    const checked = recheck(t);
    if (!checked) dropped++;
    return checked;
  });
  if (o.out) writeFileSync(o.out, dataFile(kept, o));
  console.error(`${merged.length} distinct positions merged, ${dropped} dropped by the solver, ${kept.length} kept (at most ${o.cap} per kind and length)`);
}

/** A position verified again by the solver (a defence's line rewritten from the new verdict), or null: dropped. */
function recheck(t: Tactic): Tactic | null {
  const size = sizeOf(t);
  if (t.kind === "defence") {
    const d = onlyDefence(size, stonesOf(t), t.toMove);
    if (typeof d === "string" || d.move !== t.solutions[0] || d.threat !== t.plies) {
      console.error(`dropped ${t.id}: ${typeof d === "string" ? d : JSON.stringify(d)}`);
      return null;
    }
    return { ...t, line: defenceLine(d) };
  }
  const w = longWinByFours(size, stonesOf(t), t.toMove);
  if (typeof w === "string" || w.plies !== t.plies || w.solutions.join(" ") !== [...t.solutions].sort().join(" ")) {
    console.error(`dropped ${t.id}: ${typeof w === "string" ? w : JSON.stringify(w)}`);
    return null;
  }
  return t;
}

/** A self-play run's state: the seeded random source, the positions seen and found, why positions were not long wins. */
interface Harvest {
  o: Options;
  rand: () => number;
  seen: Set<string>;
  found: Found[];
  reasons: Map<string, number>;
}

/** Self-play: every game's positions scanned; one JSON line per position found, and the data file with --out. */
function harvest(o: Options): void {
  const h: Harvest = { o, rand: mulberry32Float(o.seed), seen: new Set(), found: [], reasons: new Map() };
  const started = Date.now();
  for (let g = 0; g < o.games; g++) {
    const size = h.rand() < o.small ? 11 : 15;
    const moves = selfPlay(size, h.rand, o);
    scanGame(h, size, moves, g);
    console.error(
      `game ${g + 1}/${o.games} (${size}×${size}, ${moves.length} plies): ${h.found.filter((f) => f.kind === "win").length} wins, ${h.found.filter((f) => f.kind === "defence").length} defences, ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }
  const vcf = [...h.reasons].filter(([r]) => r.startsWith("a VCF in")).sort();
  console.error(
    `positions not kept as long wins: ${[...h.reasons]
      .filter(([r]) => !r.startsWith("a VCF in"))
      .map(([r, n]) => `${r} ×${n}`)
      .join(", ")}; ${vcf.map(([r, n]) => `${r} ×${n}`).join(", ")}`,
  );
  if (o.out)
    writeFileSync(
      o.out,
      dataFile(
        h.found.map((f) => f.tactic),
        o,
      ),
    );
}

/** Every position of one game from ply 6, both sides: long wins (also after deviations, `--branch`) and only defences, at most `--per-game` each. */
function scanGame(h: Harvest, size: number, moves: Point[], g: number): void {
  const { o, rand, seen } = h;
  const n = { wins: 0, devWins: 0, defences: 0 };
  for (let ply = 6; ply < moves.length; ply++) {
    const stones: Stone[] = moves.slice(0, ply).map((m, i) => ({ ...m, color: i % 2 === 0 ? 1 : 2 }));
    const toMove: Color = ply % 2 === 0 ? 1 : 2;
    const key = canonicalKey(size, stones, toMove);
    if (seen.has(key)) continue;
    const where = `s${o.seed}g${g}p${ply}`;
    if (o.branch > 0 && n.devWins < o.perGame) {
      const cells = new Uint8Array(size * size);
      for (const st of stones) cells[st.y * size + st.x] = st.color;
      const near = nearPoints(size, cells).filter((p) => p.x !== moves[ply].x || p.y !== moves[ply].y);
      for (let b = 0; b < o.branch && near.length && n.devWins < o.perGame; b++) {
        const p = near.splice(Math.floor(rand() * near.length), 1)[0];
        const after: Stone[] = [...stones, { ...p, color: toMove }];
        const k = canonicalKey(size, after, (3 - toMove) as Color);
        if (seen.has(k)) continue;
        const deviation = `after ${toLabel(p, size)} instead of ${toLabel(moves[ply], size)}`;
        if (longWin(h, size, after, (3 - toMove) as Color, k, `${where}x${toLabel(p, size)}`, deviation)) n.devWins++;
      }
    }
    if (n.wins < o.perGame && longWin(h, size, stones, toMove, key, where, "")) {
      n.wins++;
      continue;
    }
    if (n.defences < o.perGame && rand() < o.defend && cheapThreat(size, stones, toMove) && onlyMove(h, size, stones, toMove, key, where)) n.defences++;
  }
}

/** A long win by fours for `toMove` here (`dev`: the deviation that led here, "" for the game's own position): found and printed. */
function longWin(h: Harvest, size: number, stones: Stone[], toMove: Color, key: string, where: string, dev: string): boolean {
  const w = longWinByFours(size, stones, toMove);
  if (typeof w === "string") {
    h.reasons.set(w, (h.reasons.get(w) ?? 0) + 1);
    return false;
  }
  h.seen.add(key);
  const tactic: Tactic = {
    id: `w${w.plies}-sp${dev ? "-dev" : ""}-vcf-${colourName(toMove)}${size === 15 ? "" : `-${size}x${size}`}-${where}`,
    title: `self-play${size === 15 ? "" : ` (${size}×${size})`}${dev ? `, ${dev}` : ""}: ${colourName(toMove)} wins by fours in ${w.plies}, ${w.solutions.length} first move(s), no win within 7`,
    black: stonesString(stones, 1, size),
    white: stonesString(stones, 2, size),
    toMove,
    ...(size === 15 ? {} : { size }),
    plies: w.plies,
    solutions: w.solutions,
    line: `solver's VCF: ${w.line.join(" ")}`,
    kind: "win",
  };
  h.found.push({ tactic, kind: "win" });
  console.log(JSON.stringify(tactic));
  return true;
}

/** Only one move holds `toMove` against the opponent's threat here: found and printed. */
function onlyMove(h: Harvest, size: number, stones: Stone[], toMove: Color, key: string, where: string): boolean {
  const d = onlyDefence(size, stones, toMove, h.o.maxOpen, false); // the 9-ply check: at the merge
  if (typeof d === "string") return false;
  h.seen.add(key);
  const base = { black: stonesString(stones, 1, size), white: stonesString(stones, 2, size), toMove, ...(size === 15 ? {} : { size }) };
  const tactic: Tactic = {
    id: `d${d.threat}-sp-only-move-${colourName(toMove)}${size === 15 ? "" : `-${size}x${size}`}-${where}`,
    title: `self-play${size === 15 ? "" : ` (${size}×${size})`}: ${colourName(toMove)} must stop a win in ${d.threat}; only ${d.move} holds`,
    ...base,
    plies: d.threat,
    solutions: [d.move],
    line: defenceLine(d),
    kind: "defence",
  };
  h.found.push({ tactic, kind: "defence" });
  console.log(JSON.stringify(tactic));
  return true;
}

function defenceLine(d: OnlyDefence): string {
  return `${d.move} holds (no opponent win within ${d.holdPlies} plies${d.holdPlies < 9 ? ", no verdict at 9" : ""}, no VCF); the other ${d.searched - 1} moves near the threat lose (a VCF or a win within 7), the rest to the threat itself`;
}

/** A quick filter before onlyDefence: the opponent threatens a win within 5 or by fours, and neither side has a four on the board. */
function cheapThreat(size: number, stones: Stone[], toMove: Color): boolean {
  const s = new ThreatSolver(size, stones);
  const att = (3 - toMove) as Color;
  if (s.fivePoints(att, 1).length || s.fivePoints(toMove, 1).length) return false;
  return s.wins(att, 5) || s.winsByFours(att, 17);
}

/** At most `cap` positions per kind and length, taking the two colours in turn; with `check`, only
 * the positions it returns (re-verified, possibly rewritten) count. */
function select(tactics: Tactic[], cap: number, check: (t: Tactic) => Tactic | null = (t) => t): Tactic[] {
  const buckets = new Map<string, Tactic[][]>();
  for (const t of tactics) {
    const k = `${t.kind}/${t.plies}`;
    const b = buckets.get(k) ?? [[], []];
    b[t.toMove - 1].push(t);
    buckets.set(k, b);
  }
  const out: Tactic[] = [];
  for (const [black, white] of buckets.values())
    for (let i = 0, n = 0; n < cap && (i < black.length || i < white.length); i++) {
      for (const side of [black, white])
        if (i < side.length && n < cap) {
          const t = check(side[i]);
          if (t) {
            out.push(t);
            n++;
          }
        }
    }
  return out;
}

function dataFile(tactics: Tactic[], o: Options): string {
  const sorted = [...tactics].sort((a, b) => (a.kind === b.kind ? a.plies - b.plies || a.id.localeCompare(b.id) : a.kind === "win" ? -1 : 1));
  const how = o.from
    ? `npm run tactics:harvest -- --from ${o.from} --cap ${o.cap}${o.drop ? ` --drop ${o.drop}` : ""}: the runs are listed in docs/engine-log.md`
    : `npm run tactics:harvest -- --seed ${o.seed} --games ${o.games} --nodes ${o.nodes} --noise ${o.noise} --small ${o.small} --per-game ${o.perGame} --book ${o.book} --branch ${o.branch} --defend ${o.defend}${o.maxOpen === Infinity ? "" : ` --max-open ${o.maxOpen}`} --cap ${o.cap}`;
  return `// Generated by bin/tactics/harvest.ts (${how}).
// Every position verified by the solver (bin/tactics/verify.ts); re-check with npm run bench:tactics -- --only sp- --verify.
import type { Tactic } from "./tactic";

export const HARVESTED: Tactic[] = ${JSON.stringify(sorted, null, 2)};
`;
}

main();
