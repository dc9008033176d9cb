// Imported games are stored: a 20×20 Piskvorky file gets its permanent /replay/<id> (a reload shows
// the same game), an SGF file with two games stores both, several files at once each get their line,
// and a malformed file shows its error with line and column. Imported games are listed under the
// archive's "Imported" filter and on the importer's page, not in the archive's default view.
import { expect, test } from "@playwright/test";
import { PSQ20 } from "../test/support/gomocup-files";

const SGF2 = [
  "(;GM[4]FF[4]SZ[15]RU[0]PB[pbrain-one]PW[pbrain-two];B[hh]C[780ms];W[ig]C[12ms];B[ii])",
  "(;GM[4]FF[4]SZ[20]RU[0]PB[pbrain-two]PW[pbrain-one];B[jj];W[tt];B[kk])",
].join("\n");

const file = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

test("a 20×20 Piskvorky file is stored: /replay/<id>, and a reload shows the same game", async ({ page }) => {
  await page.goto("/import");
  await page.getByTestId("import-file").setInputFiles(file("embryo-rapfi.psq", PSQ20));
  await expect(page.getByTestId("import-format")).toContainText("psq");
  await page.getByTestId("import-submit").click();
  await expect(page).toHaveURL(/\/replay\/[A-Za-z0-9_-]+$/);
  const url = page.url();
  const replay = page.getByTestId("replay");
  await expect(replay).toHaveAttribute("data-source", "game");
  await expect(replay).toHaveAttribute("data-plies", "9");
  await expect(page.getByTestId("replay-header")).toContainText("Imported game · 20×20");
  await expect(page.getByTestId("replay-header")).toContainText("pbrain-embryo21_s.exe");
  await expect(page.getByTestId("replay-result")).toHaveAttribute("data-result", "black");
  // The 20th column is t: the last move (20,10 in the file) is t11.
  await expect(page.getByTestId("board").getByText("t", { exact: true })).toHaveCount(2);
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByTestId("replay")).toHaveAttribute("data-plies", "9");
  await expect(page.getByTestId("replay-header")).toContainText("pbrain-rapfi21.exe");

  // In the archive, marked imported.
  await page.goto("/games?kind=imported");
  const id = url.split("/").pop()!;
  await expect(page.getByTestId(`archive-row-${id}`)).toContainText("Imported");
  // Not in the archive's default view (issue 25: imported spam buried the games played here)…
  await page.goto("/games");
  await expect(page.getByTestId("archive")).toBeVisible();
  await expect(page.getByTestId("filter-all")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId(`archive-row-${id}`)).toHaveCount(0);
  // …but on the importer's page (this browser's guest).
  const me = (await (await page.request.get("/api/me")).json()) as { me: { name: string } };
  await page.goto(`/@/${encodeURIComponent(me.me.name)}`);
  await expect(page.getByTestId("imported-games").locator(`[data-game-id="${id}"]`)).toBeVisible();
});

test("an SGF file with two games: store both, each with its link", async ({ page }) => {
  await page.goto("/import");
  await page.getByTestId("import-text").fill(SGF2);
  await expect(page.getByTestId("import-format")).toContainText("SGF file with 2 games");
  await expect(page.getByTestId("import-pick").locator("option")).toHaveCount(3);
  await page.getByTestId("import-submit").click();
  const links = page.getByTestId("import-stored-link");
  await expect(links).toHaveCount(2);
  await expect(links.nth(1)).toContainText("Game 2: pbrain-two – pbrain-one (3 moves)");
  await links.nth(1).click();
  await expect(page.getByTestId("replay")).toHaveAttribute("data-plies", "3");
  await expect(page.getByTestId("replay-header")).toContainText("20×20");
});

test("several files at once: each its result; a malformed one its line and column", async ({ page }) => {
  await page.goto("/import");
  await page
    .getByTestId("import-files-input")
    .setInputFiles([file("one.psq", PSQ20), file("broken.psq", "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,x,12\n"), file("match.sgf", SGF2)]);
  await expect(page.getByTestId("import-files-summary")).toHaveText("2 stored, 1 refused, of 3 files.", { timeout: 20_000 });
  const rows = page.getByTestId("import-file-result");
  await expect(rows.nth(0)).toHaveAttribute("data-state", "stored");
  await expect(rows.nth(1)).toContainText('line 3, column 3: unexpected "x"');
  await expect(rows.nth(2).getByTestId("import-file-link")).toHaveCount(2);

  // Pasted, it shows the line with a caret under the column.
  await page.getByTestId("import-text").fill("(;SZ[15];B[hh];W[])");
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("import-error")).toContainText("line 1, column 17");
  await expect(page.getByTestId("import-error")).toContainText("a pass (an empty move) is not a Gomoku move");
});
