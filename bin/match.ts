// Match runner: two Gomocup brains play each other, each opening twice with colours swapped.
//   npm run match -- --a "bin/pbrain-gomoku-arena" --b "bin/pbrain-gomoku-arena" --tc-a 1000 --tc-b 250 \
//     --size 15 --games 24 --openings bin/match/openings-15.txt
// Brain commands run through the shell, so they may carry options and environment settings:
//   --b "bin/pbrain-gomoku-arena --depth 4"   --b "GOMOKU_ARENA_ENGINE=simple bin/pbrain-gomoku-arena"
import type { Rule } from "../engine/types";
import { isValidSize } from "../engine/rules";
import { movesToString } from "../lib/shared/notation";
import { BrainProcess } from "./match/brain-process";
import { readOpenings } from "./match/openings";
import { type GameRecord, type Player, runMatch } from "./match/runner";
import { formatStats } from "./match/stats";
import { readArgs } from "./cli/args";

const HELP = `usage: npm run match -- --a "<brain command>" --b "<brain command>" [options]
  --size N          board size (default 15)
  --games N         games to play (default 2); opening k is game 2k-1 (A black) and 2k (B black)
  --tc MS           per-move time for both (INFO timeout_turn, default 1000)
  --tc-a MS, --tc-b MS   per-move time for one side
  --game-time MS    also a time for all of a brain's moves in one game (INFO timeout_match,
                    INFO time_left before every move); --game-time-a / --game-time-b per side
  --grace MS        extra time before a late reply loses (default 500)
  --startup MS      time allowed for START/RESTART answers (default 30000)
  --openings FILE   one opening per line as a move string ("h8i9h9"); default: empty board
  --max-moves N     draw once N stones are on the board (default: the full board)
  --rule R          freestyle (default) or exact5
  --verbose         print each brain's MESSAGE lines`;

interface Args {
  a: string;
  b: string;
  size: number;
  games: number;
  tcA: number;
  tcB: number;
  gameA: number;
  gameB: number;
  grace: number;
  startup: number;
  openings?: string;
  maxMoves: number;
  rule: Rule;
  verbose: boolean;
}

function parseArgs(argv: string[]): Args {
  const known = [
    "a",
    "b",
    "size",
    "games",
    "tc",
    "tc-a",
    "tc-b",
    "game-time",
    "game-time-a",
    "game-time-b",
    "grace",
    "startup",
    "openings",
    "max-moves",
    "rule",
  ];
  const flags: Record<string, string> = {};
  let verbose = false;
  for (const arg of readArgs(argv, known, { h: "help" })) {
    if (arg.name === "help") {
      console.log(HELP);
      process.exit(0);
    }
    if (arg.name === "verbose") verbose = true;
    else if (arg.name === null || !arg.raw.startsWith("--")) throw new Error(`unexpected argument "${arg.raw}"`);
    else if (!known.includes(arg.name)) throw new Error(`unknown option --${arg.name}`);
    else if (arg.value === undefined) throw new Error(`--${arg.name} needs a value`);
    else flags[arg.name] = arg.value;
  }
  const int = (k: string, def: number, min = 0): number => {
    if (flags[k] === undefined) return def;
    const n = Number(flags[k]);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${k} needs an integer ≥ ${min}, got "${flags[k]}"`);
    return n;
  };
  if (!flags.a || !flags.b) throw new Error("both --a and --b are needed");
  const size = int("size", 15, 5);
  if (!isValidSize(size)) throw new Error(`--size must be 5..19`);
  const rule = (flags.rule ?? "freestyle") as Rule;
  if (rule !== "freestyle" && rule !== "exact5") throw new Error(`--rule is freestyle or exact5`);
  const tc = int("tc", 1000, 0);
  const game = int("game-time", 0, 0);
  return {
    a: flags.a,
    b: flags.b,
    size,
    games: int("games", 2, 1),
    tcA: int("tc-a", tc, 0),
    tcB: int("tc-b", tc, 0),
    gameA: int("game-time-a", game, 0),
    gameB: int("game-time-b", game, 0),
    grace: int("grace", 500, 0),
    startup: int("startup", 30_000, 1),
    openings: flags.openings,
    maxMoves: int("max-moves", 0, 0),
    rule,
    verbose,
  };
}

export function gameLine(g: GameRecord, size: number): string {
  const result = g.winner === null ? "½-½" : g.winner === g.black ? "1-0" : "0-1";
  return `${String(g.index).padStart(3)}. ${g.black}(black)-${g.white}(white) ${result} ${g.reason.padEnd(10)} ${movesToString(g.moves, size)}`;
}

async function main(): Promise<void> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`match: ${(e as Error).message}\n\n${HELP}`);
    process.exit(2);
  }
  const openings = args.openings ? readOpenings(args.openings, args.size, args.rule) : [];
  const a: Player = { name: "A", command: args.a, tcMs: args.tcA, gameMs: args.gameA, process: new BrainProcess(args.a) };
  const b: Player = { name: "B", command: args.b, tcMs: args.tcB, gameMs: args.gameB, process: new BrainProcess(args.b) };
  const stopAll = () => {
    a.process.kill();
    b.process.kill();
    process.exit(130);
  };
  process.on("SIGINT", stopAll);
  process.on("SIGTERM", stopAll);
  const tcText = (tc: number, game: number) => `tc ${tc} ms per move${game ? `, ${game} ms per game` : ""}`;
  console.log(`A: ${args.a}  (${tcText(args.tcA, args.gameA)})`);
  console.log(`B: ${args.b}  (${tcText(args.tcB, args.gameB)})`);
  console.log(
    `${args.games} games, ${args.size}x${args.size} ${args.rule}, ${openings.length ? `${openings.length} openings from ${args.openings}` : "empty board"}, grace ${args.grace} ms${args.maxMoves ? `, draw at ${args.maxMoves} stones` : ""}`,
  );
  const t0 = performance.now();
  const { games, stats } = await runMatch(a, b, {
    size: args.size,
    rule: args.rule,
    maxMoves: args.maxMoves,
    graceMs: args.grace,
    startupMs: args.startup,
    games: args.games,
    openings,
    onGame: (g, t) => {
      const res = g.winner === null ? "draw" : `${g.winner} wins`;
      const slow = Object.entries(g.maxTimeMs)
        .map(([n, ms]) => `${n} ${Math.round(ms)}`)
        .join(", ");
      console.log(
        `game ${g.index}/${args.games}: ${g.black} black vs ${g.white} white, opening ${movesToString(g.opening, args.size) || "-"}: ${res} (${g.reason}, ${g.moves.length} stones; slowest move ms: ${slow})  running A-B ${t.wins + t.draws / 2}-${t.losses + t.draws / 2} (+${t.wins} =${t.draws} -${t.losses})`,
      );
      if (args.verbose) for (const p of [a, b]) for (const m of p.process.takeMessages()) console.log(`  ${p.name}: ${m}`);
      else for (const p of [a, b]) p.process.takeMessages();
    },
  });
  const reasons = new Map<string, number>();
  for (const g of games) {
    const key = g.reason
      .replace(/^[AB] /, "")
      .replace(/\s*\(.*$/, "")
      .replace(/ move .*/, " move");
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  console.log("");
  console.log(`Result for A: ${formatStats(stats)}`);
  console.log(`Endings: ${[...reasons].map(([k, n]) => `${k} ${n}`).join(", ")}  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  console.log("Games:");
  for (const g of games) console.log(gameLine(g, args.size));
  process.exit(0);
}

void main();
