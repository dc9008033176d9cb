// axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every page of e2e/axe-pages.ts, in English and in
// 简体中文 (the NEXT_LOCALE cookie, as e2e/i18n.spec.ts sets it): no critical or serious violation, and
// exactly one h1. One test per language visits every page in turn (a step each, a new page in the
// language's context) and reports every failing page together. AXE_REPORT=1 prints every page's
// violations and does not fail (the figures of docs/ACCESSIBILITY.md). A page missing from the list
// fails test/a11y/axe-pages.test.ts.
//
// Speed (docs/ACCESSIBILITY.md, "How long it takes"): one test per language instead of one per page;
// the fixtures (an analysed game between people, a game in progress) are made while the pages that
// need none are checked; axe runs in the page (legacy mode: no second blank page per check); the trace
// keeps its snapshots but not its screencast, which re-encoded the live pages (TV, games) for the
// whole check.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { AXE_PAGES, type AxeFixtures } from "./axe-pages";
import { createInvite, finishedBlunderGame, test } from "./helpers";

// A test checks the 19 pages of a language: about 40 s on a quiet machine (over 20 s: it is 19 checks).
test.describe.configure({ timeout: 300_000 });
test.use({ trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true } });

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const report = !!process.env.AXE_REPORT;

let fixtures: Promise<AxeFixtures> | null = null;
const keep: BrowserContext[] = [];

/** An entry without `usesFixtures` gets this: reading it says what to mark. */
const NO_FIXTURES = new Proxy({} as AxeFixtures, {
  get: (_, key) => {
    throw new Error(`this entry reads fixtures.${String(key)}: mark it usesFixtures: true in e2e/axe-pages.ts`);
  },
});

/** An analysed finished game, a game between two guests in progress, and one of those guests' names. */
async function makeFixtures(browser: Browser, baseURL: string): Promise<AxeFixtures> {
  const ctx = await browser.newContext({ baseURL });
  keep.push(ctx);
  // The analysed game: 9 plies between people (a second), its analysis asked for, running on the server meanwhile.
  const analysedGameId = await finishedBlunderGame(baseURL);
  const replay = await ctx.newPage();
  await replay.goto(`/replay/${analysedGameId}`);
  await replay.getByTestId("request-analysis").click();

  // Alice invites, Bob takes the seat: the game is on (left open while the pages are checked).
  const alice = await ctx.newPage();
  const link = await createInvite(alice);
  const bobCtx = await browser.newContext({ baseURL });
  keep.push(bobCtx);
  const bob = await bobCtx.newPage();
  await bob.goto(link);
  await expect(bob.getByTestId("game")).toHaveAttribute("data-my-color", "2");
  const me = (await (await alice.request.get("/api/me")).json()) as { me: { name: string } };

  await expect(replay.getByTestId("game-analysis")).toHaveAttribute("data-status", "done", { timeout: 120_000 });
  await replay.close();
  return { analysedGameId, humanGameId: link.split("/").pop()!, playerName: me.me.name };
}

test.afterAll(async () => {
  await Promise.all(keep.map((c) => c.close().catch(() => {})));
  keep.length = 0;
  fixtures = null;
});

/** Violations of impact critical or serious, as "rule (nodes): first target". */
async function seriousViolations(page: Page): Promise<{ bad: string[]; all: string[] }> {
  // The whole page in the viewport: a target cut by the viewport's edge reads as "obscured" to axe's target-size rule.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1280, height: Math.min(Math.max(height, 720), 6000) });
  // Legacy mode: axe.run in the page. The default (runPartial in each frame, finishRun in a new blank page)
  // is for cross-origin frames, which no page has; it took ~1.5 s more per page.
  const result = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
  const line = (v: (typeof result.violations)[number]) =>
    `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(" ")} — ${v.nodes[0]?.failureSummary?.replace(/\s+/g, " ").slice(0, 240)}`;
  // The lobby's live-games list re-renders every few seconds as the other specs' games move (rows reorder), so axe
  // can measure a Watch/Join button (34 px tall) while its row is being replaced: "partially obscured" by the row
  // drawn over it. Those moving targets are left out of target-size only; every other rule still checks them.
  const moving = (v: (typeof result.violations)[number]) =>
    v.id === "target-size" && v.nodes.every((n) => n.target.some((t) => /data-testid="watch-/.test(String(t))));
  return {
    bad: result.violations.filter((v) => (v.impact === "critical" || v.impact === "serious") && !moving(v)).map(line),
    all: result.violations.map(line),
  };
}

// The pages that need no fixture first: the fixtures are made meanwhile.
const ORDERED = [...AXE_PAGES.filter((p) => !p.usesFixtures), ...AXE_PAGES.filter((p) => p.usesFixtures)];

for (const locale of ["en", "zh-CN"] as const) {
  test(`axe: every page (${locale})`, async ({ browser, context, baseURL }) => {
    if (!fixtures) {
      fixtures = makeFixtures(browser, baseURL!);
      fixtures.catch(() => {}); // awaited (and reported) by the first page that needs them
    }
    if (locale !== "en") await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL! }]);
    for (const p of ORDERED) {
      await test.step(`${p.name} (${p.route})`, async () => {
        const page = await context.newPage();
        try {
          await p.open(page, p.usesFixtures ? await fixtures! : NO_FIXTURES);
          await expect(page.locator("html")).toHaveAttribute("lang", locale);
          const { bad, all } = await seriousViolations(page);
          const h1 = await page.locator("h1").count();
          if (report) {
            console.log(`AXE ${locale} ${p.route} — ${p.name}: ${bad.length} critical/serious rules, h1 ×${h1}\n  ${all.join("\n  ") || "none"}`);
            return;
          }
          expect.soft(bad, `axe on ${p.name} (${locale}): ${page.url()}`).toEqual([]);
          expect.soft(h1, `h1 elements on ${p.name} (${locale}): ${page.url()}`).toBe(1);
        } catch (e) {
          // A page that does not open is one failure among the others: the next pages are still checked.
          expect.soft(String(e).split("\n")[0], `opening ${p.name} (${locale})`).toBe("");
        } finally {
          await page.close();
        }
      });
    }
  });
}
