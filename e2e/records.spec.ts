// Issue 27's records, in a real browser: an analysis link with two variations reopens both (and a
// forged tree is refused); an SGF exported from a replay and imported again is the same game;
// "download my games" gives my games as SGF (our importer reads them back; Sabaki's reader is in
// test/server/records.test.ts); the archive's filters live in the address and a bad one is refused;
// the replay fits 1366×768 and 1280×720 with board, moves, graph and the move's analysis in view.
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { parseSgf } from "../lib/shared/sgf";

const LETTERS = "abcdefghijklmno";
const label = (x: number, y: number) => `${LETTERS[x]}${15 - y}`;

/** A 60-move legal game with no five: the 4×15 rows of a stripe pattern, black and white cells interleaved. */
function longGame(): string {
  const black: string[] = [];
  const white: string[] = [];
  for (let y = 0; y < 4; y++) for (let x = 0; x < 15; x++) ((x + 2 * y) % 4 < 2 ? black : white).push(label(x, y));
  return black.flatMap((b, i) => [b, white[i]]).join(" ");
}

async function importText(page: Page, text: string): Promise<string> {
  await page.goto("/import");
  await page.getByTestId("import-text").fill(text);
  await page.getByTestId("import-submit").click();
  await expect(page).toHaveURL(/\/replay\/[A-Za-z0-9_-]+$/);
  return page.url().split("/").pop()!;
}

test("an analysis link keeps the game and two variations; a forged tree is refused", async ({ page, browser }) => {
  await page.goto("/analysis?size=15&rule=freestyle&moves=h8i9j10k11");
  await expect(page.getByTestId("pt-k11")).toHaveAttribute("data-stone", "2");
  // Variation 1 at move 3: g7 instead of j10; variation 2 at move 2: f6 instead of i9.
  await page.getByTestId("an-prev").click();
  await page.getByTestId("an-prev").click();
  await page.getByTestId("pt-g7").click();
  await page.getByTestId("an-first").click();
  await page.getByTestId("an-next").click();
  await page.getByTestId("pt-f6").click();
  await page.getByTestId("pt-e5").click();
  await expect(page.getByTestId("variation")).toHaveCount(2);
  await expect(page).toHaveURL(/tree=/);
  const shared = page.url();

  // Someone else opens the link: the whole tree, at the same position.
  const other = await browser.newContext();
  const p2 = await other.newPage();
  await p2.goto(shared);
  await expect(p2.getByTestId("variation")).toHaveCount(2);
  for (const node of ["node-h8-i9-j10-k11", "node-h8-i9-g7", "node-h8-f6-e5"]) await expect(p2.getByTestId(node)).toBeVisible();
  await expect(p2.getByTestId("node-h8-f6-e5")).toHaveAttribute("aria-current", "true");
  await expect(p2.getByTestId("pt-e5")).toHaveAttribute("data-stone", "1");
  await other.close();

  // A forged tree: a move on a taken point, and a nesting past the limit — refused with a sentence.
  await page.goto("/analysis?size=15&rule=freestyle&moves=h8&tree=h8(i9)(h8)");
  await expect(page.getByTestId("load-error")).toContainText("not a legal game");
  await page.goto(`/analysis?size=15&rule=freestyle&moves=h8&tree=${"(".repeat(200)}`);
  await expect(page.getByTestId("load-error")).toContainText("nest more than 64");
});

test("SGF out of a replay and in again is the same game; download my games holds it", async ({ page, browser }) => {
  const id = await importText(page, "(;GM[4]FF[4]SZ[15]RU[4]PB[pbrain-alpha]PW[pbrain-beta]DT[2021-06-07];B[hh];W[ii];B[hi];W[gi];B[hg])");
  await expect(page.getByTestId("replay-header")).toContainText("pbrain-alpha");
  // The engines' names stay theirs, move by move (not "human").
  await expect(page.getByTestId("move-by")).toHaveText(/pbrain-(alpha|beta)/);
  const moves = await page.getByTestId("export-moves").inputValue();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-sgf").click()]);
  const sgf = fs.readFileSync((await download.path())!, "utf8");
  expect(sgf).toMatch(/^\(;GM\[4\]FF\[4\]/);
  expect(sgf).toContain("RU[4]");
  expect(sgf).toContain("DT[2021-06-07]");

  // Imported by another browser (its own importer): a new game, the same moves, names, rule and date.
  const other = await browser.newContext();
  const p2 = await other.newPage();
  const again = await importText(p2, sgf);
  expect(again).not.toBe(id);
  expect(await p2.getByTestId("export-moves").inputValue()).toBe(moves);
  await expect(p2.getByTestId("replay-header")).toContainText("pbrain-beta");
  await expect(p2.getByTestId("replay-header")).toContainText("2021");
  await other.close();

  // The same browser imports its file again: it is pointed to the game it has.
  expect(await importText(page, "(;GM[4]FF[4]SZ[15]RU[4]PB[pbrain-alpha]PW[pbrain-beta]DT[2021-06-07];B[hh];W[ii];B[hi];W[gi];B[hg])")).toBe(id);

  // Download my games (this browser's guest): the imported game, read back by our importer.
  await page.goto("/games");
  const [mine] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-sgf").click()]);
  const all = fs.readFileSync((await mine.path())!, "utf8");
  expect(all).toContain(`GN[${id}]`);
  expect(parseSgf(all).length).toBeGreaterThanOrEqual(1);
});

test("archive filters live in the address; a value out of range is refused", async ({ page }) => {
  const id = await importText(page, "(;GM[4]FF[4]SZ[15]RU[4]PB[x]PW[y];B[hh];W[ii];B[hi])");
  await page.goto("/games?kind=imported");
  await page.getByTestId("filter-rule").selectOption("renju");
  await page.getByTestId("filter-size").selectOption("15");
  await page.getByTestId("filter-apply").click();
  await expect(page).toHaveURL(/rule=renju/);
  await expect(page).toHaveURL(/size=15/);
  await expect(page.getByTestId(`archive-row-${id}`)).toBeVisible();
  await page.goto("/games?kind=imported&rule=exact5");
  await expect(page.getByTestId("archive-table").or(page.getByTestId("archive-empty"))).toBeVisible();
  await expect(page.getByTestId(`archive-row-${id}`)).toHaveCount(0);
  await page.goto("/games?size=99");
  await expect(page.getByTestId("filter-refused")).toContainText("the board (11–20)");
});

for (const [width, height] of [
  [1366, 768],
  [1280, 720],
] as const)
  test(`the replay fits ${width}×${height}: board, moves, graph and the move's analysis without page scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const id = await importText(page, longGame());
    await page.goto(`/replay/${id}?ply=40`);
    await expect(page.getByTestId("replay")).toHaveAttribute("data-plies", "60");
    await expect(page.getByTestId("rmove-40")).toHaveAttribute("data-current", "true");
    // The list opens on the current move.
    await expect(page.getByTestId("rmove-40")).toBeInViewport();
    await page.screenshot({ path: `/work/notes/h3-replay-${width}x${height}.png` });
    const fits = await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight + 2);
    expect(fits, "the page does not scroll").toBe(true);
    // The graph's card (an imported game has no scores yet: its placeholder stands where the graph goes).
    const parts = {
      board: page.getByTestId("board"),
      moves: page.getByTestId("replay-moves"),
      graph: page.locator('section[aria-labelledby="graph-h"]'),
      analysis: page.getByTestId("analysis"),
    };
    for (const [t, part] of Object.entries(parts)) {
      const box = (await part.first().boundingBox())!;
      expect(box.y, t).toBeGreaterThanOrEqual(0);
      expect(box.y + Math.min(box.height, 60), `${t} starts in view`).toBeLessThanOrEqual(height);
    }
    const board = (await page.getByTestId("board").boundingBox())!;
    expect(board.y + board.height, "the whole board in view").toBeLessThanOrEqual(height);
    // Scrolling the move list moves nothing else.
    await page.getByTestId("replay-moves").hover();
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((await page.getByTestId("board").boundingBox())!.y).toBe(board.y);
    expect(await page.getByTestId("replay-moves").evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
  });
