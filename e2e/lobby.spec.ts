// Strangers find each other in the lobby: an open challenge accepted with one click, quick pairing,
// and private invites that nobody else ever sees listed.
import { expect, type Page } from "@playwright/test";
import { createInvite, newPage, postChallenge, twoGuestsInLobby, test } from "./helpers";

test.describe.configure({ timeout: 240_000 }); // three browsers and a server on two cores

const myColor = (p: Page) => p.getByTestId("game").getAttribute("data-my-color");

test("guest A posts an open challenge, guest B sees it live and accepts it: both are sent to the game and play", async ({ browser }) => {
  const { a, b, aName } = await twoGuestsInLobby(browser);
  await expect(b.getByTestId("challenges-empty").or(b.getByTestId("challenges"))).toBeVisible();
  await postChallenge(a, { black: true });
  // B sees it without reloading; A sees it as their own (Withdraw, not Accept).
  const row = b.locator(`[data-author="${aName}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText("5+3 · rated · ● they play black");
  await expect(a.locator(`[data-author="${aName}"]`).getByRole("button", { name: "Withdraw" })).toBeVisible();

  await row.getByRole("button", { name: "Accept" }).click();
  await b.waitForURL(/\/game\//);
  await a.waitForURL(/\/game\//);
  expect(a.url()).toBe(b.url());
  await expect(a.getByTestId("game")).toHaveAttribute("data-my-color", "1");
  await expect(b.getByTestId("game")).toHaveAttribute("data-my-color", "2");
  await expect(a.getByTestId("status")).toHaveText("Your move (black)");
  await a.getByTestId("pt-h8").click();
  await expect(b.getByTestId("pt-h8")).toHaveAttribute("data-stone", "1");
  await expect(b.getByTestId("status")).toHaveText("Your move (white)");
  // The challenge is gone from the lobby.
  const c = await newPage(browser);
  await c.goto("/");
  await expect(c.getByTestId("challenges-empty").or(c.getByTestId("challenges"))).toBeVisible();
  await expect(c.locator(`[data-author="${aName}"]`)).toHaveCount(0);
});

test("quick pairing pairs two browsers into a rated game; cancelling takes you out", async ({ browser }) => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  await a.goto("/");
  // A double click asks once: no "as many open as you may" refusal.
  await a.getByTestId("pool-19-freestyle-10+5").dblclick();
  await expect(a.getByTestId("seeking")).toHaveAttribute("data-pool", "19-freestyle-10+5");
  await a.waitForTimeout(500); // a second request's refusal would be back by now
  await expect(a.getByTestId("toast")).toHaveCount(0);
  await a.getByTestId("seek-cancel").click();
  await expect(a.getByTestId("quick-pools")).toBeVisible();

  await a.getByTestId("pool-15-freestyle-3+2").click();
  await expect(a.getByTestId("seeking")).toBeVisible();
  await b.goto("/");
  await expect(b.getByTestId("pool-waiting-15-freestyle-3+2")).toHaveText("1 waiting");
  await b.getByTestId("pool-15-freestyle-3+2").click();
  await a.waitForURL(/\/game\//);
  await b.waitForURL(/\/game\//);
  expect(a.url()).toBe(b.url());
  // The room's state can arrive before the join's answer (which names your seat): wait for the seat.
  for (const p of [a, b]) await expect(p.getByTestId("game")).not.toHaveAttribute("data-my-color", "none");
  expect([await myColor(a), await myColor(b)].sort()).toEqual(["1", "2"]);
});

test("a private invite is never listed: a third person sees neither it nor a Join link in the lobby", async ({ browser }) => {
  const host = await newPage(browser);
  const link = await createInvite(host);
  const gameId = link.split("/").pop()!;
  const stranger = await newPage(browser);
  await stranger.goto("/");
  await expect(stranger.getByTestId("live-games").or(stranger.getByTestId("live-games-empty"))).toBeVisible();
  await expect(stranger.getByTestId("challenges").or(stranger.getByTestId("challenges-empty"))).toBeVisible();
  await expect(stranger.getByTestId(`watch-${gameId}`)).toHaveCount(0);
  await expect(stranger.getByRole("link", { name: "Join" })).toHaveCount(0);
  await expect(stranger.getByTestId(`challenge-${gameId}`)).toHaveCount(0);
});
