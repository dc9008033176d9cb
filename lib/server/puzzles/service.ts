// The puzzle trainer's server side: serve a puzzle (the next near your rating, a given one, the daily
// one, the next of a streak), check a move against the stored line (./check), rate the first try
// (./rate). Hostile callers: a move is taken only for an open attempt of the caller's own; a wrong move
// ends the attempt (no guessing on); only a player's first try at a puzzle is rated (no farming by
// replay); starting attempts is limited per player per minute.
import { randomBytes } from "node:crypto";
import type { Db } from "../db/client";
import { refuse } from "../http/answers";
import type { Clock } from "../time";
import { parseLabel, parseMoveString, toLabel } from "../../shared/notation";
import type { PuzzleTheme } from "../../shared/puzzles/puzzle";
import type { HintView, MoveResult, PuzzleMode, PuzzleView } from "../../shared/puzzles/view";
import type { Rule } from "../../../engine";
import { areaAround, judge, playedOf } from "./check";
import { NEW_PLAYER, ratePuzzleTry } from "./rate";
import { dailyIndex, dayOf } from "./daily";
import { seedPuzzles } from "./seed";

/** Attempts a player may start a minute (a puzzle served again does not count). */
export const PUZZLE_STARTS_PER_MIN = 20;

type PuzzleRow = NonNullable<Awaited<ReturnType<Db["puzzle"]["findUnique"]>>>;
type AttemptRow = NonNullable<Awaited<ReturnType<Db["puzzleAttempt"]["findUnique"]>>>;

export interface NextRequest {
  mode: PuzzleMode;
  theme?: PuzzleTheme;
  /** A given puzzle (a link, the analysis' "try it"). */
  puzzleId?: string;
}

/** Puzzles made from a player's own game (./from-game) are served only to them, by id. */
const SHIPPED = { id: { not: { startsWith: "game-" } } };
/** The daily puzzle comes from the shipped set only: puzzles mined during the day (./mining) do not move it. */
const DAILY = { ...SHIPPED, gameId: null, theme: { in: ["vcf", "vct"] }, plies: { gte: 5 } };

/** A game's own copy (./from-game, served to its player only) names its game in `source`: "game <id> ply <n>". */
function gameCopySource(source: string): { from?: { gameId: string; ply: number } } {
  const m = /^game (\S+) ply (\d+)$/.exec(source);
  return m ? { from: { gameId: m[1], ply: Number(m[2]) } } : {};
}

const solutionOf = (p: PuzzleRow) => ({ line: JSON.parse(p.line) as string[], finish: JSON.parse(p.finish) as string[] });

export class PuzzleService {
  /** The shipped set, loaded on the first puzzle asked for (servers that never serve one skip it). */
  private seeded: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly startsPerMin = PUZZLE_STARTS_PER_MIN,
  ) {}

  async ratingOf(playerId: string) {
    const r = await this.db.puzzleRating.findUnique({ where: { playerId } });
    return r ?? { ...NEW_PLAYER, attempts: 0, solved: 0 };
  }

  /** The player's puzzle to solve now: an open attempt of that mode is served again, else a new one. */
  async next(playerId: string, req: NextRequest): Promise<PuzzleView> {
    await (this.seeded ??= seedPuzzles(this.db).catch((err: unknown) => {
      this.seeded = null;
      throw err;
    }));
    const open = await this.db.puzzleAttempt.findFirst({
      where: { playerId, mode: req.mode, status: "open", ...(req.puzzleId ? { puzzleId: req.puzzleId } : {}) },
      orderBy: { createdAt: "desc" },
    });
    const today = dayOf(this.clock.now());
    if (open && (req.mode !== "daily" || open.createdAt.getTime() >= Date.parse(today))) return this.view(open, today);
    const puzzle = await this.choose(playerId, req, today);
    if (!puzzle) refuse("NOT_FOUND", req.puzzleId ? `There is no puzzle ${req.puzzleId}.` : "There is no puzzle left to serve here.");
    await this.checkStarts(playerId);
    const before = await this.db.puzzleAttempt.count({ where: { playerId, puzzleId: puzzle!.id } });
    const last = req.mode === "streak" ? await this.lastStreak(playerId) : null;
    const attempt = await this.db.puzzleAttempt.create({
      data: {
        id: randomBytes(12).toString("base64url"),
        playerId,
        puzzleId: puzzle!.id,
        mode: req.mode,
        rated: (req.mode === "rated" || req.mode === "daily") && before === 0,
        status: "open",
        streak: last?.status === "solved" ? last.streak + 1 : 0,
        createdAt: new Date(this.clock.now()),
      },
    });
    return this.view(attempt, today, puzzle!);
  }

  private async checkStarts(playerId: string): Promise<void> {
    const since = new Date(this.clock.now() - 60_000);
    const started = await this.db.puzzleAttempt.count({ where: { playerId, createdAt: { gte: since } } });
    if (started >= this.startsPerMin) refuse("RATE_LIMITED", `At most ${this.startsPerMin} puzzles a minute: try again shortly.`);
  }

  private lastStreak(playerId: string) {
    return this.db.puzzleAttempt.findFirst({ where: { playerId, mode: "streak" }, orderBy: { createdAt: "desc" } });
  }

  private async choose(playerId: string, req: NextRequest, today: string): Promise<PuzzleRow | null> {
    if (req.puzzleId) {
      // A game's own copy (./from-game: unproven, its owner's) only through mode "game", which checks the owner.
      if (req.mode !== "game" && req.puzzleId.startsWith("game-")) return null;
      return this.db.puzzle.findUnique({ where: { id: req.puzzleId } });
    }
    if (req.mode === "daily") {
      const n = await this.db.puzzle.count({ where: DAILY });
      if (!n) return null;
      return this.db.puzzle.findFirst({
        where: DAILY,
        orderBy: { id: "asc" },
        skip: dailyIndex(today, n),
      });
    }
    const tried = new Set((await this.db.puzzleAttempt.findMany({ where: { playerId }, select: { puzzleId: true } })).map((a) => a.puzzleId));
    let target: number;
    if (req.mode === "streak") {
      // Harder each time: above the last streak puzzle's rating, from the start after a mistake.
      const last = await this.lastStreak(playerId);
      const lastPuzzle = last?.status === "solved" ? await this.db.puzzle.findUnique({ where: { id: last.puzzleId } }) : null;
      target = lastPuzzle ? lastPuzzle.rating + 30 : 900;
      const up = await this.db.puzzle.findMany({
        where: { ...SHIPPED, rating: { gte: target }, ...(req.theme ? { theme: req.theme } : {}) },
        orderBy: { rating: "asc" },
        take: 60,
      });
      return up.find((p) => !tried.has(p.id)) ?? null;
    }
    target = (await this.ratingOf(playerId)).rating;
    const where = { ...SHIPPED, ...(req.theme ? { theme: req.theme } : {}) };
    const [up, down] = await Promise.all([
      this.db.puzzle.findMany({ where: { ...where, rating: { gte: target } }, orderBy: { rating: "asc" }, take: 40 }),
      this.db.puzzle.findMany({ where: { ...where, rating: { lt: target } }, orderBy: { rating: "desc" }, take: 40 }),
    ]);
    const near = [...up, ...down].filter((p) => !tried.has(p.id)).sort((a, b) => Math.abs(a.rating - target) - Math.abs(b.rating - target));
    // One of the few nearest, so two players of one rating do not march through the same list.
    return near[Math.floor(Math.random() * Math.min(5, near.length))] ?? null;
  }

  private async view(a: AttemptRow, today: string, known?: PuzzleRow): Promise<PuzzleView> {
    const p = known ?? (await this.db.puzzle.findUniqueOrThrow({ where: { id: a.puzzleId } }));
    const me = await this.ratingOf(a.playerId);
    return {
      attemptId: a.id,
      puzzleId: p.id,
      mode: a.mode as PuzzleMode,
      rated: a.rated,
      rule: p.rule as Rule,
      size: p.size,
      toMove: p.toMove as 1 | 2,
      goal: p.theme === "defend" ? "defend" : "win",
      black: p.black,
      white: p.white,
      played: playedOf(solutionOf(p), a.step),
      rating: Math.round(p.rating),
      myRating: Math.round(me.rating),
      streak: a.streak,
      ...(a.mode === "daily" ? { day: today } : {}),
    };
  }

  /** The caller's open attempt, or a refusal that says nothing about anyone else's. */
  private async openAttempt(playerId: string, attemptId: string): Promise<{ a: AttemptRow; p: PuzzleRow }> {
    const a = await this.db.puzzleAttempt.findUnique({ where: { id: attemptId } });
    if (!a || a.playerId !== playerId) return refuse("NOT_FOUND", "No such puzzle attempt of yours: ask for a puzzle first.");
    if (a.status !== "open") refuse("GAME_OVER", "This attempt is over: ask for the next puzzle.");
    return { a, p: await this.db.puzzle.findUniqueOrThrow({ where: { id: a.puzzleId } }) };
  }

  async move(playerId: string, attemptId: string, move: string): Promise<MoveResult> {
    const { a, p } = await this.openAttempt(playerId, attemptId);
    const point = parseLabel(move, p.size);
    if (!point) return refuse("OFF_BOARD", `${move.slice(0, 8)} is not a point of the ${p.size}×${p.size} board.`);
    const sol = solutionOf(p);
    const taken = new Set(
      [...parseMoveString(p.black, p.size), ...parseMoveString(p.white, p.size), ...playedOf(sol, a.step).map((l) => parseLabel(l, p.size)!)].map(
        (q) => q.y * p.size + q.x,
      ),
    );
    if (taken.has(point.y * p.size + point.x)) refuse("OCCUPIED", `${move} is taken.`);
    const label = toLabel(point, p.size); // as the line writes it: "G4 " or "g04" is g4, judged as g4
    const v = judge(sol, a.step, label);
    if (v.kind === "continue") {
      // Only from the step read: two moves sent at once cannot both advance it.
      const moved = await this.db.puzzleAttempt.updateMany({ where: { id: a.id, step: a.step, status: "open" }, data: { step: v.step } });
      if (moved.count !== 1) refuse("WRONG_PLY", "Another move of this attempt came first.");
      return { kind: "continue", reply: v.reply };
    }
    const solved = v.kind === "solved";
    const rating = await this.finish(a, p, solved && a.hints === 0, solved);
    const theme = p.theme as PuzzleTheme;
    const from = p.gameId && p.ply ? { from: { gameId: p.gameId, ply: p.ply } } : gameCopySource(p.source);
    if (solved) return { kind: "solved", line: sol.line, theme, ...(rating ? { rating } : {}), ...from };
    const refutation = p.threat ? (JSON.parse(p.threat) as string[]) : sol.line.slice(a.step);
    return { kind: "failed", line: sol.line, refutation, theme, ...(rating ? { rating } : {}), ...from };
  }

  /** Ends the attempt; a rated one moves both ratings (a hint counts as not solved). */
  private async finish(a: AttemptRow, p: PuzzleRow, won: boolean, solved: boolean) {
    const ended = await this.db.puzzleAttempt.updateMany({
      where: { id: a.id, status: "open" },
      data: { status: solved ? "solved" : "failed", endedAt: new Date(this.clock.now()) },
    });
    if (ended.count !== 1) refuse("GAME_OVER", "This attempt is over: ask for the next puzzle.");
    const me = await this.ratingOf(a.playerId);
    const counts = { attempts: { increment: 1 }, solved: { increment: solved ? 1 : 0 } };
    if (!a.rated) {
      await this.db.puzzleRating.upsert({
        where: { playerId: a.playerId },
        create: { playerId: a.playerId, ...NEW_PLAYER, attempts: 1, solved: solved ? 1 : 0 },
        update: counts,
      });
      return undefined;
    }
    const r = ratePuzzleTry(me, p, won);
    const g = (x: { rating: number; rd: number; vol: number }) => ({ rating: x.rating, rd: x.rd, vol: x.vol });
    await this.db.$transaction([
      this.db.puzzleRating.upsert({
        where: { playerId: a.playerId },
        create: { playerId: a.playerId, ...g(r.player), attempts: 1, solved: solved ? 1 : 0 },
        update: { ...g(r.player), ...counts },
      }),
      this.db.puzzle.update({ where: { id: p.id }, data: { ...g(r.puzzle), plays: { increment: 1 }, solves: { increment: won ? 1 : 0 } } }),
      this.db.puzzleAttempt.update({ where: { id: a.id }, data: { ratingBefore: me.rating, ratingAfter: r.player.rating } }),
    ]);
    return { before: Math.round(me.rating), after: Math.round(r.player.rating) };
  }

  /** First the area of the next move, then the move; a rated attempt with a hint is not counted solved. */
  async hint(playerId: string, attemptId: string): Promise<HintView> {
    const { a, p } = await this.openAttempt(playerId, attemptId);
    await this.db.puzzleAttempt.update({ where: { id: a.id }, data: { hints: { increment: 1 } } });
    const next = solutionOf(p).line[a.step];
    if (a.hints >= 1) return { kind: "move", move: next };
    return { kind: "area", ...areaAround(parseLabel(next, p.size)!, p.size) };
  }
}
