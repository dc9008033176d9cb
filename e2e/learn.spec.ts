// /learn: the search explainer, driven through the page as a student would.
import { expect, test, type Page } from "@playwright/test";

const node = (page: Page, path: string) => page.locator(`[data-testid="tree-node"][data-path="${path}"]`);

test.beforeEach(async ({ page }) => {
  await page.goto("/learn");
  await expect(page.getByRole("heading", { name: "Search, stepped" })).toBeVisible();
  await expect(page.getByTestId("explainer")).toHaveAttribute("data-ready", "true"); // hydrated: the controls respond
});

test("AIMA's tree with alpha-beta, stepped to the end: C's 4 and 6 are cut, the root is worth 3", async ({ page }) => {
  await page.getByRole("button", { name: "AIMA fig. 5.5" }).click();
  await page.getByRole("button", { name: "Alpha-beta" }).click();
  await expect(page.getByRole("button", { name: "Alpha-beta" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("step-counter")).toHaveText("step 0 / 26");
  await expect(page.getByTestId("root-value")).toHaveText("?");
  await expect(page.getByTestId("tree-scroll-hint")).toHaveCount(0); // a desktop shows the whole tree

  // A few steps with the buttons: the root is entered with the full window.
  await page.getByRole("button", { name: "Step forward" }).click();
  await expect(node(page, "")).toHaveAttribute("data-active", "true");
  await expect(page.getByTestId("narration")).toContainText("α = −∞, β = +∞");

  // The rest with the → key, until the cut and then the end.
  await page.locator("body").click({ position: { x: 5, y: 5 } }); // focus the page, not a control
  let sawCut = false;
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("ArrowRight");
    if (!sawCut && (await page.getByTestId("step-kind").textContent())?.includes("Cut")) {
      sawCut = true;
      await expect(page.getByTestId("narration")).toContainText("β ≤ α: 2 ≤ 3, so C's remaining children 4 and 6 are never examined");
      await expect(node(page, "1")).toHaveAttribute("data-active", "true");
      await expect(page.getByTestId("path-beta").last()).toHaveText("2"); // C's β on the current path
    }
    if ((await page.getByTestId("step-counter").textContent()) === "step 26 / 26") break;
  }
  expect(sawCut).toBe(true);
  await expect(page.getByTestId("step-counter")).toHaveText("step 26 / 26");

  await expect(node(page, "1,1")).toHaveAttribute("data-state", "cut");
  await expect(node(page, "1,2")).toHaveAttribute("data-state", "cut");
  await expect(page.locator('[data-testid="tree-node"][data-state="cut"]')).toHaveCount(2);
  await expect(node(page, "1,0")).toHaveAttribute("data-state", "done");
  await expect(node(page, "")).toHaveAttribute("data-value", "3");
  await expect(page.getByTestId("root-value")).toHaveText("3");
  await expect(page.getByTestId("count-minimax")).toHaveText("13");
  await expect(page.getByTestId("count-alphabeta")).toHaveText("11");
  await expect(page.getByTestId("visited")).toContainText("11");

  // ← goes back: the cut disappears again once we are before it.
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(page.locator('[data-testid="tree-node"][data-state="cut"]')).toHaveCount(0);
});

test("best-first ordering shrinks alpha-beta's count, worst-first grows it", async ({ page }) => {
  await page.getByRole("button", { name: "Best-first" }).click();
  await expect(page.getByTestId("count-alphabeta")).toHaveText("9");
  await expect(page.getByTestId("count-minimax")).toHaveText("13");
  await page.getByRole("button", { name: "Jump to end" }).click();
  await expect(page.locator('[data-testid="tree-node"][data-state="cut"]')).toHaveCount(4);
  await page.getByRole("button", { name: "Worst-first" }).click();
  await expect(page.getByTestId("count-alphabeta")).toHaveText("13");
  await expect(page.getByTestId("root-value")).toHaveText("3");
});

test("a custom tree typed in the editor is evaluated; a malformed one shows its error", async ({ page }) => {
  const input = page.getByTestId("tree-input");
  await input.fill("[[1, 5], [7, 2], [4, 6]]");
  await page.getByRole("button", { name: "Evaluate" }).click();
  await expect(page.getByText("Custom", { exact: true })).toBeVisible();
  await expect(page.locator('[data-testid="tree-node"]')).toHaveCount(10);
  await page.getByRole("button", { name: "Minimax" }).click();
  await page.getByRole("button", { name: "Jump to end" }).click();
  await expect(page.getByTestId("root-value")).toHaveText("4"); // max(min(1,5), min(7,2), min(4,6))
  await expect(page.getByTestId("count-minimax")).toHaveText("10");

  await input.fill('[[3, "x"], [2]]');
  await page.getByRole("button", { name: "Evaluate" }).click();
  await expect(page.getByTestId("tree-error")).toContainText("at node [0,1]");
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator('[data-testid="tree-node"]')).toHaveCount(10); // the last good tree stays

  await input.fill("[[3, 12,");
  await page.getByRole("button", { name: "Evaluate" }).click();
  await expect(page.getByTestId("tree-error")).toContainText("not valid JSON");
});

test("the expectimax tree gives 10; clicking a leaf edits it", async ({ page }) => {
  await page.getByRole("button", { name: "Chance node" }).click();
  await expect(page.getByRole("button", { name: "Alpha-beta" })).toBeDisabled();
  await page.getByRole("button", { name: "Jump to end" }).click();
  await expect(page.getByTestId("root-value")).toHaveText("10");

  await node(page, "2").click(); // the −12 leaf
  await page.getByTestId("leaf-value").fill("-6");
  // Editing at the last step keeps the explainer at the (new) last step.
  await expect(page.getByTestId("root-value")).toHaveText("11"); // 4 + 8 − 1
  await expect(page.getByTestId("tree-input")).toHaveValue(/"node": -6/);
});
