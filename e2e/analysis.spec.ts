// Game analysis in Chromium: a finished human-vs-human game's replay → "Analyse this game" → the
// progress bar (seen by a second viewer too, without a reload) → marks beside the moves, dots on
// the graph, "best was …" with ghost stones, and each player's accuracy. (Refusals: test/server/analysis.test.ts.)
import { expect, test } from "@playwright/test";
import { finishedAiGame, finishedBlunderGame } from "./helpers";

test("request an analysis from the replay: live progress, then marks and the summary", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const gameId = await finishedBlunderGame(baseURL!);
  await page.goto(`/replay/${gameId}`);
  await expect(page.getByTestId("replay")).toBeVisible();
  const panel = page.getByTestId("game-analysis");
  await expect(panel).toHaveAttribute("data-status", "none");
  // Between people no move has a score yet: the graph says so, and what would score them all.
  await expect(page.getByTestId("eval-graph-empty")).toContainText("No move of this game has a score yet.");
  await expect(page.getByTestId("graph-analyse-hint")).toHaveText("“Analyse this game” below scores every move.");

  // A second viewer, watching the same replay.
  const other = await browser.newPage();
  await other.goto(`/replay/${gameId}`);
  await expect(other.getByTestId("game-analysis")).toHaveAttribute("data-status", "none");

  await page.getByTestId("request-analysis").click();
  // Progress, for both, without a reload. Watched at once: on an idle machine 9 plies take about a
  // second and a half, and checks made one after the other saw the progress gone.
  await Promise.all([
    expect(page.getByRole("progressbar", { name: "Analysis progress" })).toBeVisible(),
    expect(other.getByTestId("analysis-progress")).toContainText(/Analysing \d+ \/ \d+|Waiting for the engine/),
  ]);

  // Done: the summary with both players' accuracy.
  await expect(panel).toHaveAttribute("data-status", "done", { timeout: 90_000 });
  await expect(other.getByTestId("game-analysis")).toHaveAttribute("data-status", "done", { timeout: 10_000 });
  await expect(page.getByTestId("summary-black").getByTestId("accuracy")).toHaveText(/\d\.\d%/);
  await expect(page.getByTestId("summary-white").getByTestId("accuracy")).toHaveText(/\d\.\d%/);

  // White's moves are marked: in the move list and on the graph (human moves now have a score too).
  await expect(page.getByTestId("eval-graph")).toBeVisible();
  await expect(page.getByTestId("graph-caption")).toHaveText(/^Score after every move, from black's side/);
  await expect(page.getByTestId("graph-caption")).toHaveAttribute("data-scored", "9");
  await expect(page.getByTestId("graph-analyse-hint")).toHaveCount(0);
  const marks = page.locator('[data-testid^="mark-"]');
  await expect(marks.first()).toBeVisible();
  const markedPly = Number((await marks.first().getAttribute("data-testid"))!.slice("mark-".length));
  await page.getByTestId(`rmove-${markedPly}`).click();
  await expect(page.getByTestId("judged")).toBeVisible();
  const mark = await page.getByTestId("judged").getAttribute("data-mark");
  expect(["inaccuracy", "mistake", "blunder", "missed-win", "only"]).toContain(mark);
  if (mark !== "only") {
    await expect(page.getByTestId("best-was")).toContainText(/best was [a-s]\d+ \(/);
    await expect(page.getByTestId("pv-ghosts")).not.toHaveAttribute("data-count", "0");
    await expect(page.getByTestId(`graph-mark-${markedPly}`)).toBeAttached();
  }
  // Every judged move: a win chance lost is written only when it rounds to at least 1 % (never "−0%").
  const plies = await page.locator('[data-testid^="rmove-"]').count();
  for (let ply = 1; ply <= plies; ply++) {
    await page.getByTestId(`rmove-${ply}`).click();
    await expect(page.getByTestId("judged")).toBeVisible();
    await expect(page.getByTestId("judged")).toContainText(/candidate \d+ of \d+/);
    await expect(page.getByTestId("judged")).not.toContainText("−0%");
    // The game's own search, where the move has one, is set apart from the analysis's verdict.
    if ((await page.getByTestId("analysis-score").count()) > 0) await expect(page.getByTestId("during-game")).toBeVisible();
  }

  await other.close();
});

test("an analysed AI game: the analysis's score of each move wins over the one its search left, in the replay's and the game page's move lists", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const gameId = await finishedAiGame(baseURL!);
  await page.goto(`/replay/${gameId}`);
  const plies = Number(await page.getByTestId("replay").getAttribute("data-plies"));
  // Before: the engines' own scores.
  const replayScores = page.locator('[data-testid^="rscore-"]');
  await expect(replayScores.first()).toHaveAttribute("data-from", "search");
  await page.getByTestId("request-analysis").click();
  await expect(page.getByTestId("game-analysis")).toHaveAttribute("data-status", "done", { timeout: 90_000 });
  // After: every move shows the analysis's score, on the graph too.
  await expect(replayScores).toHaveCount(plies);
  expect(await replayScores.evaluateAll((els) => els.filter((e) => e.getAttribute("data-from") !== "analysis").length)).toBe(0);
  await expect(page.getByTestId("graph-caption")).toHaveAttribute("data-scored", String(plies));

  await page.goto(`/game/${gameId}`);
  const gameScores = page.getByTestId("move-list").locator('[data-testid^="score-"]');
  await expect(gameScores).toHaveCount(plies);
  await expect(gameScores.first()).toHaveAttribute("data-from", "analysis");
  expect(await gameScores.evaluateAll((els) => els.filter((e) => e.getAttribute("data-from") !== "analysis").length)).toBe(0);
  await expect(gameScores.first()).toHaveAttribute("title", /^Analysis: .*candidate \d+ of \d+/);
});
