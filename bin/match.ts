// Match runner: two Gomocup brains play each other, each opening twice with colours swapped.
//   npm run match -- --a "bin/pbrain-gomoku-arena" --b "bin/pbrain-gomoku-arena" --tc-a 1000 --tc-b 250 \
//     --size 15 --games 24 --openings bin/match/openings-15.txt
// Brain commands run through the shell, so they may carry options and environment settings:
//   --b "bin/pbrain-gomoku-arena --depth 4"   --b "GOMOKU_ARENA_ENGINE=simple bin/pbrain-gomoku-arena"
// SPRT (B is the change, A the base; stops when the test decides, docs/engine-log.md "Testing changes"):
//   npm run match -- --sprt elo0=0 elo1=5 --a "<base brain>" --b "<changed brain>" --tc 100 --max-games 2000
import { existsSync } from "node:fs";
import type { Rule } from "../engine/types";
import { isValidSize } from "../engine/rules";
import { movesToString } from "../lib/shared/notation";
import { BrainProcess } from "./match/brain-process";
import { readOpenings } from "./match/openings";
import { REPEAT_LIMIT, RepeatWatch } from "./match/repeats";
import { type GameRecord, type Player, runMatch } from "./match/runner";
import { formatStats } from "./match/stats";
import { DEFAULT_SPRT, type Penta, type SprtParams, eloEstimate, formatSprt, pairIndex, sprtState } from "./match/sprt";
import { readArgs } from "./cli/args";
import { toolUsage } from "./cli/i18n";

const HELP = toolUsage("match"); // messages/<locale>/lab.json, by LC_ALL / LC_MESSAGES / LANG

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
  sprt: SprtParams | null;
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
    "max-games",
  ];
  const flags: Record<string, string> = {};
  let verbose = false;
  let sprt: SprtParams | null = null;
  for (const arg of readArgs(argv, known, { h: "help" })) {
    if (arg.name === "help") {
      console.log(HELP);
      process.exit(0);
    }
    if (arg.name === "verbose") verbose = true;
    else if (arg.name === "sprt") sprt = { ...DEFAULT_SPRT };
    else if (arg.name === null && sprt && /^(elo0|elo1|alpha|beta)=/.test(arg.raw)) {
      const [k, v] = arg.raw.split("=") as [keyof SprtParams, string];
      const n = Number(v);
      if (v === "" || !Number.isFinite(n)) throw new Error(`--sprt ${k} needs a number, got "${v}"`);
      if ((k === "alpha" || k === "beta") && !(n > 0 && n < 0.5)) throw new Error(`--sprt ${k} must be in (0, 0.5), got ${v}`);
      sprt[k] = n;
    } else if (arg.name === null || !arg.raw.startsWith("--")) throw new Error(`unexpected argument "${arg.raw}"`);
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
  if (rule !== "freestyle" && rule !== "exact5" && rule !== "renju") throw new Error(`--rule is freestyle, exact5 or renju`);
  const tc = int("tc", 1000, 0);
  const game = int("game-time", 0, 0);
  if (sprt && sprt.elo1 <= sprt.elo0) throw new Error(`--sprt needs elo1 > elo0 (got ${sprt.elo0}, ${sprt.elo1})`);
  if (!sprt && flags["max-games"] !== undefined) throw new Error("--max-games is for --sprt (use --games)");
  const maxGames = int("max-games", 2000, 2);
  let openings: string | undefined = flags.openings;
  if (sprt && openings === undefined) {
    // Freestyle: the balanced openings (npm run openings:balanced, issue 33) if there are some for the
    // size; else the rule's own file if there is one, else the board size's.
    const balanced = rule === "freestyle" ? [`bin/match/openings-balanced-${size}.txt`] : [];
    const files = [...balanced, `bin/match/openings-${size}-${rule}-sprt.txt`, `bin/match/openings-${size}-sprt.txt`];
    openings = files.find((f) => existsSync(f));
  }
  return {
    a: flags.a,
    b: flags.b,
    size,
    games: sprt ? maxGames + (maxGames % 2) : int("games", 2, 1),
    tcA: int("tc-a", tc, 0),
    tcB: int("tc-b", tc, 0),
    gameA: int("game-time-a", game, 0),
    gameB: int("game-time-b", game, 0),
    grace: int("grace", 500, 0),
    startup: int("startup", 30_000, 1),
    openings,
    maxMoves: int("max-moves", 0, 0),
    rule,
    verbose,
    sprt,
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
  const sprt = args.sprt;
  const penta: Penta = [0, 0, 0, 0, 0];
  let verdict: string | null = null;
  // Pairs that replay earlier pairs move for move are held back (bin/match/repeats.ts).
  const repeats = new RepeatWatch<number>();
  let repeatStop = "";
  if (sprt) {
    console.log(
      `SPRT: H0 elo = ${sprt.elo0}, H1 elo = ${sprt.elo1} (B vs A, logistic Elo), alpha ${sprt.alpha}, beta ${sprt.beta}; pentanomial GSPRT, at most ${args.games} games`,
    );
    if (openings.length * 2 < args.games)
      console.log(`note: ${openings.length} openings for up to ${args.games / 2} pairs: openings repeat after ${openings.length} pairs`);
  }
  // B's points in a game (1, ½, 0): SPRT figures are from B's side (the change).
  const forB = (g: GameRecord) => (g.winner === "B" ? 1 : g.winner === null ? 0.5 : 0);
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
    stop: (played) => {
      if (played.length % 2 !== 0) return false;
      const [g1, g2] = played.slice(-2);
      const seen = repeats.pair(g1, g2, pairIndex(forB(g1), forB(g2)));
      const pair = played.length / 2;
      if (seen.kind === "stop") {
        repeatStop =
          `stopped: the last ${REPEAT_LIMIT} pairs replayed earlier pairs move for move (deterministic brains: a node or depth budget?), ` +
          `so more games add nothing; ${sprt ? "those pairs are not counted" : "the result above counts them"}. Use more openings or a time control.`;
        console.log(`  pair ${pair}: ${repeatStop}`);
        return true;
      }
      if (!sprt) return false;
      if (seen.kind === "held") {
        console.log(`  pair ${pair}: repeats an earlier pair move for move: held back (${seen.held} in a row)`);
        return false;
      }
      for (const k of seen.items) penta[k]++;
      const st = sprtState(penta, sprt);
      console.log(`  pair ${pair}: B's pentanomial [LL ${penta.join(", ")} WW]  ${formatSprt(penta, sprt)}`);
      if (st.verdict) verdict = st.verdict;
      return st.verdict !== null;
    },
  });
  const reasons = new Map<string, number>();
  for (const g of games) {
    // Cut at the first "(" (a string search: a regular expression for it backtracks on many "(").
    const reason = g.reason.replace(/^[AB] /, "");
    const paren = reason.indexOf("(");
    const key = (paren < 0 ? reason : reason.slice(0, paren).trimEnd()).replace(/ move .*/, " move");
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  console.log("");
  console.log(`Result for A: ${formatStats(stats)}`);
  if (repeatStop) console.log(repeatStop);
  // Held pairs when the match ended at --max-games: no proof they are copies, so they count.
  if (sprt && !repeatStop) for (const k of repeats.release()) penta[k]++;
  if (sprt) {
    const pairs = penta.reduce((x, y) => x + y, 0);
    const e = eloEstimate(penta);
    const st = sprtState(penta, sprt);
    const what =
      verdict === "H1"
        ? `H1 accepted: B is better than A by elo1 = ${sprt.elo1} or more`
        : verdict === "H0"
          ? `H0 accepted: B is not better than A by elo1 = ${sprt.elo1} (rejected)`
          : repeatStop
            ? `no verdict: stopped on repeated pairs after ${games.length} games`
            : `no verdict after ${games.length} games (--max-games)`;
    console.log(
      `SPRT (elo0=${sprt.elo0}, elo1=${sprt.elo1}, alpha=${sprt.alpha}, beta=${sprt.beta}): ${what}; ${pairs} pairs, ` +
        `LLR ${st.llr.toFixed(2)} [${st.lower.toFixed(2)}, ${st.upper.toFixed(2)}], B's pentanomial [${penta.join(", ")}], ` +
        `B's score ${(e.score * 100).toFixed(1)}%, Elo ${e.elo.toFixed(1)} [${e.lo.toFixed(1)}, ${e.hi.toFixed(1)}] (95%)`,
    );
  }
  console.log(`Endings: ${[...reasons].map(([k, n]) => `${k} ${n}`).join(", ")}  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  console.log("Games:");
  for (const g of games) console.log(gameLine(g, args.size));
  process.exit(0);
}

void main();
