// Failed sign-ins: per name and address (a guesser locks out only their own address), and per name
// from every address together at ALL_ADDRESSES_FACTOR times that (guessing from many addresses).
import { describe, expect, it } from "vitest";
import { ALL_ADDRESSES_FACTOR, createIdentityLimiter } from "./limits";

const settings = { enabled: true, ipGuestsPerHour: 100, ipLoginsPer15Min: 100, nameLoginsPer15Min: 2, playerRenamesPerDay: 3 };

describe("failed sign-ins", () => {
  it("count per name and address, then per name from all addresses together", async () => {
    const l = createIdentityLimiter(settings);
    await l.failed("Ann", "10.0.0.1");
    await l.failed("ann", "10.0.0.1"); // names count whatever their case
    expect((await l.nameAllowed("Ann", "10.0.0.1")).ok).toBe(false);
    expect((await l.nameAllowed("Ann", "10.0.0.2")).ok).toBe(true);
    expect((await l.nameAllowed("Bob", "10.0.0.1")).ok).toBe(true);
    // Nothing but time clears them: a right password from the address (the owner's) gives a guesser there no new guesses.

    // Many addresses, each within its own budget, together reach the name's overall cap.
    const total = settings.nameLoginsPer15Min * ALL_ADDRESSES_FACTOR;
    for (let i = 0; i < total - 2; i++) await l.failed("Ann", `10.1.${Math.floor(i / 2)}.${i % 2}`);
    const fresh = await l.nameAllowed("Ann", "10.9.9.9");
    expect(fresh.ok).toBe(false);
    if (!fresh.ok) expect(fresh.retryMs).toBeGreaterThan(0);
  });
});

describe("failed sign-ins from many addresses", () => {
  it("lock the name for unknown sources only: the owner's known address keeps its own budget, a known device has no limit", async () => {
    const l = createIdentityLimiter(settings);
    const total = settings.nameLoginsPer15Min * ALL_ADDRESSES_FACTOR;
    for (let i = 0; i < total; i++) await l.failed("Kim", `10.2.${Math.floor(i / 2)}.${i % 2}`);
    expect((await l.nameAllowed("Kim", "10.9.9.9")).ok).toBe(false);
    expect((await l.nameAllowed("Kim", "10.9.9.9", "address")).ok).toBe(true);
    expect((await l.nameAllowed("Kim", "10.9.9.9", "device")).ok).toBe(true);
    // Guesses from the known address itself still spend that address's budget.
    for (let i = 0; i < settings.nameLoginsPer15Min; i++) await l.failed("Kim", "10.9.9.9");
    expect((await l.nameAllowed("Kim", "10.9.9.9", "address")).ok).toBe(false);
    expect((await l.nameAllowed("Kim", "10.9.9.9", "device")).ok).toBe(true);
  });
});

describe("password checks and account changes per address", () => {
  const small = { ...settings, ipLoginsPer15Min: 5 };

  it("a right password gives its point back: a class signs in from one address, only wrong passwords use the budget (trial F1)", async () => {
    const l = createIdentityLimiter(small);
    for (let i = 0; i < 40; i++) {
      expect((await l.attempt("10.3.0.1")).ok, `student ${i}`).toBe(true);
      await l.attemptSucceeded("10.3.0.1");
    }
    for (let i = 0; i < small.ipLoginsPer15Min; i++) expect((await l.attempt("10.3.0.1")).ok).toBe(true); // wrong ones
    const refused = await l.attempt("10.3.0.1");
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryMs).toBeGreaterThan(0);
  });

  it("sign-ups and renames have a budget of their own: an address's wrong guesses do not block them", async () => {
    const l = createIdentityLimiter(small);
    for (let i = 0; i <= small.ipLoginsPer15Min; i++) await l.attempt("10.4.0.1");
    expect((await l.attempt("10.4.0.1")).ok).toBe(false);
    for (let i = 0; i < small.ipLoginsPer15Min; i++) expect((await l.accountChange("10.4.0.1")).ok).toBe(true);
    expect((await l.accountChange("10.4.0.1")).ok).toBe(false);
  });
});

describe("renames", () => {
  it("count per player: the day's budget spent, the next is refused with the wait; another player is not touched", async () => {
    const l = createIdentityLimiter(settings);
    for (let i = 0; i < settings.playerRenamesPerDay; i++) expect((await l.rename("p1")).ok).toBe(true);
    const refused = await l.rename("p1");
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryMs).toBeGreaterThan(3_600_000);
    expect((await l.rename("p2")).ok).toBe(true);
  });
});
