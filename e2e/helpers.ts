// Helpers for the play specs: reading the board from the DOM and creating games from the lobby.
import { expect, test as base, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { io } from "socket.io-client";

export interface Cell {
  label: string;
  stone: number; // 0 empty, 1 black, 2 white
  x: number;
  y: number;
}

/** Every point of the board as the page shows it (data-testid="pt-<label>", data-stone). */
export async function readBoard(page: Page): Promise<{ size: number; cells: Cell[] }> {
  const board = page.getByTestId("board");
  const size = Number(await board.getAttribute("data-size"));
  const raw = await board
    .locator('[data-testid^="pt-"]')
    .evaluateAll((els) => els.map((e) => ({ label: e.getAttribute("data-testid")!.slice(3), stone: Number(e.getAttribute("data-stone")) })));
  const letters = "abcdefghijklmnopqrs";
  const cells = raw.map((c) => ({ ...c, x: letters.indexOf(c.label[0]), y: size - Number(c.label.slice(1)) }));
  return { size, cells };
}

/** The four directions a line of five can run in. */
// prettier-ignore
const DIRECTIONS = [[1, 0], [0, 1], [1, 1], [1, -1]];

/**
 * A simple but not silly move for `me`: win if possible, else block the opponent's four, else the
 * empty point that extends my longest line, nearest the centre. Good enough to make a real game.
 */
export function chooseMove(size: number, cells: Cell[], me: 1 | 2): Cell {
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= size || y >= size ? -1 : cells[y * size + x]?.stone);
  const byXY = new Map(cells.map((c) => [c.y * size + c.x, c]));
  const run = (x: number, y: number, color: number) => {
    let best = 0;
    for (const [dx, dy] of DIRECTIONS) {
      let n = 1;
      for (const s of [1, -1]) {
        let i = x + dx * s;
        let j = y + dy * s;
        while (at(i, j) === color) {
          n++;
          i += dx * s;
          j += dy * s;
        }
      }
      best = Math.max(best, n);
    }
    return best;
  };
  const opp = me === 1 ? 2 : 1;
  const c = (size - 1) / 2;
  let best: Cell | null = null;
  let bestScore = -Infinity;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const cell = byXY.get(y * size + x)!;
      if (cell.stone !== 0) continue;
      const mine = run(x, y, me);
      const theirs = run(x, y, opp);
      let score = mine >= 5 ? 1e6 : theirs >= 5 ? 1e5 : mine * 100 + theirs * 90;
      score -= Math.abs(x - c) + Math.abs(y - c);
      if (score > bestScore) {
        bestScore = score;
        best = cell;
      }
    }
  if (!best) throw new Error("the board is full");
  return best;
}

export type LobbyOptions = { size?: 11 | 15 | 19; aiSeconds?: string; color?: "black" | "white"; level?: number };

/** Creates a game against the AI from the lobby and waits for the game page. */
export async function playAi(page: Page, o: LobbyOptions = {}) {
  await page.goto("/");
  const form = page.getByTestId("form-ai");
  await form.getByText(`${o.size ?? 11}×${o.size ?? 11}`, { exact: true }).click();
  if (o.color === "white") await form.getByText(/White · AI first/).click();
  // A level 1–9 (engine/levels) sets the AI's time itself; full strength (the default) takes a time.
  if (o.level) await form.getByTestId("ai-level").selectOption(String(o.level));
  else await form.getByTestId("ai-time").selectOption({ label: o.aiSeconds ?? "0.2 s (quick)" });
  await form.getByRole("button", { name: "Play the AI" }).click();
  await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId("board")).toBeVisible();
}

// Contexts opened by newPage during the running test; closed when it ends, passed or failed, so
// their pages (and sockets, still told of every lobby change) do not pile up over the run.
const opened = new Set<BrowserContext>();

/** Playwright's test, closing every newPage context when each test ends. Specs using newPage take `test` from here. */
export const test = base.extend<{ closeNewPages: void }>({
  closeNewPages: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
    async ({}, use) => {
      await use();
      await Promise.all([...opened].map((c) => c.close().catch(() => {})));
      opened.clear();
    },
    { auto: true },
  ],
});

/** A page in a context of its own (its own cookies and seat tokens), optionally on another server. */
export async function newPage(browser: Browser, baseURL?: string): Promise<Page> {
  const ctx = await browser.newContext(baseURL ? { baseURL } : {});
  opened.add(ctx);
  ctx.once("close", () => opened.delete(ctx));
  return ctx.newPage();
}

/** Two guests in contexts of their own, both on the lobby; A's guest name (as the lobby lists A's challenges). */
export async function twoGuestsInLobby(browser: Browser): Promise<{ a: Page; b: Page; aName: string }> {
  const a = await newPage(browser);
  const b = await newPage(browser);
  await a.goto("/");
  await b.goto("/");
  // The name shows once the page knows who this is ("…" before): wait for it, then read it.
  await expect(a.getByTestId("nav-me")).toContainText("(guest)");
  const aName = (await a.getByTestId("nav-me").innerText()).replace("(guest)", "").trim();
  return { a, b, aName };
}

/** Posts an open challenge from the lobby's form with its defaults, A playing black when asked. */
export async function postChallenge(a: Page, o: { black?: boolean } = {}): Promise<void> {
  await a.getByTestId("open-challenge-form").click();
  const form = a.getByTestId("form-challenge");
  if (o.black) await form.getByText("● Black", { exact: true }).click();
  await form.getByTestId("challenge-submit").click();
}

/** Creates a 15×15 game with a friend (black) from the lobby; returns its invite link. */
export async function createInvite(page: Page): Promise<string> {
  await page.goto("/");
  const form = page.getByTestId("form-friend");
  await form.getByText("15×15", { exact: true }).click();
  await form.getByRole("button", { name: "Create invite link" }).click();
  await page.waitForURL(/\/game\//);
  // The box shows the path at first and the full address once the page has hydrated: wait for that.
  await expect(page.getByTestId("invite-link")).toHaveValue(/^https?:\/\/[^/]+\/game\/[\w-]+$/);
  return page.getByTestId("invite-link").inputValue();
}

/** Moves on the list, in order, as labels. */
export async function moveLabels(page: Page): Promise<string[]> {
  return page
    .getByTestId("move-list")
    .locator('[data-testid^="move-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-label")!));
}

/** Waits until it is my turn (returns true) or the game is over (false). */
export async function waitMyTurnOrEnd(page: Page, timeout = 60_000): Promise<boolean> {
  const mine = page.locator('[data-testid="status"][data-my-turn="true"]');
  const over = page.getByTestId("result-banner");
  await expect(mine.or(over)).toBeVisible({ timeout });
  return !(await over.isVisible());
}

/**
 * A finished human-vs-human game (15×15) played through two sockets in 9 plies: black makes five along
 * a row while white never blocks (white's moves are mistakes, marked once analysed). No engine: it
 * takes a second, where an AI-vs-AI match waits its turn behind the TV's engine moves.
 */
export async function finishedBlunderGame(baseURL: string): Promise<string> {
  const connect = async () => {
    const s = io(baseURL, { transports: ["websocket"], forceNew: true, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      s.once("connect", () => resolve());
      s.once("connect_error", reject);
    });
    return s;
  };
  const a = await connect();
  const b = await connect();
  try {
    const created = await a.timeout(10_000).emitWithAck("game:create", { opponent: "human", size: 15, rule: "freestyle", color: 1 });
    expect(created.ok, JSON.stringify(created)).toBe(true);
    const joined = await b.timeout(10_000).emitWithAck("game:join", { gameId: created.gameId, takeSeat: true });
    // prettier-ignore
    const plan = [[7, 7], [7, 9], [8, 7], [8, 9], [9, 7], [9, 9], [10, 7], [10, 9], [11, 7]];
    for (const [i, [x, y]] of plan.entries()) {
      const black = i % 2 === 0;
      const r = await (black ? a : b)
        .timeout(10_000)
        .emitWithAck("game:move", { gameId: created.gameId, seatToken: black ? created.seatToken : joined.seatToken, ply: i + 1, x, y });
      expect(r.ok, JSON.stringify(r)).toBe(true);
    }
    return created.gameId as string;
  } finally {
    a.disconnect();
    b.disconnect();
  }
}

/** An engine seat's settings for finishedAiGame. */
type EngineSeat = { algo: "alphabeta"; timeMs: number; maxDepth: number };

/** Creates an AI-vs-AI match through a socket (as the lobby would; no Origin: not a browser) and
 *  waits for it to finish. */
export async function finishedAiGame(
  baseURL: string,
  seats: { black: EngineSeat; white: EngineSeat } = {
    black: { algo: "alphabeta", timeMs: 300, maxDepth: 4 },
    white: { algo: "alphabeta", timeMs: 200, maxDepth: 1 },
  },
): Promise<string> {
  const s = io(baseURL, { transports: ["websocket"], forceNew: true, reconnection: false });
  try {
    await new Promise<void>((resolve, reject) => {
      s.once("connect", () => resolve());
      s.once("connect_error", reject);
    });
    const created = await s.timeout(10_000).emitWithAck("game:createAiMatch", { size: 9, rule: "freestyle", ...seats });
    expect(created.ok, JSON.stringify(created)).toBe(true);
    const gameId: string = created.gameId;
    const done = new Promise<void>((resolve) => s.on("game:moved", (e) => e.gameId === gameId && e.status === "finished" && resolve()));
    const joined = await s.timeout(10_000).emitWithAck("game:join", { gameId });
    if (joined.state.status !== "finished") await done;
    return gameId;
  } finally {
    s.disconnect();
  }
}
