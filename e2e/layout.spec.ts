// The layout at two widths: on a 1280 px desktop the player bars keep the rating whole (a long name
// gives way with an ellipsis); on a 390 px phone no page scrolls sideways.
import { expect, type Page } from "@playwright/test";
import { finishedAiGame, newPage, test } from "./helpers";

test.describe.configure({ timeout: 180_000 }); // a rated game takes two browsers; a replay takes an AI game

test("at 1280 px a long name gives way to the rating in the player bars: an ellipsis, never the rating", async ({ browser }) => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  await a.setViewportSize({ width: 1280, height: 800 });
  await b.setViewportSize({ width: 1280, height: 800 });
  await a.goto("/");
  await expect(a.getByTestId("nav-me")).toContainText("(guest)"); // the session exists
  // The longest name there may be (20 characters), in wide letters.
  const long = `Wide${"W".repeat(10)}${Date.now() % 1e6}`;
  const renamed = await a.request.post("/api/me/name", { data: { name: long } });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await a.reload();
  await expect(a.getByTestId("nav-me")).toContainText(long);
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

test.describe("on a 390×844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("no page scrolls sideways: the lobby, a game, a replay, /learn and the others", async ({ page, baseURL }) => {
    const gameId = await finishedAiGame(baseURL!);
    const pages: Array<[string, string]> = [
      ["/", "form-ai"],
      [`/game/${gameId}`, "game"],
      [`/replay/${gameId}`, "replay"],
      ["/learn", "explainer"],
      ["/games", "archive"],
      ["/analysis", "analysis"],
      ["/tv", "tv"],
      ["/leaderboard", "leaderboard"],
      ["/import", "import-form"],
      ["/account", "account-kind"],
    ];
    for (const [path, testId] of pages) {
      await page.goto(path);
      await expect(page.getByTestId(testId).first(), path).toBeVisible();
      expect(await sidewaysOverflow(page), path).toEqual({ overflow: 0, past: [] });
    }
  });
});
