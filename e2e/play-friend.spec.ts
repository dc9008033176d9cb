// Two people play through an invite link while a third watches; a reload keeps the seat.
import { expect } from "@playwright/test";
import { chooseMove, createInvite, moveLabels, newPage, playAi, readBoard, waitMyTurnOrEnd, test } from "./helpers";

test("two players through an invite link, a spectator watching", async ({ browser }) => {
  const alice = await newPage(browser);
  const bob = await newPage(browser);
  const carol = await newPage(browser);

  // Alice creates the game (black, 15×15) and gets the invite link.
  const link = await createInvite(alice);
  await expect(alice.getByTestId("status")).toHaveText("Waiting for your opponent to open the link");
  expect(link).toBe(alice.url());

  // Bob opens it: he takes the free seat (white); the game starts for both.
  await bob.goto(link);
  await expect(bob.getByTestId("game")).toHaveAttribute("data-my-color", "2");
  await expect(alice.getByTestId("status")).toHaveText("Your move (black)");
  await expect(alice.getByTestId("invite")).toHaveCount(0);
  await expect(bob.getByTestId("status")).toHaveText("Opponent's move (black)");

  // Carol opens it afterwards: she watches, and both players see one spectator.
  await carol.goto(link);
  await expect(carol.getByTestId("game")).toHaveAttribute("data-my-color", "none");
  await expect(carol.getByTestId("status")).toHaveText("Black to move");
  await expect(alice.getByTestId("spectators")).toHaveAttribute("data-count", "1");
  await expect(bob.getByTestId("spectators")).toHaveAttribute("data-count", "1");

  // Black builds h8…l8, white answers on row 9; Carol sees every move.
  const black = ["h8", "i8", "j8", "k8", "l8"];
  const white = ["h9", "i9", "j9", "k9"];
  for (let i = 0; i < black.length; i++) {
    await alice.getByTestId(`pt-${black[i]}`).click();
    await expect(carol.getByTestId(`pt-${black[i]}`)).toHaveAttribute("data-stone", "1");
    await expect(bob.getByTestId(`pt-${black[i]}`)).toHaveAttribute("data-stone", "1");
    if (i === 1) {
      // A spectator's click does nothing; nor does a player's click out of turn.
      // (force: the points are aria-disabled for them, which Playwright would otherwise wait out.)
      await expect(carol.getByTestId("pt-a1")).toHaveAttribute("aria-disabled", "true");
      await carol.getByTestId("pt-a1").click({ force: true });
      await alice.getByTestId("pt-a2").click({ force: true });
      await alice.waitForTimeout(400);
      for (const p of [alice, bob, carol]) {
        await expect(p.getByTestId("pt-a1")).toHaveAttribute("data-stone", "0");
        await expect(p.getByTestId("pt-a2")).toHaveAttribute("data-stone", "0");
      }
      expect(await moveLabels(carol)).toEqual(["h8", "h9", "i8"]);
    }
    if (i < white.length) {
      await expect(bob.getByTestId("status")).toHaveText("Your move (white)");
      await bob.getByTestId(`pt-${white[i]}`).click();
      await expect(carol.getByTestId(`pt-${white[i]}`)).toHaveAttribute("data-stone", "2");
      await expect(alice.getByTestId(`pt-${white[i]}`)).toHaveAttribute("data-stone", "2");
    }
  }

  await expect(alice.getByTestId("result-banner")).toContainText("You win!");
  await expect(bob.getByTestId("result-banner")).toContainText("You lose");
  await expect(carol.getByTestId("result-banner")).toContainText("Black wins");
  await expect(carol.getByTestId("result-banner")).toContainText("Black made five in a row.");
  await expect(carol.getByTestId("win-stone")).toHaveCount(5);
  expect(await moveLabels(carol)).toEqual(["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"]);
  await expect(carol.getByTestId("rematch")).toHaveCount(0);
  await expect(carol.getByTestId("resign")).toHaveCount(0);

  for (const p of [alice, bob, carol]) await p.context().close();
});

test("a reload mid-game keeps the seat: same colour, can still move", async ({ page }) => {
  await playAi(page, { size: 11, aiSeconds: "0.2 s (quick)", color: "white" });
  const game = page.getByTestId("game");
  await expect(game).toHaveAttribute("data-my-color", "2");
  const url = page.url();

  expect(await waitMyTurnOrEnd(page)).toBe(true);
  let { size, cells } = await readBoard(page);
  const first = chooseMove(size, cells, 2);
  await page.getByTestId(`pt-${first.label}`).click();
  await expect(page.getByTestId("move-3")).toBeVisible({ timeout: 20_000 });
  const before = await moveLabels(page);

  await page.reload();
  expect(page.url()).toBe(url);
  await expect(game).toHaveAttribute("data-my-color", "2");
  expect(await moveLabels(page)).toEqual(before);
  await expect(page.getByTestId(`pt-${first.label}`)).toHaveAttribute("data-stone", "2");

  // Still my seat: the next move is accepted and the AI answers it.
  expect(await waitMyTurnOrEnd(page)).toBe(true);
  ({ size, cells } = await readBoard(page));
  const second = chooseMove(size, cells, 2);
  await page.getByTestId(`pt-${second.label}`).click();
  await expect(page.getByTestId("move-4")).toHaveAttribute("data-label", second.label);
  await expect(page.getByTestId("move-5")).toBeVisible({ timeout: 20_000 });

  // The same link in a fresh browser (no seat token) only watches.
  const other = await page.context().browser()!.newContext();
  const watcher = await other.newPage();
  await watcher.goto(url);
  await expect(watcher.getByTestId("game")).toHaveAttribute("data-my-color", "none", { timeout: 30_000 }); // a new visitor: a first page load
  await other.close();
});
