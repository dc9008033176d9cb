// Tournaments in the browser (issue 30), cheaply: a guest creates an arena from /tournaments, two
// players join it, the director pairs them (their pages open the game by themselves), and the
// standings show both. The rules themselves are tested in test/server/tournaments.test.ts.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { newPage, test } from "./helpers";

/** Headers of the standings wider than their cell (h3's trial: "Performance" 113 > 96 px, past the table's edge). */
const cutHeaders = (page: Page) =>
  page
    .getByTestId("standings")
    .locator("th")
    .evaluateAll((ths) => ths.filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent));

/** axe's serious and critical violations (WCAG A/AA). */
async function seriousViolations(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return r.violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.id}: ${v.nodes[0]?.target}`);
}

test("create an arena, two players join, they are paired into one game, the standings show", async ({ browser }) => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  await a.goto("/tournaments");
  await expect(a.getByRole("heading", { level: 1 })).toHaveText("Tournaments");
  await expect(a.getByTestId("tournament-lists")).toBeVisible();
  await a.getByLabel("Name", { exact: true }).fill("E2E arena");
  await a.getByTestId("tour-create").click();
  await a.waitForURL(/\/tournament\/[A-Za-z0-9_-]+$/);
  const url = a.url();
  await expect(a.getByTestId("tournament-name")).toHaveText("E2E arena");
  await a.getByTestId("tour-join").click();
  await expect(a.getByTestId("tour-me")).toBeVisible();

  await b.goto(url);
  await b.getByTestId("tour-join").click();
  // Paired within a director's tick or two: both pages go to the same game.
  await a.waitForURL(/\/game\//, { timeout: 20_000 });
  await b.waitForURL(/\/game\//, { timeout: 20_000 });
  expect(a.url()).toBe(b.url());
  // Each page takes its seat (the colour shows once the page has joined).
  for (const p of [a, b]) await expect(p.getByTestId("game")).toHaveAttribute("data-my-color", /^[12]$/);
  const colors = await Promise.all([a, b].map((p) => p.getByTestId("game").getAttribute("data-my-color")));
  expect(colors.sort()).toEqual(["1", "2"]);
  // The game's page says which event it is a game of (a link back) and offers berserk before the first move.
  await expect(a.getByTestId("game-event-link")).toHaveAttribute("href", new URL(url).pathname);
  await expect(a.getByTestId("game-berserk")).toBeVisible();

  // Back on the event: two rows in the standings, the game under way as the top game, mine to open.
  await b.goto(url);
  await expect(b.getByTestId("standing-row")).toHaveCount(2);
  await expect(b.getByTestId("tour-top-game")).toBeVisible();
  await expect(b.getByTestId("tour-my-game")).toHaveAttribute("href", new URL(a.url()).pathname);
  await expect(b.getByTestId("tournament-status")).toHaveText("Under way");
  // At 1280 px every header fits its column.
  await b.setViewportSize({ width: 1280, height: 900 });
  expect(await cutHeaders(b)).toEqual([]);

  // B resigns: A is offered no rematch (the event pairs the next game) and told the next one opens by itself.
  await b.goto(a.url());
  await b.getByTestId("resign").click();
  await b.getByTestId("resign-confirm").getByRole("button").first().click();
  await expect(a.getByTestId("game-event-next")).toBeVisible();
  await expect(a.getByTestId("rematch")).toHaveCount(0);
});

// Issue 30 part 3 in the browser: a round robin of three small configurations (11×11, 0.1 s a move,
// depth ≤ 2 / level 1 / depth ≤ 1) made from the form; its page shows the crosstable, the game on air, and the
// first result arriving live (the event's socket room); the creator stops it. Playing all six games to
// the end takes ~40 s here (the server pauses 300 ms before each AI-vs-AI move, AI_PAUSE_MS, so people can
// follow them): that is test/server/engine-tournaments.test.ts's job (pause 0), with the crosstable's rules.
test("an engine round robin of three configurations from the form: crosstable, game on air, a live result, stopped", async ({ browser }) => {
  const a = await newPage(browser);
  await a.goto("/tournaments");
  const form = a.getByTestId("create-engine-tournament");
  await form.getByLabel("Event name").fill("E2E engines");
  await form.getByTestId("engine-size").selectOption("11");
  // Game 1 is configuration 1 (depth ≤ 2 with the threat search) against 2 (level 1, which blunders): over quickly.
  for (const [i, [depth, level]] of [
    ["2", "0"],
    ["0", "1"],
    ["1", "0"],
  ].entries()) {
    await form.getByTestId(`engine-algo-${i}`).selectOption("alphabeta");
    await form.getByTestId(`engine-time-${i}`).selectOption("100");
    await form.getByTestId(`engine-depth-${i}`).selectOption(depth);
    await form.getByTestId(`engine-level-${i}`).selectOption(level);
  }
  await expect(form.getByTestId("engine-games")).toContainText("6 games");
  await form.getByTestId("engine-create").click();
  await a.waitForURL(/\/tournament\/[A-Za-z0-9_-]+$/);
  await expect(a.getByTestId("tournament-name")).toHaveText("E2E engines");
  await expect(a.getByTestId("crosstable-row")).toHaveCount(3);
  await expect(a.getByTestId("engine-current")).toHaveAttribute("href", /^\/game\/tv-/);
  // The first game's result reaches the page by itself (no reload): one point shared out, an Elo shown.
  // ~10 s on a quiet machine; the TV's own game on air shares the one background thread (AI_TV_THREADS) until it ends.
  await expect(a.getByTestId("engine-progress")).toContainText("1 of 6 games played", { timeout: 45_000 });
  const points = await a.getByTestId("crosstable-points").allTextContents();
  expect(points.map((p) => Number(p.split("/")[0])).reduce((sum, x) => sum + x, 0)).toBe(1);
  await expect(a.getByTestId("crosstable-elo").filter({ hasText: /\d/ })).not.toHaveCount(0);
  // On a phone the crosstable scrolls sideways: a region with a tab stop (h3's trial: axe scrollable-region-focusable).
  await a.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(a)).toEqual([]);
  await a.getByTestId("engine-stop").click();
  await expect(a.getByTestId("tournament-status")).toHaveText("Finished");
});
