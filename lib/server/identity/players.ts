// Identities: guests (made on a browser's first visit), accounts (a guest that chose a name and
// a password: its id, games and ratings stay), sessions (a random token in the cookie, its
// SHA-256 in the row), renaming, signing in and out. The one code that knows Player and Session rows.
import { randomBytes } from "node:crypto";
import type { Prisma } from "../../../generated/prisma/client";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/client";
import { hashToken, newGameId } from "../games/tokens";
import { fail } from "../games/errors";
import { LOCALE_VALUES, type Locale, type Me } from "../../shared/identity";

/** The row's language on `me`, when the player chose one (absent otherwise). */
const withLocale = (me: Me, v: string | null | undefined): Me => ((LOCALE_VALUES as readonly string[]).includes(v ?? "") ? { ...me, locale: v as Locale } : me);
import { guestName, nameKey } from "./names";
import { hashPassword, passwordMatches } from "./password";
import { SESSION_DAYS } from "./cookie";

/** How long a session's player stays cached on this node (a rename on another node drops it: forget). */
const CACHE_MS = 30_000;
const CACHE_MAX = 10_000;

export class Identities {
  /** session token hash → its player and when the entry lapses. */
  private cache = new Map<string, { me: Me | null; until: number }>();

  /** `onRenamed`: a player's name changed (rename, or a guest signing up under a new name). */
  constructor(
    private readonly db: Db,
    private readonly onRenamed: (id: string, name: string) => void = () => {},
  ) {}

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
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
    await this.db.session.create({ data: { id: hashToken(token), playerId: me.id, expiresAt } });
    this.remember(hashToken(token), me);
    return token;
  }

  /** The player of a session token, or null (no such session, or it expired). */
  async ofSession(token: string | null): Promise<Me | null> {
    if (!token) return null;
    const key = hashToken(token);
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return hit.me;
    const row = await this.db.session.findUnique({ where: { id: key } });
    let me: Me | null = null;
    if (row && row.expiresAt.getTime() > Date.now()) {
      const p = await this.db.player.findUnique({ where: { id: row.playerId } });
      if (p) me = withLocale({ id: p.id, name: p.name, account: p.passwordHash !== null }, p.locale);
    }
    this.remember(key, me);
    return me;
  }

  /** Deletes expired sessions (at start and now and then: lib/server/realtime/server). */
  async purgeExpired(now = new Date()): Promise<number> {
    const { count } = await this.db.session.deleteMany({ where: { expiresAt: { lt: now } } });
    return count;
  }

  async endSession(token: string | null): Promise<void> {
    if (!token) return;
    const key = hashToken(token);
    this.cache.delete(key);
    await this.db.session.deleteMany({ where: { id: key } });
  }

  /** A new name for `me` (guests and accounts alike: an account signs in with its new name). */
  async rename(me: Me, name: string): Promise<Me> {
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
   * now wins over any alias). A change of case only keeps no alias.
   */
  private async changeName(id: string, name: string, write: (tx: Prisma.TransactionClient) => Promise<void>): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const was = await tx.player.findUnique({ where: { id }, select: { nameKey: true } });
      await write(tx);
      const old = was?.nameKey;
      if (old && old !== nameKey(name))
        await tx.playerAlias.upsert({ where: { nameKey: old }, create: { nameKey: old, playerId: id }, update: { playerId: id, createdAt: new Date() } });
    });
  }

  /** This node's cached sessions of `me` see the change at once. */
  private refreshed(me: Me): Me {
    for (const [key, hit] of this.cache) if (hit.me?.id === me.id) this.cache.set(key, { me, until: hit.until });
    return me;
  }

  private remember(key: string, me: Me | null): void {
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { me, until: Date.now() + CACHE_MS });
  }
}
