// Issue "Learn": start an alpha-beta vs MCTS game and see it finish. In real Chromium against the real
// server (TV on, so the match shares the AI's background lane with the TV game): the /tv form as a
// person fills it in, the game page with MCTS's live playouts and top moves while MCTS is to move, the
// result banner, then the archive lists the game and its replay shows the same ending.
import { expect, test } from "@playwright/test";

/** One MCTS thinking line as the game page rendered it. */
interface Seen {
  path: string;
  plies: number;
  status: string;
  line: string;
  top: string;
}

declare global {
  interface Window {
    __mctsSeen?: Seen[];
  }
}

test("alpha-beta vs MCTS from the /tv form: MCTS thinks aloud, the game finishes, the archive replays it", async ({ page }) => {
  test.setTimeout(360_000);

  // An MCTS search lasts a fraction of a second: record its thinking lines as they render rather than
  // hoping a poll lands inside one. (Client-side navigation keeps this document and its observer.)
  await page.addInitScript(() => {
    window.__mctsSeen = [];
    const look = () => {
      if (!location.pathname.startsWith("/game/")) return;
      const top = document.querySelector('[data-testid="game"] [data-testid="thinking-top"]');
      if (!top?.textContent) return;
      const seen = window.__mctsSeen!;
      if (seen.length >= 200 || seen.some((s) => s.top === top.textContent)) return;
      seen.push({
        path: location.pathname,
        plies: document.querySelectorAll('[data-testid="move-list"] [data-testid^="move-"]').length,
        status: document.querySelector('[data-testid="game"] [data-testid="status"]')?.textContent ?? "",
        line: document.querySelector('[data-testid="game"] [data-testid="thinking"]')?.textContent ?? "",
        top: top.textContent,
      });
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });

  await page.goto("/tv");
  // Hydrated and connected: the TV panel has heard from the server.
  await expect(page.getByTestId("tv").or(page.getByTestId("tv-off"))).toBeVisible({ timeout: 30_000 });

  // The form, as a person fills it in: 9×9, alpha-beta (black) vs MCTS (white), 0.2 s a move each.
  const form = page.getByTestId("ai-match-form");
  await form.scrollIntoViewIfNeeded();
  const black = form.getByRole("group", { name: "● Black" });
  const white = form.getByRole("group", { name: "○ White" });
  await black.getByLabel("Algorithm").selectOption({ label: "Alpha-beta" });
  await black.getByLabel("Time / move").selectOption({ label: "0.2 s" });
  await white.getByLabel("Algorithm").selectOption({ label: "MCTS" });
  await white.getByLabel("Time / move").selectOption({ label: "0.2 s" });
  await form.getByLabel("Board").selectOption({ label: "9×9" });
  await expect(black.getByLabel("Algorithm")).toHaveValue("alphabeta");
  await expect(white.getByLabel("Algorithm")).toHaveValue("mcts");
  await expect(white.getByLabel("Time / move")).toHaveValue("200");
  await expect(form.getByLabel("Board")).toHaveValue("9");
  await form.getByRole("button", { name: "Start the match" }).click();

  // The game page, watching.
  await page.waitForURL(/\/game\/[A-Za-z0-9_-]+\?watch=1$/, { timeout: 30_000 });
  const gameId = new URL(page.url()).pathname.split("/").pop()!;
  // A watched game belongs to Watch in the menu, not Play.
  await expect(page.locator("header nav").getByRole("link", { name: "Watch", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("header nav").getByRole("link", { name: "Play", exact: true })).not.toHaveAttribute("aria-current", "page");
  const game = page.getByTestId("game");
  await expect(game).toHaveAttribute("data-game-id", gameId);
  await expect(game).toHaveAttribute("data-my-color", "none");
  await expect(page.getByTestId("board")).toHaveAttribute("data-size", "9");
  await expect(page.getByTestId("player-black")).toContainText("AI 0.2 s");
  await expect(page.getByTestId("player-black")).not.toContainText(/mcts/i);
  await expect(page.getByTestId("player-white")).toContainText(/AI 0\.2 s · mcts/i);

  // MCTS's thinking shows at least once while it is to move: playouts, then its most-visited moves with
  // visits and win rates.
  await expect
    .poll(async () => (await page.evaluate(() => window.__mctsSeen!.length)) > 0, { timeout: 180_000, message: "never saw MCTS thinking" })
    .toBe(true);

  // And the game finishes.
  const banner = page.getByTestId("result-banner");
  await expect(banner).toBeVisible({ timeout: 240_000 });
  await expect(game).toHaveAttribute("data-status", "finished");
  const result = (await banner.getAttribute("data-result"))!;
  expect(["black", "white", "draw"]).toContain(result);
  await expect(banner).toContainText(result === "draw" ? "Draw" : `${result === "black" ? "Black" : "White"} wins`);
  await expect(page.getByTestId("status")).toHaveText("Game over");
  await expect(page.getByTestId("thinking")).toHaveCount(0);
  const plies = await page.locator('[data-testid="move-list"] [data-testid^="move-"]').count();
  expect(plies).toBeGreaterThanOrEqual(9); // the first five in a row needs at least nine moves
  if (result === "draw") expect(plies).toBe(81);
  else expect(plies % 2).toBe(result === "black" ? 1 : 0); // the winner moved last

  const seen = await page.evaluate(() => window.__mctsSeen!);
  test.info().annotations.push({ type: "mcts thinking seen", description: `${seen.length} lines, e.g. ${seen[0].line}` });
  for (const s of seen) {
    expect(s.path).toBe(`/game/${gameId}`);
    expect(s.plies % 2, `MCTS (white) to move, after an odd number of moves: ${JSON.stringify(s)}`).toBe(1);
    expect(s.status).toBe("AI is thinking…");
    expect(s.line).toMatch(/depth \d+ · .+ · \d+(\.\d)?[kKM]? playouts/);
    // e.g. "e5 1k (54%) · d4 120 (48%)": label, visits, win rate.
    expect(s.top).toMatch(/^[a-i][1-9] \d+(\.\d)?[kKM]? \(\d{1,3}%\)( · [a-i][1-9] \d+(\.\d)?[kKM]? \(\d{1,3}%\))*$/);
  }

  // The archive lists it among AI-vs-AI games; its replay shows the same ending.
  await page.goto("/games?kind=ava");
  const row = page.getByTestId(`archive-row-${gameId}`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(/mcts/i);
  await expect(row).toContainText(result === "draw" ? "Draw" : `${result === "black" ? "Black" : "White"} wins`);
  await page.getByTestId(`replay-${gameId}`).click();
  await expect(page).toHaveURL(new RegExp(`/replay/${gameId}$`));
  const replay = page.getByTestId("replay");
  await expect(replay).toHaveAttribute("data-plies", String(plies));
  await expect(replay).toHaveAttribute("data-ply", String(plies));
  await expect(page.getByTestId("replay-result")).toHaveAttribute("data-result", result);
  await expect(page.getByTestId("replay-header")).toContainText(/mcts/i);
});
