// Mines puzzles (bin/puzzles/prove.ts) from seeded self-play (freestyle, or `--rule exact5|renju`) on 11, 15, 19 and 20, and
// appends each proven one to the data file as it is found (a run can be stopped and resumed with
// another seed; positions already in the file, up to symmetry, are skipped).
//   npm run puzzles:mine -- --seed 1 --games 40 [--rule freestyle|exact5|renju] [--max-plies 7] [--nodes 4000] [--branch 2] [--per-game 4] [--defend 0.3] [--out FILE]
//   npm run puzzles:mine -- --from a.ndjson,b.ndjson [--out FILE]: no self-play; add those runs' puzzles
//   (each run on its own core) to the data file, without duplicates (up to symmetry) or ids seen before.
//   npm run puzzles:mine -- --tactics [--rule R]: the engine's tactics suite's positions (bin/tactics) that prove as puzzles (under R).
// Every position of every game from ply 8 is tried, for the side to move; `--branch K`: also K random
// nearby moves instead of the game's move (a blunder), then the opponent's position is tried (a
// "missed defence" or "only move" puzzle). Reproducible from the seed: think() with a node limit.
// Run it under `nice -n 15`: it is CPU-bound.
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { forbiddenReason } from "../../engine/rules";
import { mulberry32Float } from "../../engine/board/zobrist";
import { type Color, type Point, type Rule, RULES, type Stone } from "../../engine/types";
import { movesToString } from "../../lib/shared/notation";
import type { PuzzleRecord } from "../../lib/shared/puzzles/puzzle";
import { readArgs } from "../cli/args";
import { prove, stonesOfRecord } from "./prove";
import { nearPoints, pickSize, puzzleKey, selfPlay } from "./positions";
import { ALL_TACTICS, sizeOf, stonesOf as tacticStones } from "../tactics/positions";

export const PUZZLE_FILE = new URL("../../prisma/seed/puzzles.ndjson", import.meta.url);

interface Options {
  seed: number;
  games: number;
  nodes: number;
  branch: number;
  perGame: number;
  defend: number;
  out: string;
  from: string;
  rule: Rule;
  maxPlies: number;
}

function options(argv: string[]): Options {
  const o: Options = {
    seed: 1,
    games: 40,
    nodes: 4000,
    branch: 2,
    perGame: 4,
    defend: 0.3,
    out: PUZZLE_FILE.pathname,
    from: "",
    rule: "freestyle",
    maxPlies: 7,
  };
  for (const a of readArgs(argv, ["seed", "games", "nodes", "branch", "per-game", "defend", "out", "from", "rule", "max-plies"])) {
    if ((a.name === "out" || a.name === "from") && a.value) o[a.name] = a.value;
    else if (a.name === "rule" && RULES.includes(a.value as Rule)) o.rule = a.value as Rule;
    else if (a.name && a.value !== undefined && Number.isFinite(Number(a.value)) && Number(a.value) >= 0)
      o[a.name === "per-game" ? "perGame" : a.name === "max-plies" ? "maxPlies" : (a.name as "seed" | "games" | "nodes" | "branch" | "defend")] = Number(
        a.value,
      );
    else if (a.name !== "tactics") throw new Error(`unexpected argument "${a.raw}"`);
  }
  return o;
}

const keyOf = puzzleKey;

const stonesOf = (moves: Point[]): Stone[] => moves.map((m, i) => ({ ...m, color: i % 2 === 0 ? 1 : 2 }));

function main(): void {
  const o = options(process.argv.slice(2));
  const seen = new Set<string>();
  if (existsSync(o.out))
    for (const line of readFileSync(o.out, "utf8").split("\n").filter(Boolean)) {
      const p = JSON.parse(line) as PuzzleRecord;
      seen.add(keyOf(p.rule, p.size, stonesOfRecord(p), p.toMove));
    }
  if (o.from) return merge(o, seen);
  if (process.argv.includes("--tactics")) return fromTactics(o, seen);
  const rand = mulberry32Float(o.seed);
  const started = Date.now();
  let found = 0;
  let tried = 0;
  for (let g = 0; g < o.games; g++) {
    const size = pickSize(rand());
    const moves = selfPlay(size, o.rule, rand, Math.round(o.nodes * (0.5 + rand())));
    let inGame = 0;
    let short = 0; // wins in 3 (an open four or a double four to make): at most one a game
    const tryPosition = (stones: Stone[], toMove: Color, where: string): void => {
      const key = keyOf(o.rule, size, stones, toMove);
      if (seen.has(key) || inGame >= o.perGame) return;
      seen.add(key);
      tried++;
      const proof = prove(size, stones, toMove, rand() < o.defend, o.rule, o.maxPlies);
      if (typeof proof === "string") return;
      if (proof.theme !== "defend" && proof.plies === 3 && short++ >= 1) return;
      inGame++;
      found++;
      const record: PuzzleRecord = {
        id: `${proof.theme}-${size}-${o.rule === "freestyle" ? "" : `${o.rule}-`}s${o.seed}g${g}${where}`,
        rule: o.rule,
        size,
        toMove,
        black: movesToString(
          stones.filter((s) => s.color === 1),
          size,
        ),
        white: movesToString(
          stones.filter((s) => s.color === 2),
          size,
        ),
        ...proof,
        source: `selfplay ${o.rule === "freestyle" ? "" : `${o.rule} `}seed ${o.seed} game ${g} ${where}`,
      };
      appendFileSync(o.out, `${JSON.stringify(record)}\n`);
    };
    // From the end backwards: the long wins come before the short ones of the same line.
    for (let ply = moves.length - 1; ply >= 8; ply--) {
      const stones = stonesOf(moves.slice(0, ply));
      const toMove: Color = ply % 2 === 0 ? 1 : 2;
      tryPosition(stones, toMove, `p${ply}`);
      for (let b = 0; b < o.branch; b++) {
        const cells = new Uint8Array(size * size);
        for (const st of stones) cells[st.y * size + st.x] = st.color;
        const near = nearPoints(size, cells);
        const p = near[Math.floor(rand() * near.length)];
        if (p && (o.rule !== "renju" || toMove === 2 || !forbiddenReason(size, cells, p)))
          tryPosition([...stones, { ...p, color: toMove }], (3 - toMove) as Color, `p${ply}x${p.x}.${p.y}`);
      }
    }
    console.error(
      `game ${g + 1}/${o.games} (${size}×${size}, ${moves.length} plies): ${found} puzzles of ${tried} positions, ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }
}

/** --from: the runs' puzzles added to --out, those already there (or twice in the runs) left out. */
function merge(o: Options, seen: Set<string>): void {
  const ids = new Set<string>();
  let added = 0;
  for (const file of o.from.split(",")) {
    for (const line of readFileSync(file, "utf8").split("\n").filter(Boolean)) {
      const p = JSON.parse(line) as PuzzleRecord;
      const key = keyOf(p.rule, p.size, stonesOfRecord(p), p.toMove);
      if (seen.has(key) || ids.has(p.id)) continue;
      seen.add(key);
      ids.add(p.id);
      appendFileSync(o.out, `${line}\n`);
      added++;
    }
  }
  console.error(`${added} puzzles added to ${o.out}`);
}

/** The tactics suite's positions (hand-made and harvested) that prove as puzzles here. */
function fromTactics(o: Options, seen: Set<string>): void {
  let added = 0;
  for (const t of ALL_TACTICS) {
    const size = sizeOf(t);
    const stones = tacticStones(t);
    const key = keyOf(o.rule, size, stones, t.toMove);
    if (seen.has(key)) continue;
    seen.add(key);
    const proof = prove(size, stones, t.toMove, true, o.rule);
    if (typeof proof === "string") continue;
    const record: PuzzleRecord = {
      id: `${proof.theme}-${size}-${o.rule === "freestyle" ? "" : `${o.rule}-`}tactics-${t.id}`,
      rule: o.rule,
      size,
      toMove: t.toMove,
      black: movesToString(
        stones.filter((s) => s.color === 1),
        size,
      ),
      white: movesToString(
        stones.filter((s) => s.color === 2),
        size,
      ),
      ...proof,
      source: `tactics suite ${t.id}${o.rule === "freestyle" ? "" : ` under ${o.rule}`}`,
    };
    appendFileSync(o.out, `${JSON.stringify(record)}\n`);
    added++;
  }
  console.error(`${added} of ${ALL_TACTICS.length} tactics positions proven as puzzles`);
}

main();
