// Tournaments in the browser (issue 30), cheaply: a guest creates an arena from /tournaments, two
// players join it, the director pairs them (their pages open the game by themselves), and the
// standings show both. The rules themselves are tested in test/server/tournaments.test.ts.
import { expect } from "@playwright/test";
import { newPage, test } from "./helpers";

test("create an arena, two players join, they are paired into one game, the standings show", async ({ browser }) => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  await a.goto("/tournaments");
  await expect(a.getByRole("heading", { level: 1 })).toHaveText("Tournaments");
  await expect(a.getByTestId("tournament-lists")).toBeVisible();
  await a.getByLabel("Name", { exact: true }).fill("E2E arena");
  await a.getByTestId("tour-create").click();
  await a.waitForURL(/\/tournament\/[A-Za-z0-9_-]+$/);
  const url = a.url();
  await expect(a.getByTestId("tournament-name")).toHaveText("E2E arena");
  await a.getByTestId("tour-join").click();
  await expect(a.getByTestId("tour-me")).toBeVisible();

  await b.goto(url);
  await b.getByTestId("tour-join").click();
  // Paired within a director's tick or two: both pages go to the same game.
  await a.waitForURL(/\/game\//, { timeout: 20_000 });
  await b.waitForURL(/\/game\//, { timeout: 20_000 });
  expect(a.url()).toBe(b.url());
  // Each page takes its seat (the colour shows once the page has joined).
  for (const p of [a, b]) await expect(p.getByTestId("game")).toHaveAttribute("data-my-color", /^[12]$/);
  const colors = await Promise.all([a, b].map((p) => p.getByTestId("game").getAttribute("data-my-color")));
  expect(colors.sort()).toEqual(["1", "2"]);

  // Back on the event: two rows in the standings, the game under way as the top game, mine to open.
  await b.goto(url);
  await expect(b.getByTestId("standing-row")).toHaveCount(2);
  await expect(b.getByTestId("tour-top-game")).toBeVisible();
  await expect(b.getByTestId("tour-my-game")).toHaveAttribute("href", new URL(a.url()).pathname);
  await expect(b.getByTestId("tournament-status")).toHaveText("Under way");
});
