// Tournament pages as a stranger's trial found them (h3, session 19): at 390 px the site's home link had no
// name (only the logo, aria-hidden, shows there) and an engine event's crosstable scrolled sideways with no
// tab stop (axe: link-name, scrollable-region-focusable); at 1280 px the standings' "Performance" and
// "Buchholz" headers ran past the table's edge.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { newPage, test } from "./helpers";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function seriousViolations(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return r.violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.id}: ${v.nodes[0]?.target}`);
}

/** Headers of the standings whose text is wider than their cell. */
const cutHeaders = (page: Page) =>
  page
    .getByTestId("standings")
    .locator("th")
    .evaluateAll((ths) => ths.filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent));

test("standings headers fit at 1280 px; at 390 px the lists and an engine event's page have no serious axe violation", async ({ browser }) => {
  const a = await newPage(browser);
  await a.setViewportSize({ width: 1280, height: 900 });
  await a.goto("/tournaments");
  await a.getByTestId("tour-name").fill("Layout arena");
  await a.getByTestId("tour-create").click();
  await a.getByTestId("tour-join").click();
  await expect(a.getByTestId("standing-row")).toHaveCount(1);
  expect(await cutHeaders(a)).toEqual([]);

  const b = await newPage(browser);
  await b.setViewportSize({ width: 1280, height: 900 });
  await b.goto("/tournaments");
  await expect(b.getByTestId("nav-me")).toContainText("(guest)"); // the session exists before the API is asked
  const swiss = await b.request.post("/api/tournaments", {
    data: { kind: "swiss", name: "Layout Swiss", size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 5, rounds: 3 },
  });
  const s = await swiss.json();
  expect(s.ok, JSON.stringify(s)).toBe(true);
  await b.goto(`/tournament/${s.id}`);
  await b.getByTestId("tour-join").click();
  await expect(b.getByTestId("standing-row")).toHaveCount(1);
  expect(await cutHeaders(b)).toEqual([]);

  const c = await newPage(browser);
  await c.setViewportSize({ width: 390, height: 844 });
  await c.goto("/tournaments");
  await expect(c.getByTestId("tournament-lists")).toBeVisible();
  expect(await seriousViolations(c)).toEqual([]);
  await expect(c.getByTestId("nav-me")).toContainText("(guest)");
  const config = (maxDepth: number) => ({ engine: { algo: "alphabeta", timeMs: 100, maxDepth } });
  const made = await c.request.post("/api/tournaments/engine", {
    data: { name: "Layout engines", size: 11, rule: "freestyle", configs: [config(1), config(2), config(3)] },
  });
  const e = await made.json();
  expect(e.ok, JSON.stringify(e)).toBe(true);
  await c.goto(`/tournament/${e.id}`);
  await expect(c.getByTestId("crosstable-row")).toHaveCount(3);
  expect(await seriousViolations(c)).toEqual([]);
  await c.getByTestId("engine-stop").click();
  await expect(c.getByTestId("tournament-status")).toHaveText("Finished");
});
