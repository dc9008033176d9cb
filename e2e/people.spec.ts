// People (issue 28) in real Chromium: find a player by name, follow them and see them online,
// challenge them by name from their page; they accept with one click and both are in the game. A
// correspondence game (days per move): the player to move sees it in the nav.
import { expect, type Page } from "@playwright/test";
import { newPage, test } from "./helpers";

test.describe.configure({ timeout: 180_000 });

async function guest(page: Page): Promise<string> {
  await page.goto("/players");
  await expect(page.getByTestId("nav-me")).toContainText("(guest)");
  return (await page.getByTestId("nav-me").innerText()).replace("(guest)", "").trim();
}

async function challengeFromTheirPage(a: Page, name: string, o: { days?: number } = {}): Promise<void> {
  await a.goto(`/@/${name}`);
  await a.getByTestId("challenge-open").click();
  const form = a.getByTestId("direct-challenge-form");
  await form.getByText("● Black").click();
  if (o.days) {
    await form.locator("label", { hasText: "Days per move" }).click();
    await a.getByTestId("dc-days").selectOption(String(o.days));
  }
  await a.getByTestId("direct-challenge-send").click();
  await expect(a.getByTestId("challenge-pending")).toBeVisible();
}

test("follow → the friend shows online → challenge by name → accepted with one click → both are in the game", async ({ browser }) => {
  const [a, b] = [await newPage(browser), await newPage(browser)];
  await guest(a);
  const bName = await guest(b);

  // A finds B by the first letters of the name, in any case, and opens B's page.
  await a.getByLabel("Search players by name").fill(bName.slice(0, 5).toLowerCase());
  await a.getByTestId("player-search-results").getByRole("link", { name: bName }).click();
  await expect(a.getByTestId("player-name")).toHaveText(bName);
  await a.getByTestId("follow-toggle").click();
  await expect(a.getByTestId("follow-toggle")).toHaveText("Unfollow");

  // Following: B is online.
  await a.goto("/players");
  await expect(a.locator(`[data-testid="following-row"][data-name="${bName}"]`)).toHaveAttribute("data-online", "true");

  // C follows B too and keeps the list open: it follows B's whereabouts live (pushed, not re-read on a timer).
  // (Not a tab of A's: a game of A's that starts takes every tab of A's to it.)
  const list = await newPage(browser);
  await guest(list);
  await list.goto(`/@/${bName}`);
  await list.getByTestId("follow-toggle").click();
  await expect(list.getByTestId("follow-toggle")).toHaveText("Unfollow");
  await list.goto("/players");
  await expect(list.locator(`[data-testid="following-row"][data-name="${bName}"]`)).toHaveAttribute("data-online", "true");

  // A challenges B by name; B (on another page) gets it live and accepts with one click.
  await challengeFromTheirPage(a, bName);
  const card = b.getByTestId("incoming-challenge");
  await expect(card).toBeVisible();
  await expect(card).toContainText("challenges you");
  await card.getByTestId("incoming-accept").click();
  await b.waitForURL(/\/game\//);
  await a.waitForURL(/\/game\//);
  expect(a.url()).toBe(b.url());
  await expect(a.getByTestId("game")).toHaveAttribute("data-my-color", "1");
  await expect(b.getByTestId("game")).toHaveAttribute("data-my-color", "2");
  await a.getByTestId("pt-h8").click();
  await expect(b.getByTestId("pt-h8")).toHaveAttribute("data-stone", "1");

  // The friend is playing now: the open list links to the game to watch, without a reload (its fallback read is a minute away).
  await expect(list.locator(`[data-testid="following-row"][data-name="${bName}"]`).getByTestId("following-watch")).toHaveAttribute(
    "href",
    new RegExp(`/game/${a.url().split("/game/")[1]}`),
  );
});

test("a challenge reaches /learn and is declined there; a correspondence game's player to move sees it in the nav", async ({ browser }) => {
  const [a, b] = [await newPage(browser), await newPage(browser)];
  await guest(a);
  const bName = await guest(b);

  // B reads /learn, a page with no socket of its own: the challenge arrives there too (the inbox loads when the page is idle).
  await b.goto("/learn");
  await challengeFromTheirPage(a, bName);
  await b.getByTestId("incoming-challenge").getByTestId("incoming-decline").click();
  await expect(a.getByTestId("toast").filter({ hasText: `${bName} declined your challenge.` })).toBeVisible();

  // Three days a move; A plays black, so it is A's move first: A's nav says so.
  await a.getByTestId("challenge-open").click();
  const form = a.getByTestId("direct-challenge-form");
  await form.getByText("● Black").click();
  await form.locator("label", { hasText: "Days per move" }).click();
  await a.getByTestId("dc-days").selectOption("3");
  await a.getByTestId("direct-challenge-send").click();
  await b.getByTestId("incoming-challenge").getByTestId("incoming-accept").click();
  await a.waitForURL(/\/game\//);
  await expect(a.getByTestId("nav-corr-turns")).toHaveAttribute("data-count", "1");
  await expect(a.getByTestId("corr-note")).toContainText("3 days a move");
  await a.getByTestId("pt-h8").click();
  // Now it is B's move: B's nav counts it, A's no longer shows it.
  await expect(b.getByTestId("nav-corr-turns")).toHaveAttribute("data-count", "1");
  await expect(a.getByTestId("nav-corr-turns")).toHaveCount(0);
  await b.getByTestId("nav-corr-turns").click();
  await expect(b.getByRole("heading", { level: 1 })).toHaveText("Correspondence: your turn");
  await expect(b.getByTestId("corr-turn")).toHaveCount(1);
});

test("a correspondence challenge from the lobby: hidden while its author is blocked, unblocked on /account, then listed with its days and taken", async ({
  browser,
}) => {
  const [a, b] = [await newPage(browser), await newPage(browser)];
  await guest(a);
  const bName = await guest(b);

  // B posts five days a move, black, from the lobby (no clock: the author need not stay).
  await b.goto("/");
  await b.getByTestId("open-challenge-form").click();
  const form = b.getByTestId("form-challenge");
  await form.getByText("● Black", { exact: true }).click();
  await form.locator("label", { hasText: "Days per move" }).click();
  await expect(b.getByTestId("challenge-days-hint")).toContainText("up to a week");
  await b.getByTestId("ch-days").selectOption("5");
  await form.getByTestId("challenge-submit").click();
  await expect(b.locator(`[data-author="${bName}"]`).getByTestId("challenge-time")).toHaveText("5 days a move");

  // A blocks B from B's page: B's challenge is not shown to A.
  await a.goto(`/@/${bName}`);
  await a.getByTestId("block-toggle").click();
  await expect(a.getByTestId("block-toggle")).toHaveAttribute("aria-pressed", "true");
  await a.goto("/");
  await expect(a.getByTestId("challenges").or(a.getByTestId("challenges-empty"))).toBeVisible();
  await expect(a.locator(`[data-author="${bName}"]`)).toHaveCount(0);

  // /account lists B with an Unblock button named for B; unblocked, the list is empty.
  await a.goto("/account");
  await expect(a.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(a.locator(`[data-testid="blocked-row"][data-name="${bName}"]`)).toBeVisible();
  await a.getByRole("button", { name: `Unblock ${bName}` }).click();
  await expect(a.getByTestId("blocked-none")).toBeVisible();

  // Back in the lobby A sees it with its days and takes it: a correspondence game, B (black) to move.
  await a.goto("/");
  const row = a.locator(`[data-author="${bName}"]`);
  await expect(row.getByTestId("challenge-time")).toHaveText("5 days a move");
  await row.getByRole("button", { name: "Accept" }).click();
  await a.waitForURL(/\/game\//);
  await expect(a.getByTestId("corr-note")).toContainText("5 days a move");
  await b.waitForURL(/\/game\//);
  await expect(b.getByTestId("nav-corr-turns")).toHaveAttribute("data-count", "1");
});
