// The analysis board: the engine runs in the browser (a Web Worker) on the position shown, moves off
// the main line become branches, and the address holds the position (reload, share).
import { expect, test } from "@playwright/test";

test("explore two moves off a game's line with the in-browser engine, then reload the shared address", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.goto("/analysis?size=15&rule=freestyle&moves=h8i9j10");
  await expect(page.getByTestId("analysis")).toBeVisible();
  for (const [label, stone] of [
    ["h8", "1"],
    ["i9", "2"],
    ["j10", "1"],
  ] as const)
    await expect(page.getByTestId(`pt-${label}`)).toHaveAttribute("data-stone", stone);
  // The engine evaluates the position shown, deeper and deeper.
  await expect(page.getByTestId("engine-depth")).toHaveAttribute("data-depth", /^[2-9]|\d\d/, { timeout: 20_000 });
  await expect(page.getByTestId("engine-line")).not.toBeEmpty();

  // Back one move (j10 gone), and two moves of our own: a branch beside j10.
  await page.getByTestId("an-prev").click();
  await expect(page.getByTestId("pt-j10")).toHaveAttribute("data-stone", "0");
  await page.getByTestId("pt-g7").click();
  await page.getByTestId("pt-f6").click();
  await expect(page.getByTestId("pt-g7")).toHaveAttribute("data-stone", "1");
  await expect(page.getByTestId("pt-f6")).toHaveAttribute("data-stone", "2");
  await expect(page.getByTestId("variation")).toHaveCount(1);
  await expect(page.getByTestId("node-h8-i9-j10")).toBeVisible(); // the main line is still there
  await expect(page.getByTestId("engine-depth")).toHaveAttribute("data-depth", /^[2-9]|\d\d/, { timeout: 20_000 });
  await expect(page).toHaveURL(/moves=h8i9g7f6/);

  // Stop: the engine stops and says so.
  await page.getByTestId("engine-toggle").click();
  await expect(page.getByTestId("engine-toggle")).toHaveText("Analyse");

  // The shared address shows the same position.
  await page.reload();
  await expect(page.getByTestId("pt-g7")).toHaveAttribute("data-stone", "1");
  await expect(page.getByTestId("pt-f6")).toHaveAttribute("data-stone", "2");
  await expect(page.getByTestId("pt-j10")).toHaveAttribute("data-stone", "0");
  await expect(page.getByTestId("an-ply")).toHaveText("4");
  await expect(page.getByTestId("engine-depth")).toHaveAttribute("data-depth", /\d/, { timeout: 20_000 });
  expect(violations).toEqual([]);
});

test("a five on the board ends the analysis there; a bad address says why", async ({ page }) => {
  await page.goto("/analysis?size=15&moves=h8h9i8i9j8j9k8k9l8");
  await expect(page.getByTestId("engine-over")).toHaveText(/Black has five/);
  await page.goto("/analysis?size=15&moves=h8zz9");
  await expect(page.getByTestId("load-error")).toBeVisible();
});

test("a new empty board of another size and rule from the board's own form", async ({ page }) => {
  await page.goto("/analysis");
  await expect(page.getByTestId("new-board-size")).toHaveValue("15");
  await page.getByTestId("new-board-size").selectOption("19");
  await page.getByTestId("new-board-rule").selectOption("renju");
  await page.getByTestId("new-board-submit").click();
  await page.waitForURL(/\/analysis\?size=19&rule=renju$/);
  await expect(page.getByTestId("pt-s19")).toBeVisible(); // a 19×19 board
  await expect(page.getByTestId("new-board-rule")).toHaveValue("renju");
  await expect(page.getByText(/19×19 · renju/)).toBeVisible();
});
