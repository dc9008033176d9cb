// Renju in real Chromium, two players by invite: black builds a double three on purpose (white plays
// far away), so the forbidden point comes up at a known move whatever the machine's speed. On
// black's turn it is marked × on both pages, exactly where the rules say; black's click on it is
// refused with the reason and changes nothing; once white has moved the mark goes.
import { expect, type Page } from "@playwright/test";
import { cellsOf, forbiddenPoints } from "../engine/rules";
import type { Color } from "../engine/types";
import { moveLabels, newPage, readBoard, test } from "./helpers";

/** Black h8 g8 i10 i9 (the double three at i8: g8-h8-i8 across, i10-i9-i8 down); white in the corners. */
const BLACK = ["h8", "g8", "i10", "i9"];
const WHITE = ["a1", "o1", "a15", "o15"];

async function put(who: Page, other: Page, at: string, color: 1 | 2) {
  await who.getByTestId(`pt-${at}`).click();
  for (const p of [who, other]) await expect(p.getByTestId(`pt-${at}`)).toHaveAttribute("data-stone", String(color));
}

test("renju by invite: black's forbidden point is marked and a click on it is refused with the reason", async ({ browser }) => {
  const black = await newPage(browser);
  const white = await newPage(browser);
  await black.goto("/");
  const form = black.getByTestId("form-friend");
  await form.getByText("15×15", { exact: true }).click();
  await form.getByText("Renju", { exact: true }).click();
  await form.getByRole("button", { name: "Create invite link" }).click();
  await black.waitForURL(/\/game\//);
  await expect(black.getByTestId("invite-link")).toHaveValue(/^https?:\/\/[^/]+\/game\/[\w-]+$/);
  await white.goto(await black.getByTestId("invite-link").inputValue());
  await expect(black.getByTestId("game")).toHaveAttribute("data-my-color", "1");
  await expect(white.getByTestId("game")).toHaveAttribute("data-my-color", "2");
  await expect(black.getByTestId("game")).toContainText("renju");

  for (let i = 0; i < BLACK.length; i++) {
    // No forbidden point yet: nothing is marked.
    await expect(black.locator('[data-testid^="forbidden-"]')).toHaveCount(0);
    await put(black, white, BLACK[i], 1);
    await put(white, black, WHITE[i], 2);
  }

  // Black to move: the page marks exactly the points the rules call forbidden, i8 among them.
  const { size, cells } = await readBoard(black);
  const stones = cells.filter((c) => c.stone !== 0).map((c) => ({ x: c.x, y: c.y, color: c.stone as Color }));
  const forbidden = forbiddenPoints(size, cellsOf(size, stones));
  expect(forbidden.map((p) => p.reason)).toEqual(["double-three"]);
  for (const p of [black, white]) {
    await expect(p.locator('[data-testid^="forbidden-"]')).toHaveCount(1);
    await expect(p.getByTestId("forbidden-i8")).toHaveAttribute("data-reason", "double-three");
  }

  // The click is refused with the reason; nothing changes and it is still black's turn.
  const before = (await moveLabels(black)).length;
  await black.getByTestId("pt-i8").click();
  await expect(black.getByTestId("toast").filter({ hasText: "Forbidden for black" })).toHaveText("Forbidden for black: double three.");
  for (const p of [black, white]) await expect(p.getByTestId("pt-i8")).toHaveAttribute("data-stone", "0");
  expect((await moveLabels(black)).length).toBe(before);
  expect((await moveLabels(white)).length).toBe(before);
  await expect(black.locator('[data-testid="status"][data-my-turn="true"]')).toBeVisible();

  // Black plays elsewhere: white to move, so no mark; white may play i8 (forbidden for black only).
  await put(black, white, "b2", 1);
  await expect(black.locator('[data-testid^="forbidden-"]')).toHaveCount(0);
  await put(white, black, "i8", 2);
});

test("the analysis board refuses black's forbidden point with the reason, and plays elsewhere", async ({ page }) => {
  const moves = BLACK.flatMap((b, i) => [b, WHITE[i]]).join("");
  await page.goto(`/analysis?size=15&rule=renju&moves=${moves}`);
  await expect(page.getByTestId("forbidden-i8")).toHaveAttribute("data-reason", "double-three");
  await page.getByTestId("pt-i8").click();
  await expect(page.getByTestId("an-refusal")).toHaveText("Forbidden for black: double three.");
  await expect(page.getByTestId("pt-i8")).toHaveAttribute("data-stone", "0");
  await expect(page.getByTestId("an-ply")).toHaveText("8");
  // A legal move goes on the board; the refusal is for the position it was made in.
  await page.getByTestId("pt-b2").click();
  await expect(page.getByTestId("pt-b2")).toHaveAttribute("data-stone", "1");
  await expect(page.getByTestId("an-refusal")).toHaveCount(0);
});
