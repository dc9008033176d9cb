// Accounts cannot be taken from their owners (issue 25, part 5), over the real server with real
// HTTP requests and socket.io clients: others' wrong guesses never lock out the owner's known
// address or device; sign-out, "sign out everywhere" and a password change end sessions and their
// live sockets; sessions lapse after SESSION_IDLE_DAYS unused (the clock is moved, not waited for);
// reserved names and names left recently cannot be taken.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { API } from "../../lib/shared/identity";
import { DEFAULT_LIMITS, serverConfig } from "../../lib/server/config";
import { call, connectAs, guestSession, postApi, useServer, type Client } from "./helpers";

const DAY = 86_400_000;
/** The identities' clock: tests move it (sessions' idle time, names' hold). */
let now = Date.now();
const env = useServer({
  limits: { ...DEFAULT_LIMITS, enabled: true, trustProxy: true },
  identity: { sessionIdleDays: 30, nameHoldDays: 30, now: () => now },
});
const url = () => env.srv.url;
const from = (ip: string) => ({ "x-forwarded-for": ip });
/** A unique name, 3–20 characters. */
const fresh = (stem: string) => `${stem}${randomBytes(4).toString("hex")}`;
const blitz = { initialMs: 180_000, incrementMs: 2_000 };

/** An account made from `ip` (and the device cookie `device`, when given): its session cookie and name. */
async function account(ip: string, device?: string) {
  const guest = await guestSession(url());
  const name = fresh("Own");
  const cookie = device ? `${guest.cookie}; ${device}` : guest.cookie;
  const up = await postApi(url(), API.signUp, { name, password: "right password" }, cookie, from(ip));
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  return { id: guest.me.id, name, cookie: up.cookie! };
}

const signIn = (name: string, password: string, ip: string, cookie?: string) => postApi(url(), API.signIn, { name, password }, cookie, from(ip));
const whoIs = async (cookie: string) =>
  ((await (await fetch(`${url()}${API.me}`, { headers: { cookie } })).json()) as { me: { id: string; account: boolean } }).me;
/** Why `s` was disconnected, or "still open" when it was not within 5 s. */
const closedByServer = (s: Client) =>
  new Promise<string>((resolve) => {
    if (!s.connected) resolve("already");
    const timer = setTimeout(() => resolve("still open"), 5_000);
    s.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

describe("wrong guesses stop the guesser, never the owner", () => {
  it("88 wrong passwords from 11 addresses: strangers are locked out of the name, the owner's address and device are not", async () => {
    const device = `ga_device=${randomBytes(18).toString("base64url")}`;
    const owner = await account("10.31.0.1", device);
    const codes: number[] = [];
    for (let a = 0; a < 11; a++) for (let i = 0; i < 8; i++) codes.push((await signIn(owner.name, `guess ${a}-${i}`, `10.32.${a}.1`)).status);
    // Each address within its own budget; together they reach the name's lock (80) for every unknown source.
    expect(codes.slice(0, 80)).toEqual(Array(80).fill(401));
    expect(codes.slice(80)).toEqual(Array(8).fill(429));
    expect((await signIn(owner.name, "right password", "10.33.0.1")).status).toBe(429);
    // The owner, from the address they signed up from: in.
    const back = await signIn(owner.name, "right password", "10.31.0.1");
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.me).toMatchObject({ id: owner.id, account: true });
    // From a new address (a phone on another network) but the browser they used: in too.
    expect((await signIn(owner.name, "right password", "10.34.0.1", device)).status).toBe(200);
  });

  it("an IPv6 owner is known by their /64: a new privacy address of theirs still signs in after the name is locked", async () => {
    const owner = await account("2001:db8:7:7::10");
    for (let a = 0; a < 11; a++) for (let i = 0; i < 8; i++) await signIn(owner.name, `guess ${a}-${i}`, `10.41.${a}.1`);
    expect((await signIn(owner.name, "right password", "2001:db8:9:9::10")).status).toBe(429);
    expect((await signIn(owner.name, "right password", "2001:db8:7:7:abcd::99")).status).toBe(200);
  });

  it("a known address keeps its own name+address budget: guesses from there are still stopped", async () => {
    const owner = await account("10.35.0.1");
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await signIn(owner.name, `guess ${i}`, "10.35.0.1")).status);
    expect(codes).toEqual([...Array(8).fill(401), 429]);
    expect((await signIn(owner.name, "right password", "10.35.0.1")).status).toBe(429);
  });
});

describe("the address's budget stops guessers, not the owner or a classroom (trial F1, F8)", () => {
  const budget = serverConfig().identityLimits.ipLoginsPer15Min;

  it("35 wrong sign-ins with made-up names from the owner's address: the script is stopped, the owner's known browser signs in, a classmate still renames", async () => {
    const device = `ga_device=${randomBytes(18).toString("base64url")}`;
    const owner = await account("10.45.0.1", device);
    const codes: number[] = [];
    for (let i = 0; i < budget + 5; i++) codes.push((await signIn(fresh("someone"), "wrong password", "10.45.0.1")).status);
    expect(codes.slice(0, budget)).toEqual(Array(budget).fill(401));
    expect(codes.slice(budget)).toEqual(Array(5).fill(429));
    // Without the owner's device cookie, the right password waits like any other try from the address.
    const bare = await signIn(owner.name, "right password", "10.45.0.1");
    expect(bare.status).toBe(429);
    expect(bare.body.error.message).toMatch(/sign-in attempts from your address/);
    // The owner's browser, known to the account: in (was 429 "try again in 662 seconds").
    const back = await signIn(owner.name, "right password", "10.45.0.1", device);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.me).toMatchObject({ id: owner.id, account: true });
    // And the owner's password change from that browser is not refused either.
    const changed = await postApi(
      url(),
      API.password,
      { current: "right password", password: "new right password" },
      `${back.cookie}; ${device}`,
      from("10.45.0.1"),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // Renames and sign-ups have their own budget: a classmate's rename goes through.
    const classmate = await guestSession(url());
    expect((await postApi(url(), API.rename, { name: fresh("Mate") }, classmate.cookie, from("10.45.0.1"))).status).toBe(200);
  });

  it("a class of 40 signs in from one address with their right passwords: no one is stopped; wrong passwords still count", async () => {
    const students = [];
    for (let i = 0; i < 40; i++) students.push(await account(`10.46.${i}.1`));
    const codes: number[] = [];
    for (const s of students) codes.push((await signIn(s.name, "right password", "10.47.0.1")).status);
    expect(codes).toEqual(Array(40).fill(200));
    // The right passwords spent nothing: the address still has its whole budget for wrong ones.
    const wrong: number[] = [];
    for (let i = 0; i < budget + 1; i++) wrong.push((await signIn(students[i % 40].name, `typo ${i}`, "10.47.0.1")).status);
    expect(wrong).toEqual([...Array(budget).fill(401), 429]);
  });

  it("the owner signing in on a shared address does not give a guesser there new guesses for the name (F8)", async () => {
    const device = `ga_device=${randomBytes(18).toString("base64url")}`;
    const owner = await account("10.48.0.1", device);
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await signIn(owner.name, `guess ${i}`, "10.48.0.1")).status);
    expect(codes).toEqual([...Array(8).fill(401), 429]);
    expect((await signIn(owner.name, "right password", "10.48.0.1", device)).status).toBe(200);
    // The guesser, on the same address without the owner's device: still stopped (was 8 new guesses).
    const after = await signIn(owner.name, "guess 9", "10.48.0.1");
    expect(after.status).toBe(429);
    expect(after.body.error.message).toMatch(/failed sign-ins for this name/);
  });
});

describe("ended sessions end their sockets", () => {
  it("sign-out closes that session's sockets (a socket opened before cannot post a rated challenge as the account after); another device's stay", async () => {
    const owner = await account("10.36.0.1");
    const other = await signIn(owner.name, "right password", "10.36.0.2");
    const mine = await connectAs(url(), owner.cookie);
    const theirs = await connectAs(url(), other.cookie!);
    expect(await call(mine, EV.challengeCreate, { size: 15, rule: "freestyle", clock: blitz, rated: true })).toMatchObject({ ok: true });
    const closed = closedByServer(mine);
    expect((await postApi(url(), API.signOut, {}, owner.cookie)).status).toBe(200);
    expect(await closed).toBe("io server disconnect");
    // The stale cookie is no one now: a new socket with it cannot post as the account.
    const stale = await connectAs(url(), owner.cookie);
    expect(await call(stale, EV.challengeCreate, { size: 15, rule: "freestyle", clock: blitz, rated: true })).toMatchObject({ ok: false });
    stale.disconnect();
    expect(theirs.connected).toBe(true);
    expect(await call(theirs, EV.list, { status: "live" })).toMatchObject({ ok: true });
    theirs.disconnect();
  });

  it("sign out everywhere ends every session of the account and closes every socket of it", async () => {
    const owner = await account("10.37.0.1");
    const phone = await signIn(owner.name, "right password", "10.37.0.2");
    const sockets = [await connectAs(url(), owner.cookie), await connectAs(url(), phone.cookie!), await connectAs(url(), phone.cookie!)];
    const closed = sockets.map(closedByServer);
    const out = await postApi(url(), API.signOutEverywhere, {}, phone.cookie!);
    expect(out.status).toBe(200);
    expect(out.setCookie).toMatch(/Max-Age=0/);
    expect(await Promise.all(closed)).toEqual(Array(3).fill("io server disconnect"));
    for (const cookie of [owner.cookie, phone.cookie!]) expect((await whoIs(cookie)).id).not.toBe(owner.id);
    // Needs a session; the account itself is fine: its password still signs in.
    expect((await postApi(url(), API.signOutEverywhere, {})).body.error.code).toBe("NOT_SIGNED_IN");
    expect((await signIn(owner.name, "right password", "10.37.0.1")).status).toBe(200);
  });

  it("a password change needs the current password, ends every other session and its sockets, and keeps this one", async () => {
    const owner = await account("10.38.0.1");
    const laptop = await signIn(owner.name, "right password", "10.38.0.2");
    const here = await connectAs(url(), owner.cookie);
    const there = await connectAs(url(), laptop.cookie!);
    const wrong = await postApi(url(), API.password, { current: "not it", password: "a new password" }, owner.cookie, from("10.38.0.1"));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: "BAD_CREDENTIALS" });
    const short = await postApi(url(), API.password, { current: "right password", password: "short" }, owner.cookie, from("10.38.0.1"));
    expect(short.body.error).toMatchObject({ code: "BAD_PAYLOAD" });
    expect((await postApi(url(), API.password, { current: "x", password: "a new password" }, undefined, from("10.38.0.1"))).body.error.code).toBe(
      "NOT_SIGNED_IN",
    );
    expect(there.connected).toBe(true); // nothing changed yet

    const closed = closedByServer(there);
    const changed = await postApi(url(), API.password, { current: "right password", password: "a new password" }, owner.cookie, from("10.38.0.1"));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect((await whoIs(laptop.cookie!)).id).not.toBe(owner.id);
    expect(await whoIs(owner.cookie)).toMatchObject({ id: owner.id, account: true });
    expect(here.connected).toBe(true);
    here.disconnect();
    expect((await signIn(owner.name, "right password", "10.38.0.3")).status).toBe(401);
    expect((await signIn(owner.name, "a new password", "10.38.0.3")).status).toBe(200);
  });
});

describe("sessions lapse after SESSION_IDLE_DAYS unused", () => {
  it("a session used now and then lives on; one left 30 days is over; its last use is written at most hourly", async () => {
    const guest = await guestSession(url());
    const lastSeen = async () => (await env.srv.db.session.findMany({ where: { playerId: guest.me.id } }))[0]?.lastSeenAt.getTime();
    const start = await lastSeen();
    // 10 minutes on (past the 30 s cache): in use, but not written again.
    now += 10 * 60_000;
    expect((await whoIs(guest.cookie)).id).toBe(guest.me.id);
    expect(await lastSeen()).toBe(start);
    // 29 days on: still the same session, and its use is written.
    now += 29 * DAY;
    expect((await whoIs(guest.cookie)).id).toBe(guest.me.id);
    expect(await lastSeen()).toBe(now);
    // 29 more days: counted from that use, not from sign-in.
    now += 29 * DAY;
    expect((await whoIs(guest.cookie)).id).toBe(guest.me.id);
    // 31 days unused: over (a new guest), and the row goes at the next purge.
    now += 31 * DAY;
    expect((await whoIs(guest.cookie)).id).not.toBe(guest.me.id);
    expect(await env.srv.identities.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await lastSeen()).toBeUndefined();
  });
});

describe("names", () => {
  it("reserved names are refused with a code and a sentence, whatever their case or look-alike letters", async () => {
    const g = await guestSession(url());
    // Seven refusals from one player: a refused name spends none of the day's five renames.
    for (const name of ["Admin", "system", "null", "Undefined", "Adm1n", "m0derator", "Guest4821", "Deleted_user", "White", "you", "NaN"]) {
      const r = await postApi(url(), API.rename, { name }, g.cookie, from("10.39.0.1"));
      expect(r.status, name).toBe(409);
      expect(r.body.error, name).toMatchObject({ code: "NAME_RESERVED", message: expect.stringMatching(/reserved/) });
    }
    const up = await postApi(url(), API.signUp, { name: "Administrator", password: "right password" }, g.cookie, from("10.39.0.1"));
    expect(up.body.error).toMatchObject({ code: "NAME_RESERVED" });
    expect((await whoIs(g.cookie)).account).toBe(false);
    expect((await postApi(url(), API.rename, { name: fresh("Fine") }, g.cookie, from("10.39.0.1"))).status).toBe(200);
    // whole names are reserved, not letters inside a name (trial F7: "Badminton" was refused for "admin")
    expect((await postApi(url(), API.rename, { name: fresh("Badminton") }, g.cookie, from("10.39.0.1"))).status).toBe(200);
  });

  it("a name left by a rename is kept for its old holder for NAME_HOLD_DAYS: not someone else's the moment it is left", async () => {
    const a = await guestSession(url());
    const b = await guestSession(url());
    const left = fresh("Held");
    expect((await postApi(url(), API.rename, { name: left }, a.cookie, from("10.40.0.1"))).status).toBe(200);
    expect((await postApi(url(), API.rename, { name: fresh("Next") }, a.cookie, from("10.40.0.1"))).status).toBe(200);
    const grab = await postApi(url(), API.rename, { name: left.toLowerCase() }, b.cookie, from("10.40.0.2"));
    expect(grab.status).toBe(409);
    expect(grab.body.error).toMatchObject({ code: "NAME_TAKEN", message: expect.stringMatching(/kept for its holder until \d{4}-\d\d-\d\d/) });
    // Its old holder may take it back; after the hold anyone may.
    const c = await guestSession(url());
    const other = fresh("Gone");
    expect((await postApi(url(), API.rename, { name: other }, c.cookie, from("10.40.0.3"))).status).toBe(200);
    expect((await postApi(url(), API.rename, { name: fresh("Later") }, c.cookie, from("10.40.0.3"))).status).toBe(200);
    expect((await postApi(url(), API.rename, { name: left }, a.cookie, from("10.40.0.1"))).status).toBe(200);
    now += 31 * DAY;
    const d = await guestSession(url()); // (b's session lapsed meanwhile: 31 days unused)
    expect((await postApi(url(), API.rename, { name: other }, d.cookie, from("10.40.0.4"))).status).toBe(200);
  });
});
