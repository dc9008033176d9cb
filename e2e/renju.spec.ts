// Renju against the AI in real Chromium: I play black (helped by the engine, so the game lasts) and
// take any safe chance to leave myself a forbidden point; once one is on the board on my turn it is
// marked ×, and a click on it is refused with the reason, changing nothing.
import { expect, test } from "@playwright/test";
import { cellsOf, forbiddenPoints, forbiddenReason, winningLine } from "../engine/rules";
import { think } from "../engine/gomoku/think";
import type { Color, Point, Stone } from "../engine/types";
import { moveLabels, readBoard, waitMyTurnOrEnd, type Cell } from "./helpers";

const letters = "abcdefghijklmnopqrs";
const label = (p: Point, size: number) => `${letters[p.x]}${size - p.y}`;

/**
 * Black's next move: a legal point that leaves black a forbidden point right away, if white cannot
 * then win by force (the engine checks); else the engine's own move for black (it never plays a
 * forbidden point), so the game lasts until a forbidden point comes up.
 */
function steer(size: number, cells: Cell[]): Point {
  const stones: Stone[] = cells.filter((c) => c.stone !== 0).map((c) => ({ x: c.x, y: c.y, color: c.stone as Color }));
  const grid = cellsOf(size, stones);
  const safe = (p: Point) => {
    const after = think({ size, rule: "renju", stones: [...stones, { ...p, color: 1 }], toMove: 2 }, { maxDepth: 4, maxNodes: 20_000 });
    return after.score.kind !== "win";
  };
  let best: Point | null = null;
  let most = 0;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const p = { x, y };
      if (grid[y * size + x] !== 0 || forbiddenReason(size, grid, p)) continue;
      grid[y * size + x] = 1;
      const n = winningLine(size, "renju", grid, p, 1) ? 0 : forbiddenPoints(size, grid).length;
      grid[y * size + x] = 0;
      if (n > most) {
        most = n;
        best = p;
      }
    }
  if (best && safe(best)) return best;
  return think({ size, rule: "renju", stones, toMove: 1 }, { maxDepth: 6, maxNodes: 30_000 }).move!;
}

test("renju vs the AI: black's forbidden point is marked and a click on it is refused with the reason", async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto("/");
  const form = page.getByTestId("form-ai");
  await form.getByText("15×15", { exact: true }).click();
  await form.getByText("Renju", { exact: true }).click();
  await form.getByTestId("ai-time").selectOption({ label: "0.2 s (quick)" });
  await form.getByRole("button", { name: "Play the AI" }).click();
  await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId("board")).toBeVisible();
  await expect(page.getByTestId("game")).toHaveAttribute("data-my-color", "1");
  await expect(page.getByTestId("game")).toContainText("renju");

  let refused = false;
  for (let turn = 0; turn < 30 && !refused; turn++) {
    if (!(await waitMyTurnOrEnd(page))) break;
    const { size, cells } = await readBoard(page);
    const grid = cellsOf(
      size,
      cells.filter((c) => c.stone !== 0).map((c) => ({ x: c.x, y: c.y, color: c.stone as Color })),
    );
    const forbidden = forbiddenPoints(size, grid);
    // The page marks exactly the points the rules call forbidden.
    await expect(page.locator('[data-testid^="forbidden-"]')).toHaveCount(forbidden.length);
    if (forbidden.length === 0) {
      const p = steer(size, cells);
      const before = (await moveLabels(page)).length;
      await page.getByTestId(`pt-${label(p, size)}`).click();
      await expect(page.getByTestId(`move-${before + 1}`)).toHaveAttribute("data-label", label(p, size));
      continue;
    }
    const f = forbidden[0];
    const at = label(f, size);
    const mark = page.getByTestId(`forbidden-${at}`);
    await expect(mark).toBeVisible();
    await expect(mark).toHaveAttribute("data-reason", f.reason);
    const before = (await moveLabels(page)).length;
    await page.getByTestId(`pt-${at}`).click();
    const toast = page.getByTestId("toast").filter({ hasText: "Forbidden for black" });
    await expect(toast).toHaveText(`Forbidden for black: ${f.reason.replace("-", " ")}.`);
    // Nothing changed: the point is empty, no move was added, it is still my turn.
    await expect(page.getByTestId(`pt-${at}`)).toHaveAttribute("data-stone", "0");
    expect((await moveLabels(page)).length).toBe(before);
    await expect(page.locator('[data-testid="status"][data-my-turn="true"]')).toBeVisible();
    refused = true;
  }
  expect(refused, "a forbidden point for black came up and was refused").toBe(true);
});
