// axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every page of e2e/axe-pages.ts, in English and in
// 简体中文 (the NEXT_LOCALE cookie, as e2e/i18n.spec.ts sets it): no critical or serious violation, and
// exactly one h1. AXE_REPORT=1 prints every page's violations and does not fail (the figures of
// docs/ACCESSIBILITY.md). A page missing from the list fails test/architecture/axe-pages.test.ts.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import { AXE_PAGES, type AxeFixtures } from "./axe-pages";
import { createInvite, finishedAiGame, test } from "./helpers";

test.describe.configure({ timeout: 180_000 });

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const report = !!process.env.AXE_REPORT;

let fixtures: AxeFixtures | null = null;
const keep: { close: () => Promise<void> }[] = [];

/** An analysed finished game, a game between two guests in progress, and one of those guests' names. */
async function makeFixtures(browser: Browser, baseURL: string): Promise<AxeFixtures> {
  const analysedGameId = await finishedAiGame(baseURL);
  const ctx = await browser.newContext({ baseURL });
  keep.push(ctx);
  const page = await ctx.newPage();
  await page.goto(`/replay/${analysedGameId}`);
  await page.getByTestId("request-analysis").click();
  await expect(page.getByTestId("game-analysis")).toHaveAttribute("data-status", "done", { timeout: 90_000 });

  // Alice invites, Bob takes the seat: the game is on (left open while the pages are checked).
  const alice = await page.context().newPage();
  const link = await createInvite(alice);
  const bobCtx = await browser.newContext({ baseURL });
  keep.push(bobCtx);
  const bob = await bobCtx.newPage();
  await bob.goto(link);
  await expect(bob.getByTestId("game")).toHaveAttribute("data-my-color", "2");
  const me = (await (await alice.request.get("/api/me")).json()) as { me: { name: string } };
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
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
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

for (const locale of ["en", "zh-CN"] as const) {
  for (const p of AXE_PAGES) {
    test(`axe: ${p.name} (${locale})`, async ({ browser, context, baseURL }) => {
      fixtures ??= await makeFixtures(browser, baseURL!);
      if (locale !== "en") await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL! }]);
      const page = await context.newPage();
      await p.open(page, fixtures);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      const { bad, all } = await seriousViolations(page);
      const h1 = await page.locator("h1").count();
      if (report) {
        console.log(`AXE ${locale} ${p.route} — ${p.name}: ${bad.length} critical/serious rules, h1 ×${h1}\n  ${all.join("\n  ") || "none"}`);
        return;
      }
      expect(bad, `axe on ${page.url()}`).toEqual([]);
      expect(h1, `h1 elements on ${page.url()}`).toBe(1);
    });
  }
}
