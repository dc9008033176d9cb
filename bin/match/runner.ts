// Plays games between two Gomocup brains and adjudicates them.
import type { Point, Rule } from "../../engine/types";
import { movesToString } from "../../lib/shared/notation";
import { BrainProcess, type Reply } from "./brain-process";
import { Referee } from "./referee";
import { type MatchStats, type Tally, matchStats } from "./stats";

export interface Player {
  name: string; // "A" or "B"
  command: string;
  tcMs: number; // per-move time (INFO timeout_turn); 0 = "as fast as possible"
  /** Time for all of one game's moves (INFO timeout_match, with INFO time_left before each move); 0 = none. */
  gameMs?: number;
  process: BrainProcess;
}

export interface GameOptions {
  size: number;
  rule: Rule;
  maxMoves: number; // draw once this many stones are on the board (0: no cap)
  graceMs: number; // a reply later than tc + grace loses
  startupMs: number; // time for START / RESTART answers (tsx start-up is slow)
}

export interface GameRecord {
  index: number;
  black: string; // player name
  white: string;
  opening: Point[];
  moves: Point[]; // every stone, opening included
  winner: string | null; // player name, null for a draw
  reason: string; // "five", "timeout", "crash", "illegal move …", "full board", "move cap", "start failed …"
  /** Longest think per player (ms, as the manager measured it). */
  maxTimeMs: Record<string, number>;
}

const MOVE_RE = /^(\d+)\s*,\s*(\d+)$/;

function describe(r: Reply): string {
  if (r.kind === "timeout") return "timeout";
  if (r.kind === "exit") return `crash (exit ${r.signal ?? r.code})`;
  return r.line;
}

/** Starts (or restarts) a brain for a new game. Returns an error text or null. */
async function prepare(p: Player, opts: GameOptions): Promise<string | null> {
  const proc = p.process;
  let reply: Reply;
  if (proc.alive) {
    proc.clear();
    proc.send("RESTART");
    reply = await proc.next(opts.startupMs);
    if (!(reply.kind === "line" && reply.line.toUpperCase() === "OK")) {
      // Some brains do not know RESTART: start them afresh.
      proc.kill();
      proc.start();
      proc.send(`START ${opts.size}`);
      reply = await proc.next(opts.startupMs);
    }
  } else {
    proc.start();
    proc.send(`START ${opts.size}`);
    reply = await proc.next(opts.startupMs);
  }
  if (!(reply.kind === "line" && reply.line.toUpperCase() === "OK")) return `start failed: ${describe(reply)}`;
  proc.send(`INFO timeout_turn ${p.tcMs}`);
  proc.send(`INFO timeout_match ${p.gameMs ?? 0}`);
  proc.send("INFO max_memory 0");
  proc.send("INFO game_type 1");
  proc.send(`INFO rule ${opts.rule === "renju" ? 4 : opts.rule === "exact5" ? 1 : 0}`);
  return null;
}

export async function playGame(index: number, black: Player, white: Player, opening: Point[], opts: GameOptions): Promise<GameRecord> {
  const ref = new Referee(opts.size, opts.rule, opts.maxMoves);
  for (const m of opening) {
    const r = ref.play(m);
    if (r.kind !== "ok") throw new Error(`opening ${movesToString(opening, opts.size)} is not playable`);
  }
  const record: GameRecord = {
    index,
    black: black.name,
    white: white.name,
    opening,
    moves: ref.moves,
    winner: null,
    reason: "",
    maxTimeMs: { [black.name]: 0, [white.name]: 0 },
  };
  const players = [black, white];
  for (const [i, p] of players.entries()) {
    const err = await prepare(p, opts);
    if (err) {
      p.process.kill();
      return { ...record, winner: players[1 - i].name, reason: `${p.name} ${err}` };
    }
  }
  const told = new Set<string>();
  const used: Record<string, number> = { [black.name]: 0, [white.name]: 0 };
  for (;;) {
    const mover = ref.toMove === 1 ? black : white;
    const opponent = mover === black ? white : black;
    const proc = mover.process;
    proc.clear();
    // The reply deadline: the turn time, or what is left of the game time if less, plus the grace.
    let limit = mover.tcMs > 0 ? mover.tcMs : 60_000;
    if (mover.gameMs) {
      const left = Math.max(0, Math.round(mover.gameMs - used[mover.name]));
      proc.send(`INFO time_left ${left}`);
      limit = Math.min(limit, left);
    }
    if (!told.has(mover.name)) {
      told.add(mover.name);
      if (ref.moves.length === 0) proc.send("BEGIN");
      else {
        proc.send("BOARD");
        const myColor = ref.toMove;
        ref.moves.forEach((m, i) => proc.send(`${m.x},${m.y},${(i % 2 === 0 ? 1 : 2) === myColor ? 1 : 2}`));
        proc.send("DONE");
      }
    } else {
      const last = ref.moves[ref.moves.length - 1];
      proc.send(`TURN ${last.x},${last.y}`);
    }
    const t0 = performance.now();
    const reply = await proc.next(limit + opts.graceMs);
    const spent = performance.now() - t0;
    used[mover.name] += spent;
    record.maxTimeMs[mover.name] = Math.max(record.maxTimeMs[mover.name], spent);
    const lose = (reason: string) => ({ ...record, moves: [...ref.moves], winner: opponent.name, reason: `${mover.name} ${reason}` });
    if (reply.kind !== "line") {
      proc.kill(); // a timed-out brain might answer later: start it afresh next game
      const why = proc.stderr.trim().split("\n").pop()?.slice(0, 120);
      return lose(reply.kind === "timeout" ? `timeout (no move in ${limit + opts.graceMs} ms)` : `${describe(reply)}${why ? `: ${why}` : ""}`);
    }
    const m = MOVE_RE.exec(reply.line);
    if (!m) {
      proc.kill();
      return lose(`illegal reply "${reply.line.slice(0, 80)}"`);
    }
    const r = ref.play({ x: Number(m[1]), y: Number(m[2]) });
    if (r.kind === "illegal") {
      proc.kill();
      return lose(`illegal move ${m[1]},${m[2]} (${r.reason})`);
    }
    if (r.kind === "win") return { ...record, moves: [...ref.moves], winner: mover.name, reason: "five" };
    if (r.kind === "draw") return { ...record, moves: [...ref.moves], winner: null, reason: r.reason };
  }
}

export interface MatchOptions extends GameOptions {
  games: number;
  openings: Point[][]; // empty: every game from the empty board
  onGame?: (g: GameRecord, tally: Tally) => void;
  /** Asked after each game: true ends the match there (an SPRT that reached a verdict). */
  stop?: (games: readonly GameRecord[]) => boolean;
}

/** Game i plays opening ⌊i/2⌋ (cycling); A is black in even games, B in odd ones. */
export async function runMatch(a: Player, b: Player, opts: MatchOptions): Promise<{ games: GameRecord[]; stats: MatchStats }> {
  const games: GameRecord[] = [];
  const tally: Tally = { wins: 0, draws: 0, losses: 0 };
  try {
    for (let i = 0; i < opts.games; i++) {
      const opening = opts.openings.length ? opts.openings[Math.floor(i / 2) % opts.openings.length] : [];
      const [black, white] = i % 2 === 0 ? [a, b] : [b, a];
      const g = await playGame(i + 1, black, white, opening, opts);
      games.push(g);
      if (g.winner === a.name) tally.wins++;
      else if (g.winner === b.name) tally.losses++;
      else tally.draws++;
      opts.onGame?.(g, { ...tally });
      if (opts.stop?.(games)) break;
    }
  } finally {
    await Promise.all([a.process.stop(), b.process.stop()]);
  }
  return { games, stats: matchStats(tally) };
}
