// Swap2 in real Chromium: two browser contexts play through each of the three choices (the second
// player takes black; stays white and plays; places two more and lets the first choose), the move
// list shows the opening stones apart with the choice as a line, and colours, names and turns
// follow the choice on both pages; then a swap2 game against the AI, whose choice comes from its
// own search, and its replay showing the opening.
import { expect, type Page } from "@playwright/test";
import { moveLabels, newPage, readBoard, chooseMove, waitMyTurnOrEnd, test } from "./helpers";

/** Alice creates a 15×15 swap2 invite (she places first); Bob opens the link. */
async function swap2Invite(browser: import("@playwright/test").Browser): Promise<{ alice: Page; bob: Page }> {
  const alice = await newPage(browser);
  const bob = await newPage(browser);
  await alice.goto("/");
  const form = alice.getByTestId("form-friend");
  await form.getByText("15×15", { exact: true }).click();
  await form.getByTestId("swap2-toggle").check();
  await form.getByText("You place first", { exact: true }).click();
  await form.getByRole("button", { name: "Create invite link" }).click();
  await alice.waitForURL(/\/game\//);
  await expect(alice.getByTestId("invite-link")).toHaveValue(/^https?:\/\/[^/]+\/game\/[\w-]+$/);
  const link = await alice.getByTestId("invite-link").inputValue();
  await bob.goto(link);
  await expect(bob.getByTestId("game")).toHaveAttribute("data-my-color", "2");
  await expect(alice.getByTestId("status")).toHaveText("Swap2: place the 1st opening stone (black)");
  await expect(bob.getByTestId("status")).toHaveText("Swap2: Your opponent places the 1st stone");
  return { alice, bob };
}

/** `who` clicks `at`; both pages show the stone in `color`. */
async function put(who: Page, other: Page, at: string, color: 1 | 2) {
  await who.getByTestId(`pt-${at}`).click();
  for (const p of [who, other]) await expect(p.getByTestId(`pt-${at}`)).toHaveAttribute("data-stone", String(color));
}

/** Alice places h8 (black), j8 (white), i9 (black); Bob may not place, then is offered the choice. */
async function threeStones(alice: Page, bob: Page) {
  // Bob's click on the board while Alice places does nothing.
  await bob.getByTestId("pt-a1").click({ force: true });
  await put(alice, bob, "h8", 1);
  await expect(alice.getByTestId("status")).toHaveText("Swap2: place the 2nd opening stone (white)");
  await put(alice, bob, "j8", 2);
  await put(alice, bob, "i9", 1);
  await expect(bob.getByTestId("pt-a1")).toHaveAttribute("data-stone", "0");
  await expect(bob.getByTestId("status")).toHaveText("Swap2: take black, stay white, or place two more");
  await expect(alice.getByTestId("status")).toHaveText("Swap2: Your opponent is choosing");
  await expect(alice.getByTestId("swap2-choices")).toHaveCount(0);
  // The opening is shown apart: its three stones, no choice yet.
  for (const p of [alice, bob]) {
    await expect(p.getByTestId("swap2-opening")).toHaveAttribute("data-phase", "choose3");
    await expect(p.getByTestId("swap2-stones-1").locator('[data-opening="true"]')).toHaveCount(3);
  }
  // Alice clicking while Bob chooses changes nothing.
  await alice.getByTestId("pt-a2").click({ force: true });
  await alice.waitForTimeout(300);
  await expect(bob.getByTestId("pt-a2")).toHaveAttribute("data-stone", "0");
}

async function colours(alice: Page, bob: Page, a: "1" | "2", b: "1" | "2") {
  await expect(alice.getByTestId("game")).toHaveAttribute("data-my-color", a);
  await expect(bob.getByTestId("game")).toHaveAttribute("data-my-color", b);
  // My row says "(you)" under my colour, and my opponent's name sits under theirs, on both pages.
  const row = (p: Page, c: "1" | "2") => p.getByTestId(`player-${c === "1" ? "black" : "white"}`);
  await expect(row(alice, a)).toContainText("(you)");
  await expect(row(bob, b)).toContainText("(you)");
  const aliceName = (await alice.getByTestId(`name-${a === "1" ? "black" : "white"}`).textContent())!;
  await expect(bob.getByTestId(`name-${a === "1" ? "black" : "white"}`)).toHaveText(aliceName);
  await expect(row(bob, a)).not.toContainText("(you)");
}

test("swap2: the second player takes black (swap); colours, names and turn follow", async ({ browser }) => {
  const { alice, bob } = await swap2Invite(browser);
  await threeStones(alice, bob);
  await bob.getByTestId("swap2-black").click();
  for (const p of [alice, bob]) await expect(p.getByTestId("swap2-choice-3")).toHaveText("White chose to swap: takes black");
  await colours(alice, bob, "2", "1");
  await expect(alice.getByTestId("status")).toHaveText("Your move (white)");
  await expect(bob.getByTestId("status")).toHaveText("Opponent's move (white)");
  await put(alice, bob, "g7", 2);
  await expect(bob.getByTestId("status")).toHaveText("Your move (black)");
  await put(bob, alice, "k10", 1);
  expect(await moveLabels(alice)).toEqual(["h8", "j8", "i9", "g7", "k10"]);
  // The moves after the opening are listed apart from it.
  await expect(alice.getByTestId("swap2-opening").locator('[data-testid^="move-"]')).toHaveCount(3);
  for (const p of [alice, bob]) await p.context().close();
});

test("swap2: the second player stays white and plays the 4th stone", async ({ browser }) => {
  const { alice, bob } = await swap2Invite(browser);
  await threeStones(alice, bob);
  await bob.getByTestId("swap2-white").click();
  for (const p of [alice, bob]) await expect(p.getByTestId("swap2-choice-3")).toHaveText("White chose to stay white");
  await colours(alice, bob, "1", "2");
  await expect(bob.getByTestId("status")).toHaveText("Your move (white)");
  await put(bob, alice, "g7", 2);
  await expect(alice.getByTestId("status")).toHaveText("Your move (black)");
  await put(alice, bob, "k10", 1);
  expect(await moveLabels(bob)).toEqual(["h8", "j8", "i9", "g7", "k10"]);
  // The moves after the opening keep the game's numbering: g7 is white's 2nd move, k10 black's 3rd.
  for (const p of [alice, bob]) {
    await expect(p.getByTestId("row-2")).toBeVisible();
    await expect(p.getByTestId("row-3")).toBeVisible();
    await expect(p.getByTestId("row-1")).toHaveCount(0);
  }
  for (const p of [alice, bob]) await p.context().close();
});

test("swap2: the second player places two more and the first chooses white", async ({ browser }) => {
  const { alice, bob } = await swap2Invite(browser);
  await threeStones(alice, bob);
  await bob.getByTestId("swap2-place").click();
  for (const p of [alice, bob]) await expect(p.getByTestId("swap2-choice-3")).toHaveText("White chose to place two more");
  await expect(bob.getByTestId("status")).toHaveText("Swap2: place the 4th opening stone (white)");
  await put(bob, alice, "g7", 2);
  await put(bob, alice, "k10", 1);
  await expect(alice.getByTestId("status")).toHaveText("Swap2: choose your colour");
  // With five stones there is no "two more".
  await expect(alice.getByTestId("swap2-place")).toHaveCount(0);
  await expect(bob.getByTestId("swap2-choices")).toHaveCount(0);
  await alice.getByTestId("swap2-white").click();
  for (const p of [alice, bob]) await expect(p.getByTestId("swap2-choice-5")).toHaveText("Black chose to swap: takes white");
  await colours(alice, bob, "2", "1");
  await expect(alice.getByTestId("status")).toHaveText("Your move (white)");
  await put(alice, bob, "f6", 2);
  await expect(bob.getByTestId("status")).toHaveText("Your move (black)");
  for (const p of [alice, bob]) {
    await expect(p.getByTestId("swap2-opening").locator('[data-opening="true"]')).toHaveCount(5);
    expect(await moveLabels(p)).toEqual(["h8", "j8", "i9", "g7", "k10", "f6"]);
  }
  for (const p of [alice, bob]) await p.context().close();
});

test("swap2 vs the AI: I place three, the AI chooses by its search, and the replay shows the opening", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("/");
  const form = page.getByTestId("form-ai");
  await form.getByText("15×15", { exact: true }).click();
  await form.getByTestId("swap2-toggle").check();
  await form.getByText("You place first", { exact: true }).click();
  await form.getByTestId("ai-time").selectOption({ label: "0.2 s (quick)" });
  await form.getByRole("button", { name: "Play the AI" }).click();
  await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId("status")).toHaveText("Swap2: place the 1st opening stone (black)");
  for (const [at, color] of [
    ["h8", 1],
    ["i8", 2],
    ["i9", 1],
  ] as const) {
    await page.getByTestId(`pt-${at}`).click();
    await expect(page.getByTestId(`pt-${at}`)).toHaveAttribute("data-stone", String(color));
  }
  // No takeback during the opening.
  await expect(page.getByTestId("takeback")).toHaveCount(0);
  const line = page.getByTestId("swap2-choice-3");
  await expect(line).toBeVisible({ timeout: 30_000 });
  const text = (await line.textContent()) ?? "";
  if (text.includes("two more")) {
    // The AI placed the 4th and 5th: now I choose, and take black.
    await expect(page.getByTestId("swap2-choices")).toBeVisible({ timeout: 30_000 });
    await page.getByTestId("swap2-black").click();
    await expect(page.getByTestId("swap2-choice-5")).toHaveText("Black chose to stay black");
    await expect(page.getByTestId("game")).toHaveAttribute("data-my-color", "1");
  } else {
    // It took black (I play white now) or stayed white (I stay black).
    await expect(page.getByTestId("game")).toHaveAttribute("data-my-color", text.includes("takes black") ? "2" : "1");
  }
  const me = Number(await page.getByTestId("game").getAttribute("data-my-color")) as 1 | 2;
  // A few moves of the game proper.
  for (let i = 0; i < 2; i++) {
    if (!(await waitMyTurnOrEnd(page, 30_000))) break;
    const { size, cells } = await readBoard(page);
    const m = chooseMove(size, cells, me);
    await page.getByTestId(`pt-${m.label}`).click();
    await expect(page.getByTestId(`pt-${m.label}`)).toHaveAttribute("data-stone", String(me));
  }
  const gameId = await page.getByTestId("game").getAttribute("data-game-id");
  await page.getByTestId("resign").click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(page.getByTestId("result-banner")).toBeVisible();
  // The moves once the game is over: read before the resign, the AI's reply could still come in between.
  const labels = await moveLabels(page);
  // The replay: the opening apart, its choice line, every move.
  await page.goto(`/replay/${gameId}`);
  const replay = page.getByTestId("replay-moves");
  await expect(replay.getByTestId("swap2-opening")).toBeVisible();
  await expect(replay.getByTestId("swap2-choice-3")).toHaveText(text);
  await expect(replay.locator('[data-testid^="rmove-"]')).toHaveCount(labels.length);
  await expect(page.getByTestId("replay-header")).toContainText("swap2");
});

test("swap2 AI vs AI from the /tv form: the engines place and choose, a watcher sees the opening apart", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/tv");
  await expect(page.getByTestId("tv").or(page.getByTestId("tv-off"))).toBeVisible({ timeout: 30_000 }); // hydrated
  const form = page.getByTestId("ai-match-form");
  await form.getByTestId("am-b-time").selectOption({ label: "0.2 s" });
  await form.getByTestId("am-w-time").selectOption({ label: "0.2 s" });
  await form.getByTestId("am-swap2").check();
  await form.getByTestId("am-start").click();
  await page.waitForURL(/\/game\/[\w-]+\?watch=1$/);
  await expect(page.getByTestId("game")).toHaveAttribute("data-my-color", "none");
  // The first engine's three stones, then the second engine's choice as a line.
  await expect(page.getByTestId("swap2-stones-1").locator('[data-opening="true"]')).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByTestId("swap2-choice-3")).toBeVisible({ timeout: 30_000 });
  // The game goes on after the opening, numbered on from it.
  await expect(page.getByTestId("move-list").locator('[data-testid^="row-"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("row-1")).toHaveCount(0);
});
