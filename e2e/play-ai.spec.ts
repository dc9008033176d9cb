// A person plays the AI in real Chromium against the production server: a whole game on 11×11 against
// level 1 (engine/levels: the level a beginner beats); the AI's live search, takeback and resign with a 1 s AI.
import { expect, test } from "@playwright/test";
import { chooseMove, createInvite, moveLabels, playAi, readBoard, waitMyTurnOrEnd } from "./helpers";

const SCORE = /^([+-]?\d+|0|win in \d+|loss in \d+)$/;

test("plays a whole game against the AI's level 1 on 11×11 until the result banner shows", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("/");
  // The lobby offers the ten levels, each with its measured Elo.
  await expect(page.getByTestId("form-ai").getByTestId("ai-level").locator("option")).toHaveCount(10);
  await playAi(page, { size: 11, level: 1, color: "black" });
  await expect(page.getByTestId("game")).toHaveAttribute("data-my-color", "1");
  await expect(page.getByTestId("player-white")).toContainText(/Level 1 · ≈ \d+/);

  let myMoves = 0;
  for (let turn = 0; turn < 70; turn++) {
    if (!(await waitMyTurnOrEnd(page))) break;
    const before = (await moveLabels(page)).length;
    const { size, cells } = await readBoard(page);
    const pick = chooseMove(size, cells, 1);
    await page.getByTestId(`pt-${pick.label}`).click();
    myMoves++;
    // My stone is on the board and on the list as the next ply.
    await expect(page.getByTestId(`pt-${pick.label}`)).toHaveAttribute("data-stone", "1");
    await expect(page.getByTestId(`move-${before + 1}`)).toHaveAttribute("data-label", pick.label);
  }

  const banner = page.getByTestId("result-banner");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/You win!|You lose|Draw/);
  await expect(page.getByTestId("status")).toHaveText("Game over");
  expect(myMoves).toBeGreaterThanOrEqual(4);

  // The list holds every ply; each AI move carries its score; the human's carry one from the engine's
  // pondering of their position (their rank among the candidates) or, when that could not score it,
  // from the search after it (the engine's reply).
  const labels = await moveLabels(page);
  expect(labels.length).toBeGreaterThanOrEqual(2 * myMoves - 1);
  const { cells } = await readBoard(page);
  expect(cells.filter((c) => c.stone !== 0).length).toBe(labels.length);
  for (let ply = 1; ply <= labels.length; ply++) {
    const move = page.getByTestId(`move-${ply}`);
    const score = page.getByTestId(`score-${ply}`);
    if (ply % 2 === 0) {
      await expect(move).toHaveAttribute("data-by", "engine");
      await expect(score).toHaveText(SCORE);
      await expect(score).toHaveAttribute("title", /white's side/);
    } else {
      await expect(move).toHaveAttribute("data-by", "human");
      if ((await score.count()) > 0) await expect(score).toHaveAttribute("title", /candidate \d+ of \d+|not among the engine's|scored by a search after it/);
    }
  }
  if ((await banner.getAttribute("data-reason")) === "five") {
    expect(await page.getByTestId("win-stone").count()).toBeGreaterThanOrEqual(5);
  }
  // The last move is marked.
  await expect(page.getByTestId("last-move")).toHaveAttribute("data-label", labels[labels.length - 1]);
  await expect(page.getByTestId("rematch")).toBeVisible();
  // From the finished game to its replay, where it can be analysed.
  const gameId = page.url().split("/").pop()!;
  await page.getByTestId("replay-game").click();
  await page.waitForURL(new RegExp(`/replay/${gameId}$`));
  await expect(page.getByTestId("replay")).toBeVisible();
});

test("shows the AI thinking, takes a move back, and resigns with a confirmation", async ({ page }) => {
  // A 3 s AI: its live search stays on screen long enough to be seen (a 1 s search often ends in
  // 0.6 s, between two of the check's polls).
  await playAi(page, { size: 15, aiSeconds: "3 s", color: "white" });
  await expect(page.getByTestId("game")).toHaveAttribute("data-my-color", "2");

  // AI first (its opening move may come from no search at all).
  await expect(page.getByTestId("move-1")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("score-1")).toHaveText(SCORE);

  // My move; while the AI answers, its live search shows depth, score and PV.
  expect(await waitMyTurnOrEnd(page)).toBe(true);
  const { size, cells } = await readBoard(page);
  const pick = chooseMove(size, cells, 2);
  await page.getByTestId(`pt-${pick.label}`).click();
  await expect(page.getByTestId("status")).toHaveText("AI is thinking…");
  await expect(page.getByTestId("thinking")).toContainText(/depth \d+ · ([+-]?\d+|win in \d+|loss in \d+) · [a-o]\d+/);
  await expect(page.getByTestId("move-3")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("thinking")).toHaveCount(0);

  // Takeback removes my move and the AI's answer.
  await page.getByTestId("takeback").click();
  await expect(page.getByTestId("move-2")).toHaveCount(0);
  await expect(page.getByTestId("move-1")).toBeVisible();
  await expect(page.getByTestId(`pt-${pick.label}`)).toHaveAttribute("data-stone", "0");
  expect(await waitMyTurnOrEnd(page)).toBe(true);

  // Resign asks first; "No" keeps playing, "Yes" ends the game.
  await page.getByTestId("resign").click();
  await page.getByRole("button", { name: "No" }).click();
  await expect(page.getByTestId("result-banner")).toHaveCount(0);
  await page.getByTestId("resign").click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  const banner = page.getByTestId("result-banner");
  await expect(banner).toContainText("You lose");
  await expect(banner).toContainText("White resigned.");
  await expect(banner).toHaveAttribute("data-result", "black");
  // Nothing to take back after a resignation (the server would refuse).
  await expect(page.getByTestId("takeback")).toHaveCount(0);
});

test("the AI's very first search shows as thinking from the moment the page opens", async ({ page }) => {
  // The lab's opening with the AI as black: a real search from ply 1, started before the page joined.
  await page.goto("/");
  const form = page.getByTestId("form-ai");
  await form.getByText("11×11", { exact: true }).click();
  await form.getByText(/White · AI first/).click();
  await form.getByText(/Lab opening/).click();
  // The longest search, so a slow machine's page checks cannot miss it (a 3 s one ended before them on a loaded CI).
  await form.getByTestId("ai-time").selectOption({ label: "10 s (strongest)" });
  await form.getByRole("button", { name: "Play the AI" }).click();
  await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId("status")).toHaveText("AI is thinking…");
  await expect(page.getByTestId("thinking")).toHaveText(/^starting the search…$|depth \d+ · /);
  await expect(page.getByTestId("move-1")).toHaveCount(0);
  // Within a second or two it reports a depth, even to a page opened in the middle of the search.
  await page.reload();
  await expect(page.getByTestId("thinking").or(page.getByTestId("move-1"))).toBeVisible();
  await expect(page.getByTestId("thinking").or(page.getByTestId("move-1"))).toContainText(/depth \d+ · |[a-k]\d+/);
  await expect(page.getByTestId("move-1")).toBeVisible({ timeout: 30_000 });
});

test("an unknown game says so with a 404, on the game and the replay page; a real game's pages (an invite, an import) are 200", async ({ page, browser }) => {
  for (const path of ["/game/doesnotexist123", "/replay/doesnotexist123", "/game/nope", "/replay/nope?ply=3"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByTestId("unknown-game")).toContainText("No such game");
    await expect(page).toHaveTitle(/^No such game/);
  }
  const zh = await page.goto("/replay/nope?lang=zh-CN");
  expect(zh?.status()).toBe(404);
  await expect(page.getByTestId("unknown-game")).toContainText("没有这盘棋");
  await page.goto("/?lang=en");

  // A friend's invite: the link answers 200 and seats the friend; its replay page too.
  const invite = await createInvite(page);
  const friend = await (await browser.newContext()).newPage();
  expect((await friend.goto(invite))?.status()).toBe(200);
  await expect(friend.getByTestId("game")).toHaveAttribute("data-my-color", "2");
  const gameId = invite.split("/").pop()!;
  expect((await friend.goto(`/replay/${gameId}`))?.status()).toBe(200);
  await expect(friend.getByTestId("replay")).toBeVisible();
  await friend.context().close();

  // An imported game's replay and game pages.
  const imported = await page.request.post("/api/import", { data: { text: "h8 h9 i8 i9 j8 j9 k8 k9 l8" } });
  expect(imported.ok()).toBe(true);
  const importedId = ((await imported.json()) as { stored: Array<{ id: string }> }).stored[0].id;
  for (const path of [`/replay/${importedId}`, `/game/${importedId}`]) expect((await page.goto(path))?.status(), path).toBe(200);
  await expect(page.getByTestId("game")).toHaveAttribute("data-status", "finished");
});
