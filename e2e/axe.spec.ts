// axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every page of e2e/axe-pages.ts, in English and in
// 简体中文 (the NEXT_LOCALE cookie, as e2e/i18n.spec.ts sets it): no critical or serious violation, and
// exactly one h1. One test per language visits every page in turn (a step each, a new page in the
// language's context) and reports every failing page together. AXE_REPORT=1 prints every page's
// violations and does not fail (the figures of docs/ACCESSIBILITY.md); AXE_ONLY=<regex> checks only the
// pages it matches. A page missing from the list fails test/a11y/axe-pages.test.ts.
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
  // "impact rule (nodes): first target — why [the element it names, e.g. what obscures a target]".
  const line = (v: (typeof result.violations)[number]) => {
    const n = v.nodes[0];
    const related = [...(n?.any ?? []), ...(n?.all ?? []), ...(n?.none ?? [])].flatMap((c) => c.relatedNodes ?? [])[0];
    return `${v.impact} ${v.id} (${v.nodes.length}): ${n?.target.join(" ")} — ${n?.failureSummary?.replace(/\s+/g, " ").slice(0, 240)}${related ? ` [${related.target.join(" ")}]` : ""}`;
  };
  return {
    bad: result.violations.filter((v) => v.impact === "critical" || v.impact === "serious").map(line),
    all: result.violations.map(line),
  };
}

// The pages that need no fixture first: the fixtures are made meanwhile. AXE_ONLY=<regex> checks only the
// pages whose name or route matches (when working on a page; CI checks them all).
const only = process.env.AXE_ONLY ? new RegExp(process.env.AXE_ONLY, "i") : null;
const PAGES = AXE_PAGES.filter((p) => !only || only.test(p.name) || only.test(p.route));
const ORDERED = [...PAGES.filter((p) => !p.usesFixtures), ...PAGES.filter((p) => p.usesFixtures)];

for (const locale of ["en", "zh-CN"] as const) {
  test(`axe: every page (${locale})`, async ({ browser, context, baseURL }) => {
    if (!fixtures && ORDERED.some((p) => p.usesFixtures)) {
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
