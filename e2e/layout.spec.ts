// The layout at two widths: on a 1280 px desktop the player bars keep the rating whole (a long name
// gives way with an ellipsis); on a 390 px phone no page scrolls sideways.
import { expect, type Page } from "@playwright/test";
import { finishedAiGame, newPage, postChallenge, test, twoGuestsInLobby } from "./helpers";

/** The longest name there may be (20 characters), in wide letters; random digits so two tests running side by side never ask for the same one. */
const longName = () => `Wide${"W".repeat(10)}${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;

test.describe.configure({ timeout: 180_000 }); // a rated game takes two browsers; a replay takes an AI game

test("at 1280 px a long name gives way to the rating in the player bars: an ellipsis, never the rating", async ({ browser }) => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  await a.setViewportSize({ width: 1280, height: 800 });
  await b.setViewportSize({ width: 1280, height: 800 });
  await a.goto("/");
  await expect(a.getByTestId("nav-me")).toContainText("(guest)"); // the session exists
  const long = longName();
  const renamed = await a.request.post("/api/me/name", { data: { name: long } });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await a.reload();
  await expect(a.getByTestId("nav-me")).toContainText(long);
  // The menu stays one row on a desktop: the long name gives way, the language stays beside it.
  const rows = await a
    .locator("header nav > *")
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2)));
  expect(Math.max(...rows) - Math.min(...rows), "the menu's items sit on one row").toBeLessThanOrEqual(2);
  await b.goto("/");

  // A rated game (the lobby's open challenge, A black): the bars show the ratings.
  await a.getByTestId("open-challenge-form").click();
  const form = a.getByTestId("form-challenge");
  await form.getByText("● Black", { exact: true }).click();
  await form.getByTestId("challenge-submit").click();
  await b.locator(`[data-author="${long}"]`).getByRole("button", { name: "Accept" }).click();
  await a.waitForURL(/\/game\//);
  await b.waitForURL(/\/game\//);

  for (const p of [a, b]) {
    await expect(p.getByTestId("name-black")).toHaveText(long);
    await expect(p.getByTestId("rating-black")).toHaveText("1500?");
    const fit = await p.getByTestId("seat-line-black").evaluate((line) => {
      const box = line.getBoundingClientRect();
      const rating = line.querySelector('[data-testid="rating-black"]')!.getBoundingClientRect();
      const name = line.querySelector<HTMLElement>('[data-testid="name-black"]')!;
      return { ratingWhole: rating.width > 0 && rating.left >= box.left && rating.right <= box.right + 0.5, nameCut: name.scrollWidth > name.clientWidth };
    });
    expect(fit).toEqual({ ratingWhole: true, nameCut: true });
  }
  await a.context().close();
  await b.context().close();
});

/** How far the page scrolls sideways (0: not at all), and the outermost elements reaching past the right edge (not inside a box that scrolls or clips). */
async function sidewaysOverflow(page: Page): Promise<{ overflow: number; past: string[] }> {
  return page.evaluate(() => {
    const overflow = document.scrollingElement!.scrollWidth - window.innerWidth;
    const reaches = (e: Element) => e.getBoundingClientRect().right > window.innerWidth + 0.5;
    const clipped = (e: Element) => {
      for (let a = e.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== "visible") return true;
      return false;
    };
    const past = [...document.querySelectorAll("body *")].filter((e) => reaches(e) && !clipped(e) && !(e.parentElement && reaches(e.parentElement)));
    return {
      overflow: Math.max(0, overflow),
      past: overflow > 0 ? past.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute("class") ?? ""}`) : [],
    };
  });
}

/** The elements matching `selector` not wholly in sight sideways (cut by a box that clips, or past the edge): their texts. */
async function outOfSight(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((e) => {
        const r = e.getBoundingClientRect();
        if (r.left < -0.5 || r.right > window.innerWidth + 0.5) return true;
        for (let a = e.parentElement; a; a = a.parentElement) {
          if (getComputedStyle(a).overflowX === "visible") continue;
          const box = a.getBoundingClientRect();
          if (r.left < box.left - 0.5 || r.right > box.right + 0.5) return true;
        }
        return false;
      })
      .map((e) => (e.textContent ?? "").trim()),
  );
}

test.describe("on a 390×844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("no page scrolls sideways, even with the longest name there may be: the lobby, a game, a replay, /learn, the leaderboard and the others", async ({
    page,
    browser,
    baseURL,
  }) => {
    const gameId = await finishedAiGame(baseURL!);
    // A player with the longest name there may be, in wide letters, on the lobby (an open
    // challenge), in a rated game, and on a player page. (One rated game leaves a rating provisional:
    // the leaderboard does not list it, lib/server/ratings/eligibility, and says so.)
    const long = longName();
    await page.goto("/");
    await expect(page.getByTestId("nav-me")).toContainText("(guest)");
    const renamed = await page.request.post("/api/me/name", { data: { name: long } });
    expect(renamed.ok(), await renamed.text()).toBe(true);
    await page.reload();
    await expect(page.getByTestId("nav-me")).toContainText(long);
    await postChallenge(page, { black: true });
    const challenge = page.locator(`[data-author="${long}"]`);
    await expect(challenge).toBeVisible();
    expect(await sidewaysOverflow(page), "/ with a long-named challenge").toEqual({ overflow: 0, past: [] });
    const b = await newPage(browser);
    await b.goto("/");
    await b.locator(`[data-author="${long}"]`).getByRole("button", { name: "Accept" }).click();
    await page.waitForURL(/\/game\//);
    await expect(page.getByTestId("name-black")).toHaveText(long);
    expect(await sidewaysOverflow(page), "a rated game with a long name").toEqual({ overflow: 0, past: [] });
    // One move each, then the long name resigns: the game is rated (its chart on the player page).
    const ratedId = page.url().split("/").pop()!;
    await page.getByTestId("pt-h8").click();
    await expect(b.getByTestId("pt-h8")).toHaveAttribute("data-stone", "1");
    await b.getByTestId("pt-h9").click();
    await expect(page.getByTestId("pt-h9")).toHaveAttribute("data-stone", "2");
    await page.getByTestId("resign").click();
    await page.getByRole("button", { name: "Yes, resign" }).click();
    await expect(page.getByTestId("result-banner")).toHaveAttribute("data-result", "white");
    expect(await sidewaysOverflow(page), "a finished rated game with a long name").toEqual({ overflow: 0, past: [] });
    await b.context().close();

    const pages: Array<[string, string]> = [
      ["/", "form-ai"],
      [`/game/${gameId}`, "game"],
      [`/replay/${gameId}`, "replay"],
      [`/replay/${ratedId}`, "replay"],
      ["/learn", "explainer"],
      ["/games", "archive"],
      ["/games?page=99999", "archive-first-page"],
      ["/analysis", "analysis"],
      ["/tv", "tv"],
      ["/leaderboard?pool=freestyle-15-blitz", "leaderboard"],
      [`/@/${long}`, "player-page"],
      ["/import", "import-form"],
      ["/account", "account-kind"],
    ];
    for (const [path, testId] of pages) {
      await page.goto(path);
      await expect(page.getByTestId(testId).first(), path).toBeVisible();
      if (path.startsWith("/leaderboard")) {
        await expect(page.getByTestId("leaderboard-rules"), "the leaderboard says provisional players are not shown").toContainText("provisional");
        await expect(page.getByTestId("leaderboard-row").filter({ hasText: long }), "a provisional rating is not listed").toHaveCount(0);
      }
      expect(await sidewaysOverflow(page), path).toEqual({ overflow: 0, past: [] });
      // Nothing needed is hidden in a box that clips: every link of the menu, every game's Replay.
      expect(await outOfSight(page, "header nav a"), `${path}: the menu`).toEqual([]);
      if (path === "/learn") await expect(page.getByTestId("tree-scroll-hint"), "the tree wider than a phone says it scrolls").toBeVisible();
      if (path === "/games") expect(await outOfSight(page, '[data-testid^="replay-"]'), "/games: Replay").toEqual([]);
    }
  });

  test("an offer whose buttons are out of sight is said at the foot of the screen; Show brings them into view", async ({ page, browser }) => {
    const { a, aName } = await twoGuestsInLobby(browser);
    await postChallenge(a, { black: true });
    await page.goto("/");
    await page.locator(`[data-author="${aName}"]`).getByRole("button", { name: "Accept" }).click();
    await a.waitForURL(/\/game\//);
    await page.waitForURL(/\/game\//);
    await a.getByTestId("pt-h8").click();
    await expect(page.getByTestId("pt-h8")).toHaveAttribute("data-stone", "1");
    await page.getByTestId("pt-h9").click();
    await expect(a.getByTestId("pt-h9")).toHaveAttribute("data-stone", "2");
    // A smaller phone (375×667), scrolled to the top: the board fills the screen, the buttons are below.
    await page.setViewportSize({ width: 375, height: 667 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId("offscreen-notice")).toHaveCount(0);
    await a.getByTestId("offer-draw").click();
    const notice = page.getByTestId("offscreen-notice");
    await expect(notice).toContainText("Your opponent offers a draw.");
    await expect(notice).toBeInViewport();
    await notice.getByTestId("offscreen-notice-show").click();
    await expect(page.getByTestId("accept-draw")).toBeInViewport();
    await expect(notice).toHaveCount(0); // its buttons in sight: the bar is gone
    await page.getByTestId("accept-draw").click();
    await expect(page.getByTestId("result-banner")).toHaveAttribute("data-result", "draw");
    await a.context().close();
  });
});
