// MCTS benchmark: playouts (iterations) per second and tree depth on the 15×15 middle-game
// positions of bench-engine, then short matches between the players of engine/play.ts
// (alpha-beta vs MCTS, and each against the casual expectimax player), colours alternating.
// Run: npm run bench:mcts   [-- --games 6 --ms 200]   (about two minutes on one core)
import { play, type Algo } from "../engine/play";
import { formatScore } from "../engine/score";
import { replay } from "../engine/rules";
import type { Color, Point, Stone } from "../engine/types";
import { MIDDLE_GAMES } from "./bench/positions";
import { readArgs } from "./cli/args";

const given = readArgs(process.argv.slice(2), ["games", "ms", "search"]);
/** The first --name N, when a positive number; else the default. */
const arg = (name: string, dflt: number): number => {
  const v = Number(given.find((a) => a.name === name)?.value);
  return Number.isFinite(v) && v > 0 ? v : dflt;
};
const GAMES = arg("games", 6);
const MOVE_MS = arg("ms", 200);
const SEARCH_MS = arg("search", 1000);

const POSITIONS = MIDDLE_GAMES;
const label = (p: Point | null) => (p ? `${String.fromCharCode(97 + p.x)}${15 - p.y}` : "-");
const pad = (s: string | number, n: number) => String(s).padStart(n);

console.log(`MCTS bench: ${SEARCH_MS} ms searches (3 runs each)\n`);
console.log(
  `${"position".padEnd(28)} ${pad("playouts/s", 11)} ${pad("playouts", 9)} ${pad("depth", 6)}  move  score   top (visits, win rate)        | alpha-beta move`,
);
for (const [name, pos] of POSITIONS) {
  const rates: number[] = [];
  let last = play(pos, { algo: "mcts", timeMs: SEARCH_MS });
  rates.push(last.nodes / (last.timeMs / 1000));
  for (let i = 0; i < 2; i++) {
    last = play(pos, { algo: "mcts", timeMs: SEARCH_MS, seed: i + 2 });
    rates.push(last.nodes / (last.timeMs / 1000));
  }
  rates.sort((a, b) => a - b);
  const ab = play(pos, { algo: "alphabeta", timeMs: SEARCH_MS });
  const top = (last.top ?? [])
    .slice(0, 3)
    .map((t) => `${label(t.move)} ${t.visits} ${(t.winRate * 100).toFixed(0)}%`)
    .join(", ");
  console.log(
    `${name.padEnd(28)} ${pad(Math.round(rates[1]), 11)} ${pad(last.nodes, 9)} ${pad(last.depth, 6)}  ${label(last.move).padEnd(4)}  ${formatScore(last.score).padEnd(6)}  ${top.padEnd(30)}| ${label(ab.move)} (${formatScore(ab.score)}, depth ${ab.depth})`,
  );
}

/** Opening stones for game g: the centre plus two stones around it, varied by g (both colours alike per pair). */
function opening(g: number): Stone[] {
  const c = 7;
  const ring: Array<[number, number]> = [
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [-1, -1],
    [0, -1],
    [1, -1],
  ];
  const k = Math.floor(g / 2);
  const [ax, ay] = ring[k % 8];
  const [bx, by] = ring[(k * 3 + 2) % 8];
  return [
    { x: c, y: c, color: 1 },
    { x: c + ax, y: c + ay, color: 2 },
    { x: c + 2 * bx, y: c + 2 * by, color: 1 },
  ];
}

function match(a: Algo, b: Algo) {
  const score = { [a]: 0, [b]: 0, draw: 0 } as Record<string, number>;
  const times: Record<string, number[]> = { [a]: [], [b]: [] };
  let plies = 0;
  for (let g = 0; g < GAMES; g++) {
    // Each opening twice, with the players' colours swapped.
    const first = g % 2 === 0 ? a : b;
    const second = g % 2 === 0 ? b : a;
    const open = opening(g);
    const moves: Point[] = [];
    let winner: Color | null;
    for (;;) {
      const { position, outcome } = replay(15, "freestyle", open, moves, 2);
      if (outcome.winner || outcome.full) {
        winner = outcome.winner;
        break;
      }
      const who = position.toMove === 1 ? first : second;
      const r = play(position, { algo: who, timeMs: MOVE_MS });
      times[who].push(r.timeMs);
      if (!r.move) throw new Error(`${who} returned no move`);
      moves.push(r.move);
    }
    plies += moves.length;
    if (winner === null) score.draw++;
    else score[winner === 1 ? first : second]++;
    process.stdout.write(".");
  }
  const avg = (xs: number[]) => Math.round(xs.reduce((t, x) => t + x, 0) / Math.max(1, xs.length));
  const max = (xs: number[]) => Math.round(Math.max(...xs));
  console.log(
    `\n${a} ${score[a]} – ${score[b]} ${b}${score.draw ? ` (${score.draw} drawn)` : ""}   ${GAMES} games, ${Math.round(plies / GAMES)} plies on average; ` +
      `time per move avg/max: ${a} ${avg(times[a])}/${max(times[a])} ms, ${b} ${avg(times[b])}/${max(times[b])} ms`,
  );
}

console.log(`\nMatches on 15×15 freestyle, ${MOVE_MS} ms a move, ${GAMES} games each (3-stone openings, colours swapped):`);
match("alphabeta", "mcts");
match("mcts", "casual");
match("alphabeta", "casual");
