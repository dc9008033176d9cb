// Scores people can trust (issue 27) in Chromium: once analysed, a game played between people and an
// imported game show the heatmap (the analysis keeps every candidate's score), and the replay's move
// list gives each score its win chance and each mark its reason in words.
import { expect, test, type Page } from "@playwright/test";
import { PSQ20 } from "../test/support/gomocup-files";
import { finishedBlunderGame } from "./helpers";

/** Asks for the replay's analysis and waits for it; then the heatmap has cells at `ply`. */
async function analyseAndSeeHeat(page: Page, ply: number): Promise<void> {
  await page.getByTestId("request-analysis").click();
  await expect(page.getByTestId("game-analysis")).toHaveAttribute("data-status", "done", { timeout: 90_000 });
  await page.getByTestId(`rmove-${ply}`).click();
  await expect(page.getByTestId("replay")).toHaveAttribute("data-ply", String(ply));
  const heat = page.getByTestId("heatmap");
  await expect(heat).toHaveAttribute("data-count", /^[1-9]\d*$/);
  expect(await heat.locator("[data-heat]").count()).toBeGreaterThan(0);
}

test("an analysed game between people shows the heatmap, win chances and the marks' reasons", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const gameId = await finishedBlunderGame(baseURL!);
  await page.goto(`/replay/${gameId}`);
  await expect(page.getByTestId("heatmap")).toHaveAttribute("data-count", "0"); // nothing scored yet
  await analyseAndSeeHeat(page, 4);
  // Every move's score with its win chance; the last move made five: a win, 100 %.
  await expect(page.getByTestId("rchance-9")).toHaveText("100%");
  await expect(page.getByTestId("rscore-9")).toHaveText("win in 1");
  await expect(page.getByTestId("rchance-2")).toHaveText(/^(<1|>99|\d{1,3})%$/);
  // White never blocked: its moves are marked, each mark with its reason in words.
  const mark = page.locator('[data-testid^="mark-"]').first();
  await expect(mark).toHaveAttribute("title", /win chance \d+% → \d+%/);
  await page.getByTestId("rmove-8").click();
  await expect(page.getByTestId("judged-mark")).toContainText(/win chance \d+% → \d+%/);
});

test("an imported game, once analysed, shows the heatmap", async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto("/import");
  await page.getByTestId("import-file").setInputFiles({ name: "scores.psq", mimeType: "text/plain", buffer: Buffer.from(PSQ20) });
  await page.getByTestId("import-submit").click();
  await expect(page).toHaveURL(/\/replay\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId("replay")).toHaveAttribute("data-plies", "9");
  await analyseAndSeeHeat(page, 3);
});
