// Engine tournaments (issue 30 part 3; docs/TOURNAMENTS.md): a round robin, or a gauntlet (the first
// configuration against each other one), between AI configurations. Each entrant is a row
// (TournamentPlayer, playerId "engine-<n>", its EngineSettings in `engine`); each game a pairing row.
// The director holding the event's lease plays ONE game at a time (the TV follows it: lib/server/tv),
// made by the game service as an AI match with the TV's id prefix, so it runs on the AI's background
// threads at the TV's priority (games/ai-parties: both seats engines) and anyone can watch it. The
// schedule is a pure function of the row, the next game's pairing id is its number: two directors can
// never start the same game twice (the pairing's primary key decides), and a director that died
// between the pairing row and its game leaves a "starting" row the next one undoes (./games unstick).
import type { Me } from "../../shared/identity";
import { fitElo, type PairResult } from "../../shared/elo-fit";
import { engineLabel } from "../../shared/labels";
import { LEVEL_ELO } from "../../shared/levels";
import type { EngineSettings } from "../../shared/protocol";
import {
  ENGINE_EVENT_LIMITS,
  engineGames,
  type CreateEngineTournamentInput,
  type EngineEventView,
  type EngineFormat,
  CreateEngineTournamentSchema,
} from "../../shared/tournaments";
import { mulberry32Float } from "../../../engine";
import { fail } from "../errors";
import { newGameId } from "../tokens";
import { TV_ID_PREFIX } from "../tv/ids";
import { tvOpening } from "../tv/matches";
import type { PairingRow, EntrantRow, TournamentDeps, TournamentRow } from "./deps";
import { OPEN } from "./deps";

/** Unfinished engine events on the whole site (each plays one game at a time on the background threads). */
export const ENGINE_EVENTS_LIVE_MAX = 4;
/** Events made from one address in a day (every kind counts). */
const PER_ADDRESS_PER_DAY = 10;

export const enginePlayerId = (n: number) => `engine-${n}`;
const indexOf = (playerId: string) => Number(playerId.slice("engine-".length));

/** Who creates: a signed-in visitor (capped) or the operator (Authorization: Bearer OPERATOR_TOKEN). */
export type EngineCreator = { kind: "visitor"; me: Me } | { kind: "operator" };

export interface EngineGame {
  /** Configuration indexes (1-based, as the playerIds). */
  black: number;
  white: number;
  /** Which pairing (0-based) and cycle: both colours of a pairing in a cycle share their opening. */
  pairing: number;
  cycle: number;
}

/** Every game of the event in order: by cycle, by round of the circle method (round robin), each pairing's two colours one after the other. */
export function engineSchedule(format: EngineFormat, configs: number, cycles: number): EngineGame[] {
  const pairs: Array<[number, number]> = [];
  if (format === "gauntlet") for (let j = 2; j <= configs; j++) pairs.push([1, j]);
  else {
    // Circle method: configs in a ring (an odd number: a dummy 0 first, held in place, whose partner sits the round
    // out), one rotation a round, so no one sits out two rounds running; configuration 1 (the Elo anchor) plays at once.
    const ring = [...(configs % 2 ? [0] : []), ...Array.from({ length: configs }, (_, i) => i + 1)];
    const n = ring.length;
    for (let r = 0; r < n - 1; r++) {
      for (let k = 0; k < n / 2; k++) {
        const [a, b] = [ring[k], ring[n - 1 - k]];
        if (a && b) pairs.push(a < b ? [a, b] : [b, a]);
      }
      ring.splice(1, 0, ring.pop()!);
    }
  }
  const out: EngineGame[] = [];
  for (let cycle = 0; cycle < cycles; cycle++)
    pairs.forEach(([a, b], pairing) => {
      out.push({ black: a, white: b, pairing, cycle });
      out.push({ black: b, white: a, pairing, cycle });
    });
  return out;
}

/** A small seeded hash of a string (the openings: the same event gives the same openings). */
function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The opening of a game: 2–3 stones near the centre (or the lab's), the same for both colours of a pairing in a cycle. */
export function engineOpening(eventId: string, size: number, g: EngineGame) {
  return tvOpening(size, mulberry32Float(hashOf(`${eventId}:${g.pairing}:${g.cycle}`)));
}

/** Checks a creation (the shape again, then the caps of who asks) and writes the event and its entrants. */
export async function createEngineEvent(d: TournamentDeps, who: EngineCreator, address: string, raw: CreateEngineTournamentInput): Promise<{ id: string }> {
  const parsed = CreateEngineTournamentSchema.safeParse(raw);
  if (!parsed.success) fail("BAD_PAYLOAD", "That is not an engine tournament this server can run.");
  const input = parsed.data!;
  const caps = who.kind === "operator" ? ENGINE_EVENT_LIMITS.operator : ENGINE_EVENT_LIMITS.visitor;
  if (input.configs.length > caps.configsMax)
    fail("LIMIT", `At most ${caps.configsMax} configurations.`, { reason: "engineConfigs", params: { max: caps.configsMax } });
  for (const c of input.configs) {
    if (c.engine.timeMs > caps.timeMsMax)
      fail("LIMIT", `At most ${caps.timeMsMax / 1000} s a move.`, { reason: "engineMoveTime", params: { max: caps.timeMsMax / 1000 } });
    if (c.engine.level !== undefined && c.engine.algo !== "alphabeta") fail("BAD_PAYLOAD", "Levels are alpha-beta's.");
  }
  const games = engineGames(input.format, input.configs.length, input.cycles);
  if (games > caps.gamesMax)
    fail("LIMIT", `At most ${caps.gamesMax} games (this would be ${games}).`, { reason: "engineGames", params: { max: caps.gamesMax, n: games } });
  const { db, clock } = d;
  const now = clock.now();
  const live = await db.tournament.count({ where: { kind: "engine", status: { in: ["created", "started"] } } });
  if (live >= ENGINE_EVENTS_LIVE_MAX)
    fail("LIMIT", `${ENGINE_EVENTS_LIVE_MAX} engine tournaments are under way already: try again when one has finished.`, {
      reason: "engineLiveSite",
      params: { n: ENGINE_EVENTS_LIVE_MAX },
    });
  if (who.kind === "visitor") {
    const mine = await db.tournament.count({ where: { kind: "engine", createdById: who.me.id, status: { in: ["created", "started"] } } });
    if (mine) fail("LIMIT", "You already have an engine tournament under way: one at a time.", { reason: "engineLiveMine" });
    const today = await db.tournament.count({ where: { createdByIp: address, createdAt: { gt: new Date(now - 24 * 3600_000) } } });
    if (today >= PER_ADDRESS_PER_DAY)
      fail("LIMIT", `At most ${PER_ADDRESS_PER_DAY} events a day are made from one address.`, { reason: "tourDay", params: { max: PER_ADDRESS_PER_DAY } });
  }
  const id = newGameId();
  const labels = input.configs.map((c, i) => `${i + 1}. ${c.label ?? engineLabel(c.engine)}`);
  await db.$transaction([
    db.tournament.create({
      data: {
        id,
        kind: "engine",
        format: input.format,
        name: input.name,
        size: input.size,
        rule: input.rule,
        initialMs: 0,
        incrementMs: 0,
        rated: false,
        status: "started",
        startsAt: new Date(now),
        rounds: input.cycles,
        maxPlayers: input.configs.length,
        createdById: who.kind === "operator" ? "operator" : who.me.id,
        createdByIp: address,
        createdAt: new Date(now),
      },
    }),
    db.tournamentPlayer.createMany({
      data: input.configs.map((c, i) => ({
        tournamentId: id,
        playerId: enginePlayerId(i + 1),
        name: labels[i],
        rating: c.engine.level ? LEVEL_ELO[c.engine.level - 1] : 1500,
        status: "waiting",
        engine: JSON.stringify(c.engine),
        joinedAt: new Date(now),
      })),
    }),
  ]);
  d.log.info({ tournamentId: id, kind: "engine", by: who.kind === "operator" ? "operator" : who.me.id, games }, "engine tournament created");
  return { id };
}

/** The creator (or the operator) stops an event: open games score nothing, the event is over. */
export async function cancelEngineEvent(d: TournamentDeps, who: EngineCreator, t: TournamentRow): Promise<void> {
  if (t.kind !== "engine") fail("NOT_ALLOWED", "Only an engine tournament can be stopped so.");
  if (who.kind === "visitor" && t.createdById !== who.me.id) fail("NOT_ALLOWED", "Only its creator can stop this tournament.", { reason: "engineStopCreator" });
  if (t.status === "finished") return;
  await d.db.tournamentPairing.updateMany({ where: { tournamentId: t.id, status: { in: OPEN } }, data: { status: "done", result: "none" } });
  await d.db.tournament.updateMany({ where: { id: t.id, status: { not: "finished" } }, data: { status: "finished", finishedAt: new Date(d.clock.now()) } });
  d.log.info({ tournamentId: t.id }, "engine tournament stopped");
  d.changed?.(t.id);
}

const settingsOf = (e: Pick<EntrantRow, "engine">): EngineSettings => JSON.parse(e.engine ?? "{}") as EngineSettings;

/**
 * One step (the event's lease held, its finished games already scored): the next game once the last
 * is over, or the end (`finish`) once every game is played. True once over.
 */
export async function engineStep(d: TournamentDeps, t: TournamentRow, finish: () => Promise<true>): Promise<boolean> {
  const open = await d.db.tournamentPairing.count({ where: { tournamentId: t.id, status: { in: OPEN } } });
  if (open) return false;
  const entrants = await d.db.tournamentPlayer.findMany({ where: { tournamentId: t.id } });
  const plan = engineSchedule((t.format ?? "roundrobin") as EngineFormat, entrants.length, t.rounds ?? 1);
  const made = await d.db.tournamentPairing.count({ where: { tournamentId: t.id } });
  if (made >= plan.length) return finish();
  const g = plan[made];
  const byIndex = new Map(entrants.map((e) => [indexOf(e.playerId), e]));
  const [black, white] = [byIndex.get(g.black), byIndex.get(g.white)];
  if (!black || !white) return finish();
  const number = made + 1;
  const id = `${t.id}-g${number}`;
  const created = await d.db.tournamentPairing
    .create({
      data: { id, tournamentId: t.id, round: number, blackId: black.playerId, whiteId: white.playerId, status: "starting", createdAt: new Date(d.clock.now()) },
    })
    .then(
      () => true,
      () => false, // another director made it (the id is the game's number)
    );
  if (!created) return false;
  const { gameId } = await d.games.createAiMatch(
    {
      size: t.size,
      rule: t.rule as "freestyle",
      labOpening: false,
      swap2: false,
      opening: engineOpening(t.id, t.size, g),
      black: settingsOf(black),
      white: settingsOf(white),
    },
    { idPrefix: TV_ID_PREFIX },
  );
  await d.db.tournamentPairing.updateMany({ where: { id, status: "starting" }, data: { gameId, status: "playing" } });
  await d.db.tournament.updateMany({ where: { id: t.id, round: { lt: number } }, data: { round: number } });
  d.log.info({ tournamentId: t.id, gameId, number, of: plan.length }, "engine tournament game started");
  d.changed?.(t.id);
  return false;
}

/** What the TV follows (lib/server/tv): the game an engine event is playing now (the oldest event's), "wait" while one is between games, else null. */
export async function engineGameOnAir(db: TournamentDeps["db"]): Promise<string | "wait" | null> {
  const p = await db.tournamentPairing.findFirst({
    where: { status: "playing", gameId: { not: null }, tournament: { kind: "engine", status: "started" } },
    orderBy: { createdAt: "asc" },
    select: { gameId: true },
  });
  if (p?.gameId) return p.gameId;
  return (await db.tournament.count({ where: { kind: "engine", status: "started" } })) ? "wait" : null;
}

/** The crosstable and the Elo estimates of an engine event. */
export function engineView(
  t: TournamentRow,
  entrants: readonly EntrantRow[],
  pairings: readonly PairingRow[],
  order: readonly string[],
  viewerId: string | null,
): EngineEventView {
  const format = (t.format ?? "roundrobin") as EngineFormat;
  const cycles = t.rounds ?? 1;
  const ids = [...order];
  const at = new Map(ids.map((id, i) => [id, i]));
  const cells = ids.map((a) =>
    ids.map((b) => (a === b || (format === "gauntlet" && a !== "engine-1" && b !== "engine-1") ? null : { wins: 0, draws: 0, losses: 0 })),
  );
  const points = new Map(ids.map((id) => [id, 0]));
  const games = new Map(ids.map((id) => [id, 0]));
  for (const p of pairings) {
    if (p.status !== "done" || !p.whiteId || !["black", "white", "draw"].includes(p.result ?? "")) continue;
    const [b, w] = [at.get(p.blackId), at.get(p.whiteId)];
    if (b === undefined || w === undefined) continue;
    const cb = cells[b][w]!;
    const cw = cells[w][b]!;
    if (p.result === "draw") {
      cb.draws++;
      cw.draws++;
    } else if (p.result === "black") {
      cb.wins++;
      cw.losses++;
    } else {
      cb.losses++;
      cw.wins++;
    }
    points.set(p.blackId, points.get(p.blackId)! + (p.result === "draw" ? 0.5 : p.result === "black" ? 1 : 0));
    points.set(p.whiteId, points.get(p.whiteId)! + (p.result === "draw" ? 0.5 : p.result === "white" ? 1 : 0));
    games.set(p.blackId, games.get(p.blackId)! + 1);
    games.set(p.whiteId, games.get(p.whiteId)! + 1);
  }
  const row = new Map(entrants.map((e) => [e.playerId, e]));
  const first = row.get("engine-1");
  const anchorElo = first ? (settingsOf(first).level ? LEVEL_ELO[settingsOf(first).level! - 1] : 1500) : 1500;
  const results: PairResult[] = [];
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) {
      const c = cells[i][j];
      if (c && c.wins + c.draws + c.losses) results.push({ a: ids[i], b: ids[j], ...c });
    }
  const elo = new Map<string, { elo: number; margin: number }>();
  if (results.some((r) => r.a === "engine-1" || r.b === "engine-1")) {
    for (const r of fitElo(results, "engine-1", anchorElo)) elo.set(r.name, { elo: Math.round(r.elo), margin: Math.round(r.margin) });
  }
  const current = pairings.find((p) => p.status === "playing" && p.gameId);
  return {
    format,
    cycles,
    games: engineGames(format, entrants.length, cycles),
    played: pairings.filter((p) => p.status === "done" && p.result !== "none").length,
    entries: ids.map((id) => ({
      playerId: id,
      name: row.get(id)?.name ?? id,
      engine: settingsOf(row.get(id) ?? { engine: null }),
      points: points.get(id)!,
      games: games.get(id)!,
      elo: elo.get(id)?.elo ?? null,
      margin: elo.get(id)?.margin ?? null,
    })),
    cells,
    anchor: { playerId: "engine-1", elo: anchorElo },
    mayCancel: t.status !== "finished" && viewerId !== null && viewerId === t.createdById,
    current: current?.gameId
      ? { gameId: current.gameId, black: row.get(current.blackId)?.name ?? "?", white: row.get(current.whiteId ?? "")?.name ?? "?", number: current.round }
      : null,
  };
}
