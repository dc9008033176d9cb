// Puzzles mined from analysed games (issue 29): when a game's analysis ends (lib/server/analysis, on
// the node or the `npm run worker:analysis` process that ran it, never on a request), the positions
// before its "missed-win" plies (the mover had a forced win and played something else) and its
// "only" plies (one move held) are proven with the engine's prove() (engine/puzzles, the proof of
// `npm run puzzles:mine` and `puzzles:verify`), one at a time on a worker thread of their own
// (./prove-worker: the lowest CPU priority, a heap cap, a time cap). A proven position becomes a
// rated puzzle (its game and ply kept), served like the shipped ones.
//
// Bounded: at most PER_GAME positions a game, `perOwnerDay` a day per owner (who asked for the
// analysis, else the importer, else the game's first player), QUEUE_MAX waiting in all, and owners
// served in turn (one party's flood waits behind everyone else's next position). A position already a
// puzzle up to the 8 symmetries (per rule: engine/puzzles/key), shipped or mined, is not proven again;
// the database's unique key settles two nodes mining the same one. A proof past its caps is dropped:
// its thread is stopped (piscina starts another when needed) and the next position goes on.
import { createHash } from "node:crypto";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { Db } from "../db/client";
import type { Logger } from "../log";
import { realClock, type Clock } from "../time";
import { puzzleKey, type Color, type Point, type Rule, type Stone } from "../../../engine";
import { movesToString, parseMoveString } from "../../shared/notation";
import type { ProofAnswer, ProofTask } from "./prove-worker";
import { newPuzzle } from "./rate";
import { readSeed } from "./seed";
import { dayOf } from "./daily";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Positions proven from one game at most (its first missed wins and only moves). */
export const PER_GAME = 4;
/** Positions waiting for a proof, all owners together; more are dropped (counted as refused). */
export const QUEUE_MAX = 64;
/** The analysis marks whose positions are tried. */
const MINED_MARKS = ["missed-win", "only"];

export interface MiningSettings {
  /** A proof running longer than this (ms, from its start on the thread) is stopped and dropped. */
  proofMs: number;
  /** The proof thread's heap cap (MB): over it, the thread dies and the position is dropped. */
  proofMb: number;
  /** Positions one owner's games may have proven a day (UTC). */
  perOwnerDay: number;
  /** The worker entry (tests: a stand-in); default ./prove-worker.mjs. */
  worker?: string;
}

export interface MiningStats {
  /** Positions queued, proofs run, puzzles added. */
  queued: number;
  proofs: number;
  added: number;
  /** Positions skipped: already a puzzle (up to symmetry), over the owner's day, the queue full. */
  duplicates: number;
  overOwner: number;
  queueFull: number;
  /** Proofs that found no puzzle, and proofs stopped by a cap (time or memory). */
  unproven: number;
  overCap: number;
  /** The last 1,000 proofs in the order they ran: the position, the time on the thread (null: stopped), what came of it. */
  recent: Array<{
    gameId: string;
    ply: number;
    ms: number | null;
    heapMb: number | null;
    result: "added" | "unproven" | "over-cap" | "duplicate";
    /** Unproven: the prover's reason ("no win", "2 first moves win in 5", "too short"…). */
    reason?: string;
  }>;
}

interface Task extends ProofTask {
  gameId: string;
  ply: number;
  key: string;
  owner: string;
}

export class PuzzleMiner {
  readonly stats: MiningStats = { queued: 0, proofs: 0, added: 0, duplicates: 0, overOwner: 0, queueFull: 0, unproven: 0, overCap: 0, recent: [] };
  /** Waiting positions per owner; owners take turns (`turns`: their order). */
  private readonly waiting = new Map<string, Task[]>();
  private turns: string[] = [];
  private size = 0;
  private running = false;
  private closed = false;
  /** Keys of every puzzle (shipped and mined) and of every position queued by this process; read once, then kept up to date. */
  private keys: Promise<Set<string>> | null = null;
  private day = "";
  private readonly today = new Map<string, number>();
  private pool: Piscina | null = null;
  private idlers: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly settings: MiningSettings,
    private readonly log: Logger,
    private readonly clock: Clock = realClock,
  ) {}

  /** The game's analysis is done: queue its missed wins' and only moves' positions (how many). Never throws. */
  async gameAnalysed(gameId: string): Promise<number> {
    try {
      return await this.collect(gameId);
    } catch (err) {
      this.log.warn({ err, gameId }, "puzzle mining: the game could not be read");
      return 0;
    }
  }

  private async collect(gameId: string): Promise<number> {
    if (this.closed) return 0;
    const [game, job, marks] = await Promise.all([
      this.db.game.findUnique({
        where: { id: gameId },
        select: { size: true, rule: true, opening: true, importedById: true, blackPlayerId: true, whitePlayerId: true },
      }),
      this.db.analysisJob.findUnique({ where: { gameId }, select: { requestedBy: true, requestedIp: true } }),
      this.db.moveAnalysis.findMany({ where: { gameId, mark: { in: MINED_MARKS } }, orderBy: { ply: "asc" }, select: { ply: true, color: true, mark: true } }),
    ]);
    if (!game || !marks.length) return 0;
    const owner = job?.requestedBy
      ? `player:${job.requestedBy}`
      : game.importedById
        ? `player:${game.importedById}`
        : job?.requestedIp
          ? `ip:${job.requestedIp}`
          : `player:${game.blackPlayerId ?? game.whitePlayerId ?? gameId}`;
    const moves = await this.db.move.findMany({ where: { gameId }, orderBy: { ply: "asc" }, select: { ply: true, x: true, y: true, color: true } });
    const opening = JSON.parse(game.opening) as Array<Point & { color: number }>;
    const keys = await this.keySet();
    const rule = game.rule as Rule;
    let added = 0;
    for (const m of marks.slice(0, PER_GAME)) {
      const stones: Stone[] = [...opening, ...moves.filter((x) => x.ply < m.ply)].map((s) => ({ x: s.x, y: s.y, color: s.color as Color }));
      const toMove = m.color as Color;
      const key = puzzleKey(rule, game.size, stones, toMove);
      if (keys.has(key)) {
        // A puzzle already, or queued (or tried) here before.
        this.stats.duplicates++;
        continue;
      }
      if (this.size >= QUEUE_MAX) {
        this.stats.queueFull++;
        continue;
      }
      if (!this.countForOwner(owner)) {
        this.stats.overOwner++;
        continue;
      }
      keys.add(key);
      this.push({ gameId, ply: m.ply, key, owner, size: game.size, rule, stones, toMove, defend: m.mark === "only" });
      added++;
    }
    this.pump();
    return added;
  }

  /** Counts one position for the owner today; false when over the day's cap (kept by this process: each analysing process has its own). */
  private countForOwner(owner: string): boolean {
    const day = dayOf(this.clock.now());
    if (day !== this.day) {
      this.day = day;
      this.today.clear();
    }
    const n = this.today.get(owner) ?? 0;
    if (n >= this.settings.perOwnerDay) return false;
    this.today.set(owner, n + 1);
    return true;
  }

  /** The keys of every puzzle known: the shipped file's (the database may not have loaded it yet) and the database's. */
  private keySet(): Promise<Set<string>> {
    return (this.keys ??= (async () => {
      const set = new Set<string>();
      const add = (p: { rule: string; size: number; black: string; white: string; toMove: number }) => {
        const stones: Stone[] = [
          ...parseMoveString(p.black, p.size).map((q) => ({ ...q, color: 1 as Color })),
          ...parseMoveString(p.white, p.size).map((q) => ({ ...q, color: 2 as Color })),
        ];
        set.add(puzzleKey(p.rule as Rule, p.size, stones, p.toMove as Color));
      };
      for (const p of readSeed()) add(p);
      // Mined ones carry their key; a shipped row is the file's (above); "game-" rows are a player's own, unproven.
      for (const r of await this.db.puzzle.findMany({ where: { key: { not: null } }, select: { key: true } })) set.add(r.key!);
      return set;
    })().catch((err: unknown) => {
      this.keys = null;
      throw err;
    }));
  }

  private push(t: Task): void {
    const list = this.waiting.get(t.owner);
    if (list) list.push(t);
    else {
      this.waiting.set(t.owner, [t]);
      this.turns.push(t.owner);
    }
    this.size++;
    this.stats.queued++;
  }

  /** The next owner's next position (owners in turn). */
  private shift(): Task | null {
    const owner = this.turns.shift();
    if (!owner) return null;
    const list = this.waiting.get(owner)!;
    const t = list.shift()!;
    if (list.length) this.turns.push(owner);
    else this.waiting.delete(owner);
    this.size--;
    return t;
  }

  /** One proof at a time, on the thread. */
  private pump(): void {
    if (this.running || this.closed) return;
    const t = this.shift();
    if (!t) {
      for (const done of this.idlers.splice(0)) done();
      return;
    }
    this.running = true;
    void this.prove(t)
      .catch((err: unknown) => this.log.warn({ err, gameId: t.gameId, ply: t.ply }, "puzzle mining: could not store a puzzle"))
      .finally(() => {
        this.running = false;
        this.pump();
      });
  }

  private threads(): Piscina {
    if (this.pool) return this.pool;
    this.pool = new Piscina({
      filename: this.settings.worker ?? path.join(here, "prove-worker.mjs"),
      minThreads: 0,
      maxThreads: 1,
      // The thread goes when idle: its heap (a proof can grow it to the cap) is given back.
      idleTimeout: 5_000,
      resourceLimits: { maxOldGenerationSizeMb: this.settings.proofMb },
    });
    // A thread that dies (its heap cap) fails its task (./prove drops the position); the pool reports it here too.
    this.pool.on("error", (err: Error) => this.log.info({ err: err.message }, "puzzle mining: the proof thread stopped"));
    return this.pool;
  }

  private async prove(t: Task): Promise<void> {
    const { gameId, ply, key, owner: _owner, ...task } = t;
    let answer: ProofAnswer;
    this.stats.proofs++;
    const done = (result: MiningStats["recent"][number]["result"], a: ProofAnswer | null) =>
      (this.stats.recent = [
        ...this.stats.recent.slice(-999),
        { gameId, ply, ms: a?.ms ?? null, heapMb: a?.heapMb ?? null, result, ...(a?.reason ? { reason: a.reason } : {}) },
      ]);
    // The time cap counts from the proof's start on the thread (a fresh thread's start-up is not the proof's).
    const { port1, port2 } = new MessageChannel();
    const stop = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    port1.once("message", () => (timer = setTimeout(() => stop.abort(new Error("over the time cap")), this.settings.proofMs)));
    try {
      answer = (await this.threads().run({ ...(task satisfies ProofTask), port: port2 }, { signal: stop.signal, transferList: [port2] })) as ProofAnswer;
    } catch (err) {
      if (this.closed) return;
      // Stopped past the time cap, or the thread died past the heap cap: the position is dropped, the key kept (not tried again).
      this.stats.overCap++;
      done("over-cap", null);
      this.log.info({ gameId, ply, err: (err as Error).message }, "puzzle mining: a proof over its cap, dropped");
      return;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
    if (!answer.proof) {
      this.stats.unproven++;
      done("unproven", answer);
      this.log.debug({ gameId, ply, reason: answer.reason, ms: answer.ms }, "puzzle mining: no puzzle");
      return;
    }
    const p = answer.proof;
    // The id does not name the game: its page (and analysis) would show the answer before the try.
    const tag = createHash("sha256").update(`${gameId}/${ply}`).digest("base64url").slice(0, 12);
    const id = `${p.theme}-${t.size}-${t.rule === "freestyle" ? "" : `${t.rule}-`}mined-${tag}`;
    const byColor = (c: Color) =>
      movesToString(
        t.stones.filter((s) => s.color === c),
        t.size,
      );
    try {
      await this.db.puzzle.create({
        data: {
          id,
          rule: t.rule,
          size: t.size,
          toMove: t.toMove,
          black: byColor(1),
          white: byColor(2),
          theme: p.theme,
          plies: p.plies,
          line: JSON.stringify(p.line),
          finish: JSON.stringify(p.finish),
          threat: p.threat ? JSON.stringify(p.threat) : null,
          source: `game ${gameId} ply ${ply}`,
          gameId,
          ply,
          key,
          ...newPuzzle(p.rating),
        },
      });
    } catch (err) {
      // The same position mined by another node (the unique key), or this id already there.
      if ((await this.db.puzzle.count({ where: { OR: [{ key }, { id }] } })) > 0) {
        this.stats.duplicates++;
        done("duplicate", answer);
        return;
      }
      throw err;
    }
    this.stats.added++;
    done("added", answer);
    this.log.info({ gameId, ply, id, theme: p.theme, plies: p.plies, ms: answer.ms, heapMb: answer.heapMb }, "puzzle mined");
  }

  /** Waiting positions (all owners) and whether a proof runs now. */
  backlog(): { waiting: number; running: boolean } {
    return { waiting: this.size, running: this.running };
  }

  /** Resolves when nothing waits or runs (tests, and a worker's orderly stop). */
  idle(): Promise<void> {
    if (!this.running && this.size === 0) return Promise.resolve();
    return new Promise((r) => this.idlers.push(r));
  }

  /** Drops what waits and stops the thread (a running proof is abandoned: its position is mined again by no one). */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.clear();
    this.turns = [];
    this.size = 0;
    for (const done of this.idlers.splice(0)) done();
    await this.pool?.destroy();
  }
}
