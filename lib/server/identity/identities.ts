// Identities: guests (made on a browser's first visit), accounts (a guest that chose a name and
// a password: its id, games and ratings stay), sessions (a random token in the cookie, its
// SHA-256 in the row), renaming, signing in and out. The one code that knows Player and Session rows.
// A session ends on sign-out, on "sign out everywhere", on a password change (the others), after
// SESSION_IDLE_DAYS unused (its last use is written at most hourly) or SESSION_DAYS after sign-in.
// Names: reserved words are refused (./reserved); a name left by a rename stays its old holder's
// for NAME_HOLD_DAYS (the PlayerAlias row's age).
import { randomBytes } from "node:crypto";
import type { Prisma } from "../../../generated/prisma/client";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/client";
import { hashToken, newGameId } from "../tokens";
import { fail } from "../errors";
import { LOCALE_VALUES, type Locale, type Me } from "../../shared/identity";

/** The row's language on `me`, when the player chose one (absent otherwise). */
const withLocale = (me: Me, v: string | null | undefined): Me => ((LOCALE_VALUES as readonly string[]).includes(v ?? "") ? { ...me, locale: v as Locale } : me);
import { guestName, nameKey } from "./names";
import { hashPassword, passwordMatches } from "./password";
import { SESSION_DAYS } from "./cookie";
import { isReservedName } from "./reserved";
import type { IdentitySettings } from "../config";

/** A session's last use is written again only when older than this (not on every request). */
const TOUCH_MS = 3600_000;
const DAY_MS = 86_400_000;

/** A session's row id (and its socket room's key): the SHA-256 of the cookie's token. */
export const sessionIdOf = (token: string): string => hashToken(token);

/** How long a session's player stays cached on this node (a rename on another node drops it: forget). */
const CACHE_MS = 30_000;
const CACHE_MAX = 10_000;

export class Identities {
  /** session token hash → its player and when the entry lapses. */
  private cache = new Map<string, { me: Me | null; until: number }>();

  private readonly settings: IdentitySettings;
  private readonly now: () => number;

  /** `onRenamed`: a player's name changed (rename, or a guest signing up under a new name). `now`: the clock (tests move it). */
  constructor(
    private readonly db: Db,
    private readonly onRenamed: (id: string, name: string) => void = () => {},
    opts: { settings?: Partial<IdentitySettings>; now?: () => number } = {},
  ) {
    this.settings = { sessionIdleDays: 30, nameHoldDays: 30, ...opts.settings };
    this.now = opts.now ?? Date.now;
  }

  /** A new guest with a generated name, and a session for it: the token goes in the cookie. */
  async newGuest(): Promise<{ me: Me; token: string }> {
    for (let attempt = 0; ; attempt++) {
      const name = guestName();
      try {
        const row = await this.db.player.create({ data: { id: newGameId(), name, nameKey: nameKey(name) } });
        const me: Me = { id: row.id, name: row.name, account: false };
        return { me, token: await this.newSession(me) };
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 5) throw err;
      }
    }
  }

  /** A session for `me`: its token (only the hash is stored). */
  async newSession(me: Me): Promise<string> {
    const token = randomBytes(24).toString("base64url");
    const now = this.now();
    const expiresAt = new Date(now + SESSION_DAYS * DAY_MS);
    await this.db.session.create({ data: { id: hashToken(token), playerId: me.id, expiresAt, createdAt: new Date(now), lastSeenAt: new Date(now) } });
    this.remember(hashToken(token), me);
    return token;
  }

  /** The player of a session token, or null (no such session, or it expired, or lay unused too long). */
  async ofSession(token: string | null): Promise<Me | null> {
    if (!token) return null;
    const key = hashToken(token);
    const now = this.now();
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.me;
    const row = await this.db.session.findUnique({ where: { id: key } });
    let me: Me | null = null;
    if (row && row.expiresAt.getTime() > now && row.lastSeenAt.getTime() > now - this.idleMs()) {
      const p = await this.db.player.findUnique({ where: { id: row.playerId } });
      if (p) me = withLocale({ id: p.id, name: p.name, account: p.passwordHash !== null }, p.locale);
      // In use: noted at most hourly (a page load asks on every visit; the cache spares most reads).
      if (me && row.lastSeenAt.getTime() < now - TOUCH_MS) await this.db.session.updateMany({ where: { id: key }, data: { lastSeenAt: new Date(now) } });
    }
    this.remember(key, me);
    return me;
  }

  /** Deletes expired and idle sessions (at start and now and then: lib/server/app). */
  async purgeExpired(now = new Date(this.now())): Promise<number> {
    const idleSince = new Date(now.getTime() - this.idleMs());
    const { count } = await this.db.session.deleteMany({ where: { OR: [{ expiresAt: { lt: now } }, { lastSeenAt: { lt: idleSince } }] } });
    return count;
  }

  /** Ends the session of `token` (sign-out): the player it was, or null when there was none. */
  async endSession(token: string | null): Promise<string | null> {
    if (!token) return null;
    const key = hashToken(token);
    this.cache.delete(key);
    const row = await this.db.session.findUnique({ where: { id: key }, select: { playerId: true } });
    await this.db.session.deleteMany({ where: { id: key } });
    return row?.playerId ?? null;
  }

  /** Ends every session of player `playerId` but the one of `keepToken` (sign out everywhere; a password change keeps the one that made it). */
  async endSessions(playerId: string, keepToken: string | null = null): Promise<void> {
    const keep = keepToken ? hashToken(keepToken) : null;
    await this.db.session.deleteMany({ where: { playerId, ...(keep ? { id: { not: keep } } : {}) } });
    for (const [key, hit] of this.cache) if (hit.me?.id === playerId && key !== keep) this.cache.delete(key);
  }

  /** A new password for account `me` when `current` is its password now (false otherwise: nothing changes). Other sessions end. */
  async changePassword(me: Me, current: string, next: string, keepToken: string | null): Promise<boolean> {
    const row = await this.db.player.findUnique({ where: { id: me.id }, select: { passwordHash: true } });
    if (!row?.passwordHash) fail("NOT_SIGNED_IN", "Only an account has a password: sign up first.");
    if (!(await passwordMatches(row!.passwordHash, current))) return false;
    await this.db.player.update({ where: { id: me.id }, data: { passwordHash: await hashPassword(next) } });
    await this.endSessions(me.id, keepToken);
    return true;
  }

  /** A new name for `me` (guests and accounts alike: an account signs in with its new name). */
  async rename(me: Me, name: string): Promise<Me> {
    refuseReserved(name);
    try {
      await this.changeName(me.id, name, async (tx) => {
        await tx.player.update({ where: { id: me.id }, data: { name, nameKey: nameKey(name) } });
      });
    } catch (err) {
      if (isUniqueViolation(err)) fail("NAME_TAKEN", `The name ${name} is taken: choose another.`);
      throw err;
    }
    this.onRenamed(me.id, name);
    return this.refreshed({ ...me, name });
  }

  /** Remembers the language `me` chose (guests too: it stays when the guest signs up). */
  async setLocale(me: Me, locale: Locale): Promise<Me> {
    if (me.locale === locale) return me;
    await this.db.player.update({ where: { id: me.id }, data: { locale } });
    return this.refreshed({ ...me, locale });
  }

  /** The guest `me` becomes an account named `name`: the same id, so its games and ratings stay. */
  async signUp(me: Me, name: string, password: string): Promise<Me> {
    if (me.account) fail("ALREADY_ACCOUNT", "You are signed in to an account already: sign out first to make another.");
    refuseReserved(name);
    const passwordHash = await hashPassword(password);
    try {
      await this.changeName(me.id, name, async (tx) => {
        const { count } = await tx.player.updateMany({ where: { id: me.id, passwordHash: null }, data: { name, nameKey: nameKey(name), passwordHash } });
        if (count !== 1) fail("ALREADY_ACCOUNT", "This session is an account already.");
      });
    } catch (err) {
      if (isUniqueViolation(err)) fail("NAME_TAKEN", `The name ${name} is taken: choose another.`);
      throw err;
    }
    this.onRenamed(me.id, name);
    return this.refreshed(withLocale({ id: me.id, name, account: true }, me.locale));
  }

  /** The account named `name` if `password` is its password; null otherwise (the caller says one sentence for both). */
  async signIn(name: string, password: string): Promise<Me | null> {
    const row = await this.db.player.findUnique({ where: { nameKey: nameKey(name) } });
    const ok = await passwordMatches(row?.passwordHash ?? null, password);
    return ok && row ? withLocale({ id: row.id, name: row.name, account: true }, row.locale) : null;
  }

  /** Public facts by name (player pages). */
  async byName(name: string): Promise<{ id: string; name: string; account: boolean; createdAt: Date } | null> {
    const row = await this.db.player.findUnique({ where: { nameKey: nameKey(name) } });
    return row ? { id: row.id, name: row.name, account: row.passwordHash !== null, createdAt: row.createdAt } : null;
  }

  /** Player `id` changed on another node (a rename, a sign-up): this node's cached sessions of it are
   *  read again on their next use (its name, whether it is an account, whether the session still is). */
  forget(id: string): void {
    for (const [key, hit] of this.cache) if (hit.me?.id === id) this.cache.delete(key);
  }

  /**
   * Player `id` takes the name `name` by `write` (a rename, a sign-up), in one transaction with its
   * alias: /@/<old name> leads to them (the latest holder of an old name wins; a name someone holds
   * now wins over any alias). A change of case only keeps no alias. A name left less than
   * NAME_HOLD_DAYS ago is its old holder's alone.
   */
  private async changeName(id: string, name: string, write: (tx: Prisma.TransactionClient) => Promise<void>): Promise<void> {
    // On SQLite the transaction holds the write lock from its BEGIN (lib/server/db/sqlite-pragmas): its reads
    // are not of a snapshot the move writer's connection has written past (SQLITE_BUSY_SNAPSHOT at the first write).
    await this.db.$transaction(async (tx) => {
      const left = await tx.playerAlias.findUnique({ where: { nameKey: nameKey(name) } });
      const heldUntil = left ? left.createdAt.getTime() + this.settings.nameHoldDays * DAY_MS : 0;
      if (left && left.playerId !== id && heldUntil > this.now())
        fail(
          "NAME_TAKEN",
          `The name ${name} was left recently and is kept for its holder until ${new Date(heldUntil).toISOString().slice(0, 10)}: choose another.`,
        );
      const was = await tx.player.findUnique({ where: { id }, select: { nameKey: true } });
      await write(tx);
      const old = was?.nameKey;
      if (old && old !== nameKey(name))
        await tx.playerAlias.upsert({
          where: { nameKey: old },
          create: { nameKey: old, playerId: id, createdAt: new Date(this.now()) },
          update: { playerId: id, createdAt: new Date(this.now()) },
        });
    });
  }

  /** This node's cached sessions of `me` see the change at once. */
  private refreshed(me: Me): Me {
    for (const [key, hit] of this.cache) if (hit.me?.id === me.id) this.cache.set(key, { me, until: hit.until });
    return me;
  }

  private remember(key: string, me: Me | null): void {
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { me, until: this.now() + CACHE_MS });
  }

  private idleMs(): number {
    return this.settings.sessionIdleDays * DAY_MS;
  }
}

/** Refuses a reserved name with NAME_RESERVED and a sentence (before anything is spent on the request). */
export function refuseReserved(name: string): void {
  if (isReservedName(name)) fail("NAME_RESERVED", `The name ${name} is reserved (it reads as the site's own or as nobody): choose another.`);
}
