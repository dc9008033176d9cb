// Berserk on a tournament game's page (h3's trial): the button stayed after the player's first move (the
// page read "may berserk" once, when it opened) and a click then said swap2's "the opening is at another
// step". Now it goes with the first move; the opponent, who has not moved, still has it and may use it.
import { expect } from "@playwright/test";
import { newPage, test } from "./helpers";

test("the Berserk button goes with your first move; the opponent who has not moved still berserks", async ({ browser }) => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  await a.goto("/tournaments");
  await expect(a.getByTestId("nav-me")).toContainText("(guest)"); // the session exists before the form is sent
  await a.getByTestId("tour-name").fill("Berserk arena");
  await a.getByTestId("tour-create").click();
  await a.getByTestId("tour-join").click();
  await expect(a.getByTestId("tour-me")).toBeVisible();
  await b.goto(a.url());
  await b.getByTestId("tour-join").click();
  await a.waitForURL(/\/game\//, { timeout: 20_000 });
  await b.waitForURL(/\/game\//, { timeout: 20_000 });
  for (const p of [a, b]) await expect(p.getByTestId("game")).toHaveAttribute("data-my-color", /^[12]$/);
  const [black, white] = (await a.getByTestId("game").getAttribute("data-my-color")) === "1" ? [a, b] : [b, a];
  await expect(black.getByTestId("game-berserk")).toBeVisible();
  await black.getByTestId("pt-h8").click();
  await expect(white.getByTestId("pt-h8")).toHaveAttribute("data-stone", "1");
  await expect(black.getByTestId("game-berserk")).toHaveCount(0);
  await white.getByTestId("game-berserk").click();
  await expect(white.getByTestId("game-event")).toContainText("You went berserk in this game.");
});
