// Rated play between strangers: an open challenge accepted from the lobby, played to a result, both
// banners show the rating change, the loser's page shows the game and the chart; an unknown player
// is a 404. (That a third person sees no private invite is lobby.spec's.)
import { expect } from "@playwright/test";
import { postChallenge, twoGuestsInLobby, test } from "./helpers";

test.describe.configure({ timeout: 240_000 }); // three browsers and a server on two cores

test("A challenges, B accepts from the lobby, A resigns: both see +/− on the banner, B opens A's page and sees the game and the chart", async ({ browser }) => {
  const { a, b, aName } = await twoGuestsInLobby(browser);
  await postChallenge(a, { black: true });
  const row = b.locator(`[data-author="${aName}"]`);
  await expect(row).toContainText("rated");
  await row.getByRole("button", { name: "Accept" }).click();
  await a.waitForURL(/\/game\//);
  await b.waitForURL(/\/game\//);
  const gameId = a.url().split("/").pop()!;

  // Names and provisional ratings on the game page; abort is offered before both have moved.
  await expect(b.getByTestId("name-black")).toHaveText(aName);
  await expect(b.getByTestId("rating-black")).toHaveText("1500?");
  await expect(a.getByTestId("abort")).toBeVisible();
  await a.getByTestId("pt-h8").click();
  await expect(b.getByTestId("pt-h8")).toHaveAttribute("data-stone", "1");
  await b.getByTestId("pt-h9").click();
  await expect(a.getByTestId("pt-h9")).toHaveAttribute("data-stone", "2");
  // Both have moved: no abort any more, a draw may be offered.
  await expect(a.getByTestId("abort")).toHaveCount(0);
  await expect(a.getByTestId("offer-draw")).toBeVisible();

  await a.getByTestId("resign").click();
  await a.getByRole("button", { name: "Yes, resign" }).click();
  for (const p of [a, b]) {
    await expect(p.getByTestId("result-banner")).toHaveAttribute("data-result", "white");
    const loss = Number(await p.getByTestId("rating-change-black").getAttribute("data-diff"));
    const gain = Number(await p.getByTestId("rating-change-white").getAttribute("data-diff"));
    expect(loss).toBeLessThan(0);
    expect(gain).toBeGreaterThan(0);
    await expect(p.getByTestId("rating-change-black")).toContainText(`−${-loss}`);
    await expect(p.getByTestId("rating-change-white")).toContainText(`+${gain}`);
  }

  // B follows A's name to their page: the game is there, with its replay, and the chart has its point.
  await b.getByTestId("name-black").click();
  await b.waitForURL(new RegExp(`/@/${aName}$`));
  await expect(b.getByTestId("player-name")).toHaveText(aName);
  await expect(b.getByTestId("player-record")).toHaveAttribute("data-losses", "1");
  await expect(b.getByTestId("rating-chart")).toHaveAttribute("data-points", "1");
  const game = b.locator(`[data-testid="recent-game"][data-game-id="${gameId}"]`);
  await expect(game).toContainText("lost");
  await game.getByTestId("recent-game-replay").click();
  await b.waitForURL(new RegExp(`/replay/${gameId}$`));
  await expect(b.getByTestId("replay-player-black")).toHaveText(aName);

  // The leaderboard lists neither (one game leaves both provisional: lib/server/ratings/eligibility) and says why.
  await b.goto("/leaderboard?pool=freestyle-15-blitz");
  await expect(b.getByTestId("leaderboard-rules")).toContainText("Provisional players are not shown");
  await expect(b.getByTestId("leaderboard-row").filter({ hasText: aName })).toHaveCount(0);

  // An unknown name: Next's 404 page, with its status.
  const res = await b.goto("/@/nobody-by-this-name");
  expect(res?.status()).toBe(404);
  await expect(b.getByTestId("not-found")).toBeVisible();

  // A rematch from the finished game: A waits for B by name (not an open invite), both ratings as
  // they are now; B's button accepts it and the game starts.
  await a.goto(`/game/${gameId}`);
  await b.goto(`/game/${gameId}`);
  await a.getByTestId("rematch").click();
  await a.waitForURL((u) => /\/game\//.test(u.pathname) && !u.pathname.endsWith(gameId));
  await expect(a.getByTestId("reserved")).toContainText(/^Rematch offered to \S+/);
  await expect(a.getByTestId("invite")).toHaveCount(0);
  await expect(a.getByTestId("status")).toHaveText(/^Waiting for \S+ to accept the rematch$/);
  await expect(a.getByTestId("rating-white")).toHaveText(/^\d+\?$/); // A now white, rated after the loss
  await expect(a.getByTestId("rating-black")).toHaveText(/^\d+\?$/);
  await expect(a.getByTestId("rating-white")).not.toHaveText("1500?");
  await expect(b.getByTestId("rematch")).toHaveText(/Accept rematch/);
  await b.getByTestId("rematch").click();
  await b.waitForURL(a.url());
  await expect(a.getByTestId("status")).toHaveText("Opponent's move (black)");
});

test("a draw offered, declined (the offerer is told and cannot repeat it in that position), offered again after a move and accepted: a draw by agreement, rated", async ({
  browser,
}) => {
  const { a, b, aName } = await twoGuestsInLobby(browser);
  await postChallenge(a);
  await b.locator(`[data-author="${aName}"]`).getByRole("button", { name: "Accept" }).click();
  await a.waitForURL(/\/game\//);
  await b.waitForURL(/\/game\//);
  // The seat is known once the join is answered (a state broadcast may come first: then it reads "none").
  for (const p of [a, b]) await expect(p.getByTestId("game")).toHaveAttribute("data-my-color", /^[12]$/);
  const [first, second] = (await a.getByTestId("game").getAttribute("data-my-color")) === "1" ? [a, b] : [b, a];
  await expect(first.getByTestId("status")).toHaveText("Your move (black)");
  await first.getByTestId("pt-h8").click();
  await expect(second.getByTestId("status")).toHaveText("Your move (white)");
  await second.getByTestId("pt-h9").click();
  await expect(first.getByTestId("status")).toHaveText("Your move (black)");

  await first.getByTestId("offer-draw").click();
  await expect(first.getByTestId("draw-offered")).toBeVisible();
  await second.getByTestId("decline-draw").click();
  await expect(first.getByTestId("draw-declined")).toHaveText("Draw declined: play on.");
  await expect(first.getByTestId("offer-draw")).toHaveCount(0);
  await first.getByTestId("pt-h7").click();
  await expect(second.getByTestId("status")).toHaveText("Your move (white)");
  await second.getByTestId("pt-j9").click();
  await expect(first.getByTestId("status")).toHaveText("Your move (black)");
  await expect(first.getByTestId("draw-declined")).toHaveCount(0);

  await first.getByTestId("offer-draw").click();
  await expect(first.getByTestId("draw-offered")).toBeVisible();
  await second.getByTestId("accept-draw").click();
  for (const p of [a, b]) {
    await expect(p.getByTestId("result-banner")).toHaveAttribute("data-result", "draw");
    await expect(p.getByTestId("result-banner")).toContainText("Drawn by agreement.");
    await expect(p.getByTestId("rating-changes")).toBeVisible();
  }
});

test("a rated game nobody starts: no clock runs, the side to move sees the first-move countdown, and the game is aborted with no rating change", async ({
  browser,
}) => {
  const { a, b, aName } = await twoGuestsInLobby(browser);
  await postChallenge(a, { black: true }); // the form's default clock: 5 minutes, a 30 s first-move window (FIRST_MOVE_MS)
  await b.locator(`[data-author="${aName}"]`).getByRole("button", { name: "Accept" }).click();
  await a.waitForURL(/\/game\//);
  await b.waitForURL(/\/game\//);
  // Black's clock stands still before its first move; the countdown says what happens if nobody moves.
  await expect(a.getByTestId("first-move-black")).toContainText(/Your first move within \d+ s, or the game is aborted/);
  await expect(b.getByTestId("first-move-black")).toContainText(/First move within \d+ s, or the game is aborted/);
  await expect(a.getByTestId("clock-black")).toHaveAttribute("data-running", "false");
  await expect(a.getByTestId("clock-black")).toHaveText("5:00");
  await expect(a.getByTestId("claim")).toHaveCount(0);
  // Nobody moves: aborted when the window closes.
  for (const p of [a, b]) {
    await expect(p.getByTestId("result-banner")).toHaveAttribute("data-reason", "abort", { timeout: 45_000 });
    await expect(p.getByTestId("result-banner")).toContainText("no rating change");
    await expect(p.getByTestId("rating-changes")).toHaveCount(0);
  }
  await expect(a.getByTestId("clock-black")).toHaveText("5:00");
});
