// Alerts and phone play (issue 28 parts 1 and 5): a notification when you are paired while the tab
// is hidden; "● Your turn" in the tab's title while it is your move (and gone after it); on a 390 px
// touch phone a first tap shows a ghost stone and only the second plays; the nav keeps one row there;
// the mute setting survives a reload.
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { newPage, playAi, test } from "./helpers";

test.describe.configure({ timeout: 120_000 });

/** A pool no other spec waits in: nobody else's seeker is paired with ours. */
const POOL = "15-exact5-5+3";

/**
 * A spy on window.Notification (each one shown is kept in window.__notes; the permission is the
 * browser's own, granted to the context) and a tab whose visibility the test sets (window.__hidden).
 */
async function spyOnAlerts(ctx: BrowserContext): Promise<void> {
  await ctx.grantPermissions(["notifications"]);
  await ctx.addInitScript(() => {
    const w = window as unknown as { __notes: Array<{ title: string; body?: string }>; __hidden: boolean; Notification: unknown };
    const Real = window.Notification;
    w.__notes = [];
    w.__hidden = false;
    class Spy {
      static get permission() {
        return Real.permission;
      }
      static requestPermission() {
        return Real.requestPermission();
      }
      onclick: unknown = null;
      constructor(title: string, options?: { body?: string }) {
        w.__notes.push({ title, body: options?.body });
      }
      close() {}
    }
    w.Notification = Spy;
    Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: () => (w.__hidden ? "hidden" : "visible") });
    Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => w.__hidden });
  });
}

async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __hidden: boolean }).__hidden = true;
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

const notes = (page: Page) => page.evaluate(() => (window as unknown as { __notes: Array<{ title: string }> }).__notes.map((n) => n.title));

test("paired while the tab is hidden: a notification; then the tab's title says Your turn on the side to move only", async ({ browser }) => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  await spyOnAlerts(a.context());
  await a.goto("/");
  await a.getByTestId(`pool-${POOL}`).click();
  await expect(a.getByTestId("seeking")).toHaveAttribute("data-pool", POOL);
  await hide(a); // A looks at another tab while waiting
  await b.goto("/");
  await b.getByTestId(`pool-${POOL}`).click();
  await a.waitForURL(/\/game\//);
  await b.waitForURL(/\/game\//);
  await expect.poll(() => notes(a)).toEqual(["Opponent found"]);
  expect(await notes(a)).toEqual(["Opponent found"]); // one, not one more for the game page's start

  // Black moves first: its title carries the mark, white's does not; after black's move the other way round.
  for (const p of [a, b]) await expect(p.getByTestId("game")).not.toHaveAttribute("data-my-color", "none");
  const [black, white] = (await a.getByTestId("game").getAttribute("data-my-color")) === "1" ? [a, b] : [b, a];
  await expect(black).toHaveTitle(/^● Your turn · /);
  await expect(white).not.toHaveTitle(/Your turn/);
  await black.getByTestId("pt-h8").click();
  await expect(white.getByTestId("pt-h8")).toHaveAttribute("data-stone", "1");
  await expect(white).toHaveTitle(/^● Your turn · /);
  await expect(black).not.toHaveTitle(/Your turn/);
  // The hidden tab is told when its turn comes (A white: now; A black: after white's reply).
  if (black === a) await white.getByTestId("pt-j9").click();
  await expect.poll(() => notes(a)).toEqual(["Opponent found", "Your move"]);
});

test.describe("on a 390 px touch phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a first tap shows a ghost stone and only the second plays; the nav is one row; mute survives a reload", async ({ page }) => {
    await playAi(page, { size: 15 });
    // The nav: one row (the links behind Menu), and the Menu opens them.
    const rows = await page
      .locator("header nav > *")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => Math.round(r.top + r.height / 2)));
    expect(Math.max(...rows) - Math.min(...rows), "the nav's items sit on one row").toBeLessThanOrEqual(2);
    await page.getByTestId("nav-menu").tap();
    await expect(page.locator("#nav-links").getByRole("link", { name: "Leaderboard" })).toBeVisible();
    // On top of the board (whose drop shadow made it a layer of its own, painted over the menu and the sound panel).
    const onTop = (sel: string) =>
      page.locator(sel).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      });
    expect(await onTop("#nav-links")).toBe(true);
    await page.getByTestId("nav-menu").tap();

    await page.getByTestId("pt-h8").tap();
    await expect(page.getByTestId("ghost-stone")).toHaveAttribute("data-point", "h8");
    await expect(page.getByTestId("pt-h8")).toHaveAttribute("data-stone", "0"); // not played
    await page.getByTestId("pt-g7").tap(); // elsewhere: the ghost moves
    await expect(page.getByTestId("ghost-stone")).toHaveAttribute("data-point", "g7");
    await expect(page.getByTestId("pt-h8")).toHaveAttribute("data-stone", "0");
    await page.getByTestId("pt-g7").tap(); // the same point again: played
    await expect(page.getByTestId("pt-g7")).toHaveAttribute("data-stone", "1");
    await expect(page.getByTestId("ghost-stone")).toHaveCount(0);

    // The zoom toggle: the board at 1.8× in a box that scrolls.
    await page.getByTestId("board-zoom").tap();
    await expect(page.getByTestId("board-scroller")).toHaveAttribute("data-zoom", "true");
    const { inner, outer } = await page.getByTestId("board-scroller").evaluate((e) => ({ inner: e.scrollWidth, outer: e.clientWidth }));
    expect(inner).toBeGreaterThan(outer * 1.5);

    // Mute, then reload: still muted.
    await page.getByTestId("alerts-button").tap();
    // The panel is within the phone's width (it hung 18 px off the left edge) and over the board.
    const panel = (await page.getByTestId("alerts-panel").boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    expect(await onTop('[data-testid="alerts-panel"]')).toBe(true);
    await page.getByTestId("alerts-mute").check();
    await page.reload();
    await expect(page.getByTestId("alerts-button")).toHaveAttribute("data-muted", "true");
    await page.getByTestId("alerts-button").tap();
    await expect(page.getByTestId("alerts-mute")).toBeChecked();
  });
});
