// A renamed player's old name (lib/server/ratings/http, lib/server/identity/identities): /@/<old name>
// is a 302 to the page under the name now, for a rename and for a guest signing up under a new
// name, through a chain of renames and in any case; a name someone takes afterwards is theirs; a
// name nobody has or had reaches Next as its 404 path. A name left is held for its old holder
// (NAME_HOLD_DAYS, 1 here): the clock is moved past it where a test takes a name left by another. A stand-in for Next records what it was given.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";
import { API } from "../../lib/shared/identity";
import { guestSession, postApi } from "./helpers";

describe("/@/<name> after a rename", () => {
  let srv: TestServer;
  const seen: string[] = [];
  let now = Date.now();
  beforeAll(async () => {
    srv = await startTestServer({
      identity: { nameHoldDays: 1, now: () => now },
      requestHandler: (req, res) => {
        seen.push(req.url ?? "");
        res.end("page");
      },
    });
  });
  afterAll(() => srv?.close());

  /** GETs the page of `name`: a redirect's target, or the path the page handler was given. */
  async function visit(name: string): Promise<{ redirect: string } | { page: string }> {
    const res = await fetch(`${srv.url}/@/${encodeURIComponent(name)}`, { redirect: "manual" });
    await res.arrayBuffer();
    if (res.status === 302) return { redirect: res.headers.get("location")! };
    expect(res.status).toBe(200);
    return { page: seen[seen.length - 1] };
  }
  const rename = async (cookie: string, name: string) => expect((await postApi(srv.url, API.rename, { name }, cookie)).body).toMatchObject({ ok: true });
  const unique = (stem: string) => `${stem}${Math.random().toString(36).slice(2, 8)}`;

  it("leads an old name to the player's page, through renames, in any case; an unknown name is the 404 path", async () => {
    const a = await guestSession(srv.url);
    const first = a.me.name;
    const second = unique("Second");
    const third = unique("Third");
    await rename(a.cookie, second);
    expect(await visit(first)).toEqual({ redirect: `/@/${second}` });
    expect(await visit(first.toUpperCase())).toEqual({ redirect: `/@/${second}` });
    expect(await visit(second)).toEqual({ page: `/@/${second}` });
    await rename(a.cookie, third);
    expect(await visit(first)).toEqual({ redirect: `/@/${third}` });
    expect(await visit(second)).toEqual({ redirect: `/@/${third}` });
    // A change of case only: the name is still the player's own, no alias to themselves.
    await rename(a.cookie, third.toUpperCase());
    expect(await visit(third)).toEqual({ page: `/@/${third}` });
    expect(await visit(unique("Nobody"))).toEqual({ page: "/player/-/not-found" });
  });

  it("a guest signing up under a new name keeps the guest name's links", async () => {
    const g = await guestSession(srv.url);
    const account = unique("Acct");
    expect((await postApi(srv.url, API.signUp, { name: account, password: "correct horse" }, g.cookie)).body).toMatchObject({ ok: true });
    expect(await visit(g.me.name)).toEqual({ redirect: `/@/${account}` });
  });

  it("a name taken afterwards is its new holder's; when they leave it, it leads to them", async () => {
    const a = await guestSession(srv.url);
    const b = await guestSession(srv.url);
    const old = a.me.name;
    await rename(a.cookie, unique("Moved"));
    now += 2 * 86_400_000; // past the hold
    await rename(b.cookie, old);
    expect(await visit(old)).toEqual({ page: `/@/${old}` }); // B's now, not a redirect to A
    const bNext = unique("Onward");
    await rename(b.cookie, bNext);
    expect(await visit(old)).toEqual({ redirect: `/@/${bNext}` }); // its latest holder
  });
});
