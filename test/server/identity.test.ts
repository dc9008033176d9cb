// Identity end to end over the real server: guests, sessions on sockets, seats that belong to
// identities on any device, accounts that keep the guest's games, and the abuse limits.
import { describe, expect, it } from "vitest";
import { EV, type GameState } from "../../lib/shared/protocol";
import { API } from "../../lib/shared/identity";
import { call, connectAs, guestSession, postApi, useServer } from "./helpers";
import { DEFAULT_LIMITS } from "../../lib/server/config";

const env = useServer({ limits: undefined });

/** The name on a joined game's white seat (a person's). */
function whiteName(joined: { state: GameState }): string | undefined {
  const w = joined.state.white;
  return w.kind === "human" ? w.player?.name : undefined;
}
const url = () => env.srv.url;

describe("identity", () => {
  it("a first visit gets a guest with a generated name in an HttpOnly, SameSite=Lax session cookie; the cookie brings the same guest back", async () => {
    const res = await fetch(`${url()}${API.me}`);
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^ga_session=[A-Za-z0-9_-]{32};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // plain HTTP here; behind HTTPS it is Secure
    expect(res.headers.get("cache-control")).toBe("no-store");
    const first = (await res.json()) as { ok: boolean; me: { id: string; name: string; account: boolean } };
    expect(first).toMatchObject({ ok: true, me: { account: false } });
    expect(first.me.name).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/);
    // The browser sends back both cookies it got: the session's and the device's (lib/server/identity/device).
    const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    expect(cookies.map((c) => c.split("=")[0])).toEqual(["ga_session", "ga_device"]);
    const again = await fetch(`${url()}${API.me}`, { headers: { cookie: cookies.join("; ") } });
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(((await again.json()) as { me: { id: string } }).me.id).toBe(first.me.id);
    // A forged or unknown cookie is no session: a new guest.
    const forged = await fetch(`${url()}${API.me}`, { headers: { cookie: "ga_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" } });
    expect(((await forged.json()) as { me: { id: string } }).me.id).not.toBe(first.me.id);
  });

  it("a seat belongs to its identity: the same person on a second device (no seat token) plays it; a stranger cannot", async () => {
    const alice = await guestSession(url());
    const bob = await guestSession(url());
    const a1 = await connectAs(url(), alice.cookie);
    const created = await call(a1, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 });
    expect(created.ok).toBe(true);
    const { gameId } = created;
    const b = await connectAs(url(), bob.cookie);
    const bj = await call(b, EV.join, { gameId, takeSeat: true });
    expect(bj).toMatchObject({ ok: true, color: 2 });
    expect(bj.state.black).toMatchObject({ kind: "human", taken: true, player: { name: alice.me.name } });
    expect(bj.state.white).toMatchObject({ kind: "human", taken: true, player: { name: bob.me.name } });

    // Alice's second device: the same session, no token in its storage.
    const a2 = await connectAs(url(), alice.cookie);
    const aj = await call(a2, EV.join, { gameId, takeSeat: true });
    expect(aj).toMatchObject({ ok: true, color: 1, seatToken: null });
    expect(await call(a2, EV.move, { gameId, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    // Bob plays by identity too; a stranger with the link is a spectator and cannot move.
    const carol = await guestSession(url());
    const c = await connectAs(url(), carol.cookie);
    const cj = await call(c, EV.join, { gameId, takeSeat: true });
    expect(cj).toMatchObject({ ok: true, color: null });
    expect(await call(c, EV.move, { gameId, ply: 2, x: 8, y: 8 })).toMatchObject({ ok: false, error: { code: "SPECTATOR" } });
    expect(await call(c, EV.resign, { gameId })).toMatchObject({ ok: false, error: { code: "SPECTATOR" } });
    expect(await call(b, EV.move, { gameId, ply: 2, x: 8, y: 8 })).toEqual({ ok: true });
    for (const s of [a1, a2, b, c]) s.disconnect();
  });

  it("signing up keeps the guest's id and games; signing in elsewhere is the same person in their own games; signing out ends the session", async () => {
    const guest = await guestSession(url());
    const s = await connectAs(url(), guest.cookie);
    const created = await call(s, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 2 });
    s.disconnect();
    expect(whiteName(await call(await connectAs(url(), (await guestSession(url())).cookie), EV.join, { gameId: created.gameId }))).toBe(guest.me.name);
    const name = `Ada${Date.now() % 100000}`;
    const up = await postApi(url(), API.signUp, { name, password: "correct horse" }, guest.cookie);
    expect(up.status).toBe(200);
    expect(up.body.me).toEqual({ id: guest.me.id, name, account: true });
    // A new session for the account: the guest's token (perhaps planted) no longer signs anyone in.
    expect(up.cookie).toMatch(/^ga_session=/);
    expect(up.cookie).not.toBe(guest.cookie);
    const stale = (await (await fetch(`${url()}${API.me}`, { headers: { cookie: guest.cookie } })).json()) as { me: { id: string } };
    expect(stale.me.id).not.toBe(guest.me.id);
    expect((await postApi(url(), API.signUp, { name: "Other1", password: "correct horse" }, up.cookie!)).body.error.code).toBe("ALREADY_ACCOUNT");
    // The game (cached on this node) says the new name at once: the replay does not link to the old one.
    const watcher = await connectAs(url(), (await guestSession(url())).cookie);
    expect(whiteName(await call(watcher, EV.join, { gameId: created.gameId }))).toBe(name);
    watcher.disconnect();
    const renamed = `${name}b`;
    const r = await postApi(url(), API.rename, { name: renamed }, up.cookie!);
    expect(r.body).toMatchObject({ ok: true });
    const w2 = await connectAs(url(), (await guestSession(url())).cookie);
    expect(whiteName(await call(w2, EV.join, { gameId: created.gameId }))).toBe(renamed);
    w2.disconnect();

    // Another device: a fresh guest signs in (case-insensitively) and becomes the account.
    const device = await guestSession(url());
    const signed = await postApi(url(), API.signIn, { name: renamed.toUpperCase(), password: "correct horse" }, device.cookie);
    expect(signed.status).toBe(200);
    expect(signed.body.me!.id).toBe(guest.me.id);
    expect(signed.setCookie).toMatch(/HttpOnly/i);
    const d = await connectAs(url(), signed.cookie!);
    expect(await call(d, EV.join, { gameId: created.gameId })).toMatchObject({ ok: true, color: 2 });
    d.disconnect();
    // The device's old guest session is over.
    const old = (await (await fetch(`${url()}${API.me}`, { headers: { cookie: device.cookie } })).json()) as { me: { id: string } };
    expect(old.me.id).not.toBe(device.me.id);

    const out = await postApi(url(), API.signOut, {}, signed.cookie!);
    expect(out.status).toBe(200);
    expect(out.setCookie).toMatch(/Max-Age=0/);
    const after = (await (await fetch(`${url()}${API.me}`, { headers: { cookie: signed.cookie! } })).json()) as { me: { id: string; account: boolean } };
    expect(after.me).toMatchObject({ account: false });
    expect(after.me.id).not.toBe(guest.me.id);
  });

  it("the language a player chooses is kept with them: an account signing in on another device gets it back", async () => {
    const guest = await guestSession(url());
    expect((await postApi(url(), API.locale, { locale: "zh-CN" }, guest.cookie)).body.me).toMatchObject({ id: guest.me.id, locale: "zh-CN" });
    const name = `Lin${Date.now() % 100000}`;
    const up = await postApi(url(), API.signUp, { name, password: "correct horse" }, guest.cookie);
    expect(up.body.me).toMatchObject({ account: true, locale: "zh-CN" });
    const device = await guestSession(url());
    expect(device.me).not.toHaveProperty("locale");
    const signed = await postApi(url(), API.signIn, { name, password: "correct horse" }, device.cookie);
    expect(signed.body.me).toMatchObject({ id: guest.me.id, locale: "zh-CN" });
    expect((await postApi(url(), API.locale, { locale: "en" }, signed.cookie!)).body.me).toMatchObject({ locale: "en" });
    const me = (await (await fetch(`${url()}${API.me}`, { headers: { cookie: signed.cookie! } })).json()) as { me: { locale?: string } };
    expect(me.me.locale).toBe("en");
    // Only the site's languages; and only with a session.
    expect((await postApi(url(), API.locale, { locale: "fr" }, signed.cookie!)).body.error.code).toBe("BAD_PAYLOAD");
    expect((await postApi(url(), API.locale, { locale: "en" })).body.error.code).toBe("NOT_SIGNED_IN");
  });

  it("a wrong password and an unknown name get the same answer (no account enumeration)", async () => {
    const g = await guestSession(url());
    const name = `Bea${Date.now() % 100000}`;
    await postApi(url(), API.signUp, { name, password: "a good password" }, g.cookie);
    const wrong = await postApi(url(), API.signIn, { name, password: "not it at all" });
    const unknown = await postApi(url(), API.signIn, { name: `${name}x`, password: "not it at all" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toEqual(unknown.body.error);
    expect(wrong.body.error).toEqual({ code: "BAD_CREDENTIALS", message: "Wrong name or password." });
    expect(wrong.cookie).toBeNull();
  });

  it("names are unique whatever their case; bad names and bad requests get a code and a sentence and change nothing", async () => {
    const a = await guestSession(url());
    const b = await guestSession(url());
    const name = `Cy${Date.now() % 100000}`;
    expect((await postApi(url(), API.rename, { name }, a.cookie)).body.me!.name).toBe(name);
    const clash = await postApi(url(), API.rename, { name: name.toLowerCase() }, b.cookie);
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe("NAME_TAKEN");
    for (const bad of ["ab", "x".repeat(21), "has space", "<script>", "-lead"]) {
      const r = await postApi(url(), API.rename, { name: bad }, b.cookie);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code).toBe("BAD_PAYLOAD");
    }
    expect((await postApi(url(), API.rename, "{not json", b.cookie)).body.error).toMatchObject({
      code: "BAD_PAYLOAD",
      message: "The request is not valid JSON.",
    });
    expect((await postApi(url(), API.rename, { name: "Fine1", extra: 1 }, b.cookie)).status).toBe(400);
    const big = await postApi(url(), API.rename, { name: "x".repeat(10_000) }, b.cookie);
    expect(big.body.error.code).toBe("BAD_PAYLOAD");
    // Not JSON (a cross-site form would send this): refused.
    const form = await fetch(`${url()}${API.rename}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: b.cookie },
      body: "name=Evil1",
    });
    expect(form.status).toBe(400);
    // Another site's page: refused by its Origin.
    const cross = await postApi(url(), API.rename, { name: "Evil2" }, b.cookie, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(cross.body.error.code).toBe("NOT_ALLOWED");
    const me = (await (await fetch(`${url()}${API.me}`, { headers: { cookie: b.cookie } })).json()) as { me: { name: string } };
    expect(me.me.name).toBe(b.me.name);
    // Without a session there is nobody to rename.
    expect((await postApi(url(), API.rename, { name: "Nobody1" })).body.error.code).toBe("NOT_SIGNED_IN");
  });
});

describe("a rematch is for the two players only", () => {
  it("a stranger who learns the rematch's id cannot sit in it; the other player takes it by identity or by asking for the rematch", async () => {
    const alice = await guestSession(url());
    const bob = await guestSession(url());
    const a = await connectAs(url(), alice.cookie);
    const b = await connectAs(url(), bob.cookie);
    const { gameId } = await call(a, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 });
    await call(b, EV.join, { gameId, takeSeat: true });
    await call(a, EV.resign, { gameId });
    const r = await call(b, EV.rematch, { gameId });
    expect(r).toMatchObject({ ok: true, color: 1 });
    const stranger = await connectAs(url(), (await guestSession(url())).cookie);
    const sj = await call(stranger, EV.join, { gameId: r.gameId, takeSeat: true });
    expect(sj).toMatchObject({ ok: true, color: null, seatToken: null });
    expect(sj.state.status).toBe("waiting");
    // An anonymous socket (no identity) fares no better.
    const anon = await env.client();
    expect(await call(anon, EV.join, { gameId: r.gameId, takeSeat: true })).toMatchObject({ ok: true, color: null });
    // The rematch is not in the live list while it waits.
    const live = await call(anon, EV.list, { status: "live" });
    expect(live.games.map((g) => g.id)).not.toContain(r.gameId);
    // Alice comes by identity: her seat (white now), and the game starts.
    const aj = await call(a, EV.join, { gameId: r.gameId, takeSeat: true });
    expect(aj).toMatchObject({ ok: true, color: 2 });
    expect(aj.state.status).toBe("playing");
    for (const s of [a, b, stranger]) s.disconnect();
  });

  it("seat-token players (no identity) keep the old way: the second asker gets the rematch's other seat", async () => {
    const a = await env.client();
    const b = await env.client();
    const { gameId, seatToken: at } = await call(a, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 });
    const bj = await call(b, EV.join, { gameId, takeSeat: true });
    await call(a, EV.resign, { gameId, seatToken: at });
    const first = await call(a, EV.rematch, { gameId, seatToken: at });
    const stranger = await env.client();
    expect(await call(stranger, EV.join, { gameId: first.gameId, takeSeat: true })).toMatchObject({ ok: true, color: null });
    const second = await call(b, EV.rematch, { gameId, seatToken: bj.seatToken! });
    expect(second).toMatchObject({ ok: true, gameId: first.gameId, color: 1 });
  });
});

describe("abuse limits", () => {
  it("sign-in guesses are limited per name", async () => {
    const g = await guestSession(url());
    const name = `Dee${Date.now() % 100000}`;
    await postApi(url(), API.signUp, { name, password: "right password" }, g.cookie);
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await postApi(url(), API.signIn, { name, password: `guess ${i}` })).status);
    expect(codes.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(codes.slice(8)).toEqual([429, 429]);
    // Even the right password waits now (from the guessing address), and the answer says when to try again.
    const right = await postApi(url(), API.signIn, { name, password: "right password" });
    expect(right.status).toBe(429);
    expect(right.body.error).toMatchObject({ code: "RATE_LIMITED" });
    expect(right.body.error.message).toMatch(/try again in \d+ s/);
  });
});

describe("abuse limits by address (behind a proxy)", () => {
  const proxied = useServer({ limits: { ...DEFAULT_LIMITS, enabled: true, trustProxy: true } });
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  it("a stranger guessing a name locks out their own address, not the name's owner", async () => {
    const u = proxied.srv.url;
    const g = await guestSession(u);
    const name = `Eve${Date.now() % 100000}`;
    await postApi(u, API.signUp, { name, password: "right password" }, g.cookie, from("10.7.0.9"));
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await postApi(u, API.signIn, { name, password: `guess ${i}` }, undefined, from("10.7.0.1"))).status);
    expect(codes).toEqual([...Array(8).fill(401), 429]);
    expect((await postApi(u, API.signIn, { name, password: "right password" }, undefined, from("10.7.0.1"))).status).toBe(429);
    // The owner, from their own address, signs in.
    const owner = await postApi(u, API.signIn, { name, password: "right password" }, undefined, from("10.7.0.2"));
    expect(owner.status).toBe(200);
    expect(owner.body.me).toMatchObject({ name, account: true });
  });

  it("a player renames at most 5 times a day (each old name stays a link to them): the 6th is refused and changes nothing", async () => {
    const u = proxied.srv.url;
    const g = await guestSession(u);
    const stem = `Re${Date.now() % 100000}x`;
    for (let i = 1; i <= 5; i++) expect((await postApi(u, API.rename, { name: `${stem}${i}` }, g.cookie, from(`10.8.0.${i}`))).status).toBe(200);
    const sixth = await postApi(u, API.rename, { name: `${stem}6` }, g.cookie, from("10.8.1.1"));
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatchObject({ code: "RATE_LIMITED" });
    expect(sixth.body.error.message).toMatch(/renames of your name today/);
    expect((await proxied.srv.db.player.findUnique({ where: { id: g.me.id } }))!.name).toBe(`${stem}5`);
    // Someone else's rename is theirs to make.
    const other = await guestSession(u);
    expect((await postApi(u, API.rename, { name: `${stem}o` }, other.cookie, from("10.8.0.1"))).status).toBe(200);
  });
});

describe("sessions", () => {
  it("an expired session is no session, and expired rows are purged", async () => {
    const g = await guestSession(url());
    await env.srv.db.session.updateMany({ where: { playerId: g.me.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    // A fresh node (no cache) sees the expiry at once; this node's cache keeps a session at most 30 s.
    const { Identities } = await import("../../lib/server/identity/identities");
    const fresh = new Identities(env.srv.db);
    expect(await fresh.ofSession(g.cookie.split("=")[1])).toBeNull();
    expect(await fresh.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await env.srv.db.session.count({ where: { playerId: g.me.id } })).toBe(0);
  });
});
