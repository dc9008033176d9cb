// The puzzle trainer (/puzzles) in Chromium: a guest solves a VCF puzzle in three moves with the
// defender's replies played for it; a wrong move shows the refutation and lowers the rating; the daily
// puzzle is the same for two visitors; a streak ends on a mistake. The solutions are read from the
// shipped set (prisma/seed/puzzles.ndjson), never from the page: the server sends none before it is played.
import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { newPage, readBoard, test } from "./helpers";

test.describe.configure({ timeout: 180_000 });

const SEED = readFileSync(new URL("../prisma/seed/puzzles.ndjson", import.meta.url), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { id: string; line: string[]; finish: string[] });
const VCF = "vcf-15-handmade-1"; // g4 (a four; c4 blocks), g7 (two fours; g3 blocks one), c3

async function play(page: Page, label: string) {
  await page.getByTestId(`pt-${label}`).click();
}

const ratingChange = async (page: Page) => {
  const text = (await page.getByTestId("rating-change").textContent()) ?? "";
  const [before, after] = (text.match(/\d+/g) ?? []).map(Number);
  return { before, after };
};

test("a guest solves a VCF in three moves, the defender's replies played; a wrong move shows the refutation and lowers the rating", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto(`/puzzles?id=${VCF}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Puzzles");
  await expect(page.getByTestId("puzzle-prompt")).toHaveText("Black to play and win");
  await play(page, "g4");
  await expect(page.getByTestId("pt-c4")).toHaveAttribute("data-stone", "2");
  await play(page, "g7");
  await expect(page.getByTestId("pt-g3")).toHaveAttribute("data-stone", "2");
  await play(page, "c3");
  await expect(page.getByTestId("puzzle-status")).toContainText("Solved!");
  const won = await ratingChange(page);
  expect(won.after).toBeGreaterThan(won.before);
  await page.getByTestId("puzzle-solution").click();
  await expect(page.getByTestId("solution-line")).toContainText("g4 c4 g7 g3 c3");

  // Another guest plays the double four first: wrong, the attempt ends with what wins, the rating drops.
  const other = await newPage(browser);
  await other.goto(`/puzzles?id=${VCF}`);
  await play(other, "g7");
  await expect(other.getByTestId("puzzle-status")).toContainText("Not that one: g7 does not win.");
  await expect(other.getByTestId("refutation")).toContainText("g4 c4 g7 g3 c3");
  const lost = await ratingChange(other);
  expect(lost.after).toBeLessThan(lost.before);
  // No guessing on: the board takes no more moves.
  await expect(other.getByTestId("puzzle-hint")).toHaveCount(0);
});

test("the daily puzzle is the same for two visitors", async ({ browser }) => {
  const [a, b] = [await newPage(browser), await newPage(browser)];
  await a.goto("/puzzles?mode=daily");
  await b.goto("/puzzles?mode=daily");
  const id = await a.getByTestId("puzzle-board").getAttribute("data-puzzle-id");
  expect(id).toBeTruthy();
  await expect(b.getByTestId("puzzle-board")).toHaveAttribute("data-puzzle-id", id!);
});

test("a streak counts solved puzzles and ends on a mistake", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto("/puzzles?mode=streak");
  await expect(page.getByTestId("streak-count")).toHaveText("Streak: 0");
  const id = (await page.getByTestId("puzzle-board").getAttribute("data-puzzle-id"))!;
  const line = SEED.find((p) => p.id === id)!.line;
  for (let i = 0; i < line.length; i += 2) {
    await play(page, line[i]);
    if (i + 1 < line.length) await expect(page.getByTestId(`pt-${line[i + 1]}`)).toHaveAttribute("data-stone", /[12]/);
  }
  await expect(page.getByTestId("puzzle-status")).toContainText("Solved!");
  await expect(page.getByTestId("streak-count")).toHaveText("Streak: 1");
  await page.getByTestId("puzzle-next").click();
  await expect(page.getByTestId("puzzle-board")).not.toHaveAttribute("data-puzzle-id", id);
  await expect(page.getByTestId("streak-count")).toHaveText("Streak: 1");
  // A mistake: an empty point that is not the answer.
  const id2 = (await page.getByTestId("puzzle-board").getAttribute("data-puzzle-id"))!;
  const answer = SEED.find((p) => p.id === id2)!;
  const { cells } = await readBoard(page);
  const wrong = cells.find((c) => c.stone === 0 && c.label !== answer.line[0] && !answer.finish.includes(c.label))!;
  await play(page, wrong.label);
  await expect(page.getByTestId("streak-over")).toHaveText("Streak over: 1 solved in a row.");
  await page.getByTestId("puzzle-next").click();
  await expect(page.getByTestId("streak-count")).toHaveText("Streak: 0");
});
