// Playing without a mouse or without seeing the board (issue 32): a whole game against the AI with
// the keyboard alone (no pointer event), its moves read from the live region; a game typed move by
// move in the text field, with the board as text; the replay stepped by keys, the move and its score
// said. H1_SHOTS=<folder> saves the cursor and the text view (docs/ACCESSIBILITY.md).
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { chooseMove, finishedAiGame, playAi, type Cell } from "./helpers";

test.describe.configure({ timeout: 240_000 });

const LETTERS = "abcdefghijklmnopqrs";
/** "Move 12: white h8" (and what follows, the result) as said by the game's live region. */
const SAID_MOVE = /Move (\d+): (black|white) ([a-s]\d{1,2})/;

/** The board as the live region told it: every move said, in order. */
class HeardBoard {
  stones = new Map<string, 1 | 2>();
  constructor(readonly size: number) {}
  cells(): Cell[] {
    return Array.from({ length: this.size * this.size }, (_, i) => {
      const x = i % this.size;
      const y = Math.floor(i / this.size);
      const label = `${LETTERS[x]}${this.size - y}`;
      return { label, x, y, stone: this.stones.get(label) ?? 0 };
    });
  }
}

/** Counts pointer and mouse events from the first script on, so a test can show it used none. */
async function countPointerEvents(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { pointerEvents: number };
    w.pointerEvents = 0;
    for (const type of ["pointerdown", "mousedown", "mouseup", "pointerup", "wheel"]) window.addEventListener(type, () => w.pointerEvents++, true);
  });
}

/** Tabs from the top of the page to the board: one tab stop, reached in order. */
async function tabToBoard(page: Page) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await page.getByTestId("board").evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("the board is not reachable with Tab");
}

/** Moves the keyboard's cursor from `from` to `to` with the arrows; checks what the board says there. */
async function walkCursor(page: Page, from: Cell, to: Cell) {
  const keys = [
    ...Array<string>(Math.abs(to.x - from.x)).fill(to.x > from.x ? "ArrowRight" : "ArrowLeft"),
    ...Array<string>(Math.abs(to.y - from.y)).fill(to.y > from.y ? "ArrowDown" : "ArrowUp"),
  ];
  for (const k of keys) await page.keyboard.press(k);
  await expect(page.getByTestId("board")).toHaveAttribute("data-cursor", to.label);
  if (keys.length) await expect(page.getByTestId("board-said")).toHaveText(`${to.label}, empty`);
}

/**
 * After my move number `ply` (at `label`): checks it is on the board, then waits for the AI's answer
 * and returns it as the live region said it ("Move ply+1: white i9"), or null when the game is over.
 * (The 0.2 s AI may answer before my own move's sentence is read: the region then says its move.)
 */
async function answerTo(page: Page, ply: number, label: string): Promise<string | null> {
  const live = page.getByTestId("live-moves");
  const said = async () => Number(await live.getAttribute("data-ply"));
  const over = async () => (await page.getByTestId("game").getAttribute("data-status")) === "finished";
  await expect(async () => expect((await said()) >= ply).toBe(true)).toPass();
  await expect(page.getByTestId(`pt-${label}`)).toHaveAttribute("data-stone", "1");
  // My move's sentence, unless the AI's answer has replaced it already (read together, retried: the answer may land in between).
  await expect(async () => {
    const [n, text] = [await said(), (await live.textContent()) ?? ""];
    if (n === ply) expect(text).toContain(`Move ${ply}: black ${label}`);
    else expect(n).toBeGreaterThan(ply);
  }).toPass();
  await expect(async () => expect((await said()) > ply || (await over())).toBe(true)).toPass({ timeout: 60_000 });
  if ((await said()) === ply) return null;
  const m = SAID_MOVE.exec((await live.textContent()) ?? "");
  expect(m, "the AI's move said").not.toBeNull();
  expect(m![1]).toBe(String(ply + 1));
  expect(m![2]).toBe("white");
  return m![3];
}

test("a whole game against the AI with the keyboard alone, its moves read from the live region", async ({ page }) => {
  await countPointerEvents(page);
  // The lobby by keyboard: the quickest AI, Enter on the form's button.
  await page.goto("/");
  const form = page.getByTestId("form-ai");
  await form.getByTestId("ai-time").focus();
  await page.keyboard.press("Home");
  await expect(form.getByTestId("ai-time")).toHaveValue("200");
  await form.locator('button[type="submit"]').focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/game\/[\w-]+$/);
  await expect(page.getByTestId("game")).toHaveAttribute("data-my-color", "1");

  const size = Number(await page.getByTestId("board").getAttribute("data-size"));
  const heard = new HeardBoard(size);
  const live = page.getByTestId("live-moves");
  await tabToBoard(page);
  // The cursor starts at the centre, drawn as a ring; the board says how to use it.
  const c = (size - 1) / 2;
  let cursor: Cell = { label: `${LETTERS[c]}${size - c}`, x: c, y: c, stone: 0 };
  await expect(page.getByTestId("board")).toHaveAttribute("data-cursor", cursor.label);
  await expect(page.getByTestId("board-cursor")).toBeVisible();
  await expect(page.getByTestId("board")).toHaveAccessibleDescription(/Arrow keys move the cursor, Enter or Space plays/);

  let ply = 0;
  for (let turn = 0; turn < 120; turn++) {
    const pick = chooseMove(size, heard.cells(), 1);
    await walkCursor(page, cursor, pick);
    cursor = pick;
    await page.keyboard.press(turn % 2 ? "Space" : "Enter");
    ply++;
    heard.stones.set(pick.label, 1);
    // The AI's answer, as the live region says it (none when my move ended the game).
    const answer = await answerTo(page, ply, pick.label);
    if (!answer) break;
    heard.stones.set(answer, 2);
    ply++;
    if (turn === 2) {
      // L says the last move; Enter on a stone says it is taken.
      await page.keyboard.press("l");
      await expect(page.getByTestId("board-said")).toHaveText(`Last move: ${answer}, white`);
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("board-said")).toHaveText(`${pick.label} is taken`);
      if (process.env.H1_SHOTS) await page.getByTestId("board").screenshot({ path: path.join(process.env.H1_SHOTS, "h1-board-cursor.png") });
    }
    if ((await page.getByTestId("game").getAttribute("data-status")) === "finished") break;
  }
  await expect(page.getByTestId("result-banner")).toBeVisible();
  await expect(live).toContainText(/You win!|You lose|Draw/);
  // The stones heard are the stones on the board.
  const onBoard = await page.locator('[data-testid^="pt-"][data-stone="1"], [data-testid^="pt-"][data-stone="2"]').count();
  expect(onBoard).toBe(heard.stones.size);
  expect(await page.evaluate(() => (window as unknown as { pointerEvents: number }).pointerEvents)).toBe(0);
});

test("a game typed move by move in the text field, with the board as text", async ({ page }) => {
  await playAi(page, { size: 11, aiSeconds: "0.2 s (quick)", color: "black" });
  const input = page.getByTestId("move-input");
  const live = page.getByTestId("live-moves");
  // What is not a point is said, and changes nothing; nothing typed is said as such.
  await input.press("Enter");
  await expect(page.getByTestId("move-error")).toHaveText("Type a point first: a letter and a number, like h8");
  await input.fill("z99");
  await input.press("Enter");
  await expect(page.getByTestId("move-error")).toContainText("“z99” is not a point on this 11×11 board");
  await expect(live).toHaveAttribute("data-ply", "0");

  await page.getByTestId("toggle-board-text").check();
  const heard = new HeardBoard(11);
  let ply = 0;
  for (let turn = 0; turn < 70; turn++) {
    const pick = chooseMove(11, heard.cells(), 1);
    await input.fill(pick.label.toUpperCase());
    await input.press("Enter");
    ply++;
    heard.stones.set(pick.label, 1);
    const answer = await answerTo(page, ply, pick.label);
    if (!answer) break;
    heard.stones.set(answer, 2);
    if ((await page.getByTestId("game").getAttribute("data-status")) === "finished") break;
    // The field is emptied for the next move.
    await expect(input).toHaveValue("");
    ply++;
    if (turn === 1) {
      // A point taken is refused with a sentence.
      await input.fill(answer);
      await input.press("Enter");
      await expect(page.getByTestId("move-error")).toHaveText(`${answer} is taken`);
      // The board as text has both stones on their rows.
      const row = Number(answer.slice(1));
      const x = LETTERS.indexOf(answer[0]);
      await expect(page.getByTestId(`text-row-${row}`)).toHaveAttribute("data-row", new RegExp(`^.{${x}}O`));
      await expect(page.getByTestId(`text-row-${row}`)).toContainText(`Row ${row}:`);
      if (process.env.H1_SHOTS) await page.getByTestId("board-text").screenshot({ path: path.join(process.env.H1_SHOTS, "h1-board-text.png") });
    }
    if ((await page.getByTestId("game").getAttribute("data-status")) === "finished") break;
  }
  await expect(page.getByTestId("result-banner")).toBeVisible();
  await expect(page.getByTestId("text-play").getByTestId("move-input")).toHaveCount(0);
});

test("the replay stepped by keys: the move and its score said", async ({ page, baseURL }) => {
  const gameId = await finishedAiGame(baseURL!);
  await page.goto(`/replay/${gameId}?ply=0`);
  const said = page.getByTestId("replay-said");
  await expect(said).toHaveText("Start position, no move");
  const plies = Number(await page.getByTestId("replay").getAttribute("data-plies"));
  await page.keyboard.press("ArrowRight");
  await expect(said).toHaveAttribute("data-ply", "1");
  await expect(said).toHaveText(/^Move 1: black [a-i]\d(, score .+)?$/);
  await page.keyboard.press("ArrowRight");
  // An engine's move carries its score.
  await expect(said).toHaveText(/^Move 2: white [a-i]\d, score .+$/);
  const score2 = (await page.getByTestId("rscore-2").textContent())!;
  await expect(said).toContainText(`score ${score2}`);
  await page.keyboard.press("End");
  await expect(said).toHaveAttribute("data-ply", String(plies));
  await expect(said).toContainText(`Move ${plies}:`);
  await page.keyboard.press("ArrowLeft");
  await expect(said).toHaveAttribute("data-ply", String(plies - 1));
  await page.keyboard.press("Home");
  await expect(said).toHaveText("Start position, no move");

  // On the board the arrows move its cursor instead of the ply; the cursor says what is there.
  await page.keyboard.press("End");
  await tabToBoard(page);
  await page.keyboard.press("ArrowUp");
  await expect(page.getByTestId("board-said")).toHaveText(/^[a-i]\d, (empty|black|white)$/);
  await expect(said).toHaveAttribute("data-ply", String(plies));
});
