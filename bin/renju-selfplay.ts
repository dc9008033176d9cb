// Renju self-play sanity: many fast engine-vs-engine games under renju, every ply checked by the
// match referee (engine/rules.ts on plain data, not the searcher's board). Counts illegal moves
// (must be 0), results, and how often black stood next to a forbidden point it avoided.
// Run: npm run selfplay:renju -- --games 500 --nodes 1500 [--size 15] [--seed 1] [--algo alphabeta]
import { play, isAlgo, type Algo } from "../engine/play";
import { cellsOf, forbiddenPoints } from "../engine/rules";
import type { Color, Position, Stone } from "../engine/types";
import { Referee } from "./match/referee";
import { readArgs } from "./cli/args";
import { toolUsage } from "./cli/i18n";

const HELP = toolUsage("selfplayRenju"); // messages/<locale>/lab.json, by LC_ALL / LC_MESSAGES / LANG

function rng(seed: number) {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 2 ** 32;
  };
}

const KNOWN = ["games", "nodes", "size", "seed", "algo"];
const flags: Record<string, string> = {};
for (const arg of readArgs(process.argv.slice(2), KNOWN, { h: "help" })) {
  if (arg.name === "help") {
    console.log(HELP);
    process.exit(0);
  }
  if (arg.name === null || !KNOWN.includes(arg.name) || arg.value === undefined) {
    console.error(`renju-selfplay: bad argument ${arg.raw}\n\n${HELP}`);
    process.exit(2);
  }
  flags[arg.name] = arg.value;
}
const games = Number(flags.games ?? 500);
const nodes = Number(flags.nodes ?? 1500);
const size = Number(flags.size ?? 15);
const seed = Number(flags.seed ?? 1);
const algo = (flags.algo ?? "alphabeta") as Algo;
if (!isAlgo(algo)) throw new Error(`--algo is alphabeta, mcts or casual`);
for (const [name, v] of [
  ["games", games],
  ["nodes", nodes],
  ["size", size],
  ["seed", seed],
] as const)
  if (!Number.isInteger(v) || v < 1 || (name === "size" && (v < 7 || v > 19)))
    throw new Error(`--${name} must be a positive whole number${name === "size" ? " from 7 to 19" : ""}`);

const random = rng(seed);
const tally = { black: 0, white: 0, draw: 0, illegal: 0, plies: 0, forbiddenSeen: 0 };
const illegal: string[] = [];
const t0 = performance.now();
for (let g = 0; g < games; g++) {
  const ref = new Referee(size, "renju");
  // A random opening: 3 stones within the central 5×5 (black, white, black), then white to move.
  const c = Math.floor(size / 2);
  while (ref.moves.length < 3) {
    const p = { x: c - 2 + Math.floor(random() * 5), y: c - 2 + Math.floor(random() * 5) };
    if (ref.cells[p.y * size + p.x] === 0) ref.play(p);
  }
  let result: "black" | "white" | "draw" | null = null;
  while (!result) {
    const stones: Stone[] = ref.moves.map((m, i) => ({ ...m, color: (i % 2 === 0 ? 1 : 2) as Color }));
    const toMove = ref.toMove;
    const position: Position = { size, rule: "renju", stones, toMove };
    if (toMove === 1 && forbiddenPoints(size, cellsOf(size, stones)).length > 0) tally.forbiddenSeen++;
    const a = play(position, { algo, maxNodes: nodes, maxIterations: nodes, exactRootScores: false });
    if (!a.move) {
      result = "draw";
      break;
    }
    const r = ref.play(a.move);
    tally.plies++;
    if (r.kind === "illegal") {
      tally.illegal++;
      illegal.push(`game ${g + 1} ply ${ref.moves.length + 1}: ${r.reason}`);
      result = toMove === 1 ? "white" : "black";
    } else if (r.kind === "win") result = toMove === 1 ? "black" : "white";
    else if (r.kind === "draw") result = "draw";
  }
  tally[result]++;
}
const secs = (performance.now() - t0) / 1000;
console.log(`renju self-play: ${games} games on ${size}×${size}, ${algo}, ${nodes} nodes a move, seed ${seed}, ${secs.toFixed(1)} s`);
console.log(`  black wins ${tally.black}, white wins ${tally.white}, draws ${tally.draw}; ${tally.plies} plies`);
console.log(`  black to move with a forbidden point on the board: ${tally.forbiddenSeen} times`);
console.log(`  illegal moves: ${tally.illegal}`);
for (const line of illegal.slice(0, 10)) console.log(`    ${line}`);
process.exitCode = tally.illegal === 0 ? 0 : 1;
