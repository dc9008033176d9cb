// Blocks between players (issue 28): stored rows, read by the chat (a blocked player's messages do
// not reach the blocker), the lobby (an open challenge cannot be accepted across a block; quick
// pairing never pairs the two) and social/ (challenge by name, follow). A block works both ways:
// whoever blocked whom, the two are kept apart, and a refusal never says which of them blocked.
// The contract other helpers call: /work/notes/blocks-contract.md.
import type { Db } from "../db/client";
import { fail } from "../errors";
import { playerByName } from "./players";

/** Blocks one player may hold (a bound on the rows one identity can make). */
export const MAX_BLOCKS = 500;

/** True when either player has blocked the other. */
export async function isBlocked(db: Db, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const row = await db.block.findFirst({
    where: {
      OR: [
        { blockerId: a, blockedId: b },
        { blockerId: b, blockedId: a },
      ],
    },
    select: { blockerId: true },
  });
  return row !== null;
}

/** Of `others`, the ids that `playerId` blocked or that blocked `playerId` (one query). */
export async function blockedAmong(db: Db, playerId: string, others: string[]): Promise<Set<string>> {
  if (!others.length) return new Set();
  const rows = await db.block.findMany({
    where: {
      OR: [
        { blockerId: playerId, blockedId: { in: others } },
        { blockedId: playerId, blockerId: { in: others } },
      ],
    },
    select: { blockerId: true, blockedId: true },
  });
  return new Set(rows.map((r) => (r.blockerId === playerId ? r.blockedId : r.blockerId)));
}

/** The pairs among `players` kept apart by a block, as "a b" keys with a < b (for the pairing pass). */
export async function blockedPairs(db: Db, players: string[]): Promise<Set<string>> {
  if (players.length < 2) return new Set();
  const rows = await db.block.findMany({
    where: { blockerId: { in: players }, blockedId: { in: players } },
    select: { blockerId: true, blockedId: true },
  });
  return new Set(rows.map((r) => pairKey(r.blockerId, r.blockedId)));
}

/** The key of an unordered pair of player ids. */
export const pairKey = (a: string, b: string): string => (a < b ? `${a} ${b}` : `${b} ${a}`);

/** `by` blocks `target` (again: nothing changes). */
export async function block(db: Db, by: string, target: string): Promise<void> {
  if (by === target) fail("NOT_ALLOWED", "You cannot block yourself.", { reason: "blockSelf" });
  const held = await db.block.count({ where: { blockerId: by } });
  if (held >= MAX_BLOCKS) fail("LIMIT", `You have blocked ${held} players, the most you may: unblock one first.`, { reason: "blocksMax", params: { n: held } });
  await db.block.upsert({ where: { blockerId_blockedId: { blockerId: by, blockedId: target } }, create: { blockerId: by, blockedId: target }, update: {} });
}

export async function unblock(db: Db, by: string, target: string): Promise<void> {
  await db.block.deleteMany({ where: { blockerId: by, blockedId: target } });
}

/** Blocks or unblocks the player named `name` for `by`: the player's name as stored. */
export async function setBlockByName(db: Db, by: string, name: string, blocked: boolean): Promise<string> {
  const target = await playerByName(db, name);
  if (blocked) await block(db, by, target.id);
  else await unblock(db, by, target.id);
  return target.name;
}

/** Whom `by` blocked, newest first. */
export async function blockList(db: Db, by: string): Promise<Array<{ id: string; name: string; since: string }>> {
  const rows = await db.block.findMany({ where: { blockerId: by }, orderBy: { createdAt: "desc" }, take: MAX_BLOCKS });
  const names = await db.player.findMany({ where: { id: { in: rows.map((r) => r.blockedId) } }, select: { id: true, name: true } });
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((r) => ({ id: r.blockedId, name: nameOf.get(r.blockedId) ?? "?", since: r.createdAt.toISOString() }));
}
