// Tournament pages as a stranger's trial found them (h3, session 19): at 390 px the site's home link had no
// name (only the logo, aria-hidden, shows there: axe link-name on every page); at 1280 px the standings'
// "Buchholz" header ran past the table's edge (the arena's "Performance" and the engine crosstable at 390 px:
// e2e/tournaments.spec.ts, on the events it makes anyway).
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

test("a Swiss event's Buchholz header fits at 1280 px; at 390 px the lists have no serious axe violation", async ({ browser }) => {
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

  // The arena's "Performance" header and an engine event's crosstable on a phone: e2e/tournaments.spec.ts (events a
  // spec makes count against the address's 10 a day: the whole suite makes them all from 127.0.0.1).
  await b.setViewportSize({ width: 390, height: 844 });
  await b.goto("/tournaments");
  await expect(b.getByTestId("tournament-lists")).toBeVisible();
  expect(await seriousViolations(b)).toEqual([]);
});
