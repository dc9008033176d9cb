// Watch and replay, in real Chromium against the real server: the TV shows moves arriving; a finished
// AI-vs-AI game replays (keys, buttons, graph, heatmap); its PSQ export imports back to the same final
// position; a bad import says where it is wrong. Needs the server's TV on (the default; not TV=0).
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { finishedAiGame } from "./helpers";

test.describe.configure({ mode: "serial" });

/** The stones on the board, as "label:color" sorted. */
async function stonesOf(page: Page): Promise<string[]> {
  const cells = await page
    .locator('[data-testid="board"] [data-testid^="pt-"]')
    .evaluateAll((els) =>
      els.filter((e) => e.getAttribute("data-stone") !== "0").map((e) => `${e.getAttribute("data-testid")!.slice(3)}:${e.getAttribute("data-stone")}`),
    );
  return cells.sort();
}

test("the TV shows an AI-vs-AI game with moves arriving", async ({ page }) => {
  await page.goto("/tv");
  await expect(page.getByTestId("tv-off"), "the server runs with TV=0").toHaveCount(0);
  const tv = page.getByTestId("tv");
  await expect(tv).toHaveAttribute("data-game-id", /^tv-/, { timeout: 20_000 });
  await expect(page.getByTestId("spectators")).toBeVisible();
  const before = await stonesOf(page);
  const firstGame = await tv.getAttribute("data-game-id");
  // A new stone (or, between games, the next game) within a while.
  await expect
    .poll(async () => (await tv.getAttribute("data-game-id")) !== firstGame || (await stonesOf(page)).length > before.length, { timeout: 45_000 })
    .toBe(true);
  await expect(page.getByTestId("tv-replay")).toHaveAttribute("href", /^\/replay\/tv-/);
});

test("replay a finished game: keys, buttons, move list, graph, heatmap; export a PSQ and import it back", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(150_000);
  const gameId = await finishedAiGame(baseURL!);

  // The archive lists it (AI vs AI filter) and links to the replay.
  await page.goto("/games?kind=ava");
  await page.getByTestId(`replay-${gameId}`).click();
  await expect(page).toHaveURL(new RegExp(`/replay/${gameId}`));
  const replay = page.getByTestId("replay");
  await expect(replay).toBeVisible();
  const plies = Number(await replay.getAttribute("data-plies"));
  expect(plies).toBeGreaterThanOrEqual(9);
  await expect(page.getByTestId("ply-label")).toHaveText(`${plies} / ${plies}`);
  // Usually a win for the deeper side; a full-board draw on 9×9 is legitimate too.
  await expect(page.getByTestId("replay-result")).toHaveText(/wins|Draw/);
  const resultText = await page.getByTestId("replay-result").textContent();
  const finalStones = await stonesOf(page);

  // Keys.
  await page.keyboard.press("Home");
  await expect(replay).toHaveAttribute("data-ply", "0");
  expect(await stonesOf(page)).toHaveLength(0);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(replay).toHaveAttribute("data-ply", "3");
  expect(await stonesOf(page)).toHaveLength(3);
  await page.keyboard.press("ArrowLeft");
  await expect(replay).toHaveAttribute("data-ply", "2");
  await page.keyboard.press("End");
  await expect(replay).toHaveAttribute("data-ply", String(plies));
  // Buttons and the move list.
  await page.getByTestId("first").click();
  await page.getByTestId("next").click();
  await expect(page.getByTestId("ply-label")).toHaveText(`1 / ${plies}`);
  await page.getByTestId("rmove-5").click();
  await expect(replay).toHaveAttribute("data-ply", "5");

  // The graph: click an engine move's point; the cursor and the board follow.
  const target = Math.min(6, plies - 1);
  await page.getByTestId(`graph-point-${target}`).click();
  await expect(replay).toHaveAttribute("data-ply", String(target));
  await expect(page.getByTestId("graph-cursor")).toHaveAttribute("data-ply", String(target));
  await expect(page.getByTestId("analysis-score")).toBeVisible();

  // The heatmap of that move's root scores, with the score on hover, and the expected line as ghosts.
  const heat = page.locator('[data-testid="heatmap"] [data-heat]');
  expect(await heat.count()).toBeGreaterThan(1);
  const empty = page.locator('[data-testid="heatmap"] [data-heat]:has(rect)').first();
  await empty.hover();
  await expect(page.getByTestId("heat-tooltip")).toBeVisible();
  await expect(page.getByTestId("heat-hover")).toHaveText(/^[a-i]\d /);
  await page.screenshot({ path: testInfo.outputPath("replay.png") });

  // Export as PSQ…
  await page.keyboard.press("End");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-psq").click()]);
  const file = testInfo.outputPath("game.psq");
  await download.saveAs(file);
  const psq = fs.readFileSync(file, "utf8");
  expect(psq.split("\n")[0]).toBe("Piskvorky 9x9, 11:11, 0");
  expect(
    psq
      .trim()
      .split("\n")
      .filter((l) => /^\d+,\d+,\d+$/.test(l)),
  ).toHaveLength(plies);

  // …and import it back (upload): the same final position.
  await page.goto("/import");
  await page.getByTestId("import-file").setInputFiles(file);
  await expect(page.getByTestId("import-text")).toHaveValue(psq);
  await expect(page.getByTestId("import-format")).toContainText("psq");
  await page.getByTestId("import-open").click();
  await expect(page).toHaveURL(/\/replay\/import\?/);
  const imported = page.getByTestId("replay");
  await expect(imported).toHaveAttribute("data-source", "import");
  await expect(imported).toHaveAttribute("data-plies", String(plies));
  expect(await stonesOf(page)).toEqual(finalStones);
  await expect(page.getByTestId("replay-result")).toHaveText(resultText!);
});

test("a malformed import says what and where", async ({ page }) => {
  await page.goto("/import");
  await page.getByTestId("import-text").fill("h8 i9\nj10 zz k3");
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("import-error")).toContainText('line 2, column 5: cannot read a move at "zz"');
  await page.getByTestId("import-text").fill("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,x,0\n");
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("import-error")).toContainText('line 3, column 3: unexpected "x"');
  // A record far too large says so with the limit (not "the request was not understood").
  await page.getByTestId("import-text").evaluate((el: HTMLTextAreaElement, v) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(el, v);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }, "h8 i9 ".repeat(60_000));
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("import-error")).toContainText("the record is too large (352 KB; at most 256 KB");
  // A move string opens too.
  await page.getByTestId("import-text").fill("h8 i9 h9 h10 j8");
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("replay")).toHaveAttribute("data-plies", "5");
});
