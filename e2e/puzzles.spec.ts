// The puzzle trainer (/puzzles) in Chromium: a guest solves a VCF puzzle in three moves with the
// defender's replies played for it; a wrong move shows the refutation and lowers the rating; the daily
// puzzle is the same for two visitors; a streak ends on a mistake; a missed win of a game played here
// becomes a puzzle once the game is analysed, and after the try the trainer links the game (en, zh-CN).
// The solutions are read from the shipped set (prisma/seed/puzzles.ndjson), never from the page: the
// server sends none before it is played.
import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { io } from "socket.io-client";
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

/** A game where black (the session `cookie`) misses a win at ply 7 (h8 would make an open four) and resigns; its analysis asked for. */
async function missedWinGame(baseURL: string, cookie: string): Promise<string> {
  const connect = async (c?: string) => {
    const s = io(baseURL, { transports: ["websocket"], forceNew: true, reconnection: false, ...(c ? { extraHeaders: { cookie: c } } : {}) });
    await new Promise<void>((resolve, reject) => {
      s.once("connect", () => resolve());
      s.once("connect_error", reject);
    });
    return s;
  };
  const [a, b] = [await connect(cookie), await connect()];
  try {
    const created = await a.timeout(10_000).emitWithAck("game:create", { opponent: "human", size: 15, rule: "freestyle", color: 1 });
    const joined = await b.timeout(10_000).emitWithAck("game:join", { gameId: created.gameId, takeSeat: true });
    // prettier-ignore
    const plan = [[5, 7], [0, 0], [6, 7], [14, 0], [8, 7], [0, 14], [7, 3], [7, 7]];
    for (const [i, [x, y]] of plan.entries()) {
      const r = await (i % 2 ? b : a)
        .timeout(10_000)
        .emitWithAck("game:move", { gameId: created.gameId, seatToken: i % 2 ? joined.seatToken : created.seatToken, ply: i + 1, x, y });
      expect(r.ok, JSON.stringify(r)).toBe(true);
    }
    expect((await a.timeout(10_000).emitWithAck("game:resign", { gameId: created.gameId, seatToken: created.seatToken })).ok).toBe(true);
    expect((await a.timeout(10_000).emitWithAck("analysis:request", { gameId: created.gameId })).ok).toBe(true);
    return created.gameId as string;
  } finally {
    a.disconnect();
    b.disconnect();
  }
}

test("a missed win of a game played here becomes a puzzle once analysed; after the try the trainer links the game (en, zh-CN)", async ({
  browser,
  baseURL,
}) => {
  const page = await newPage(browser);
  await page.context().request.get("/api/me"); // the guest's session: it plays black through a socket
  const session = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const gameId = await missedWinGame(baseURL!, session);
  // The analysis, then the proof on the mining thread: "the game you just lost" serves the proven puzzle once it exists.
  let puzzleId = "";
  await expect(async () => {
    const r = await page.context().request.get(`/api/puzzles/next?mode=game&game=${gameId}`);
    puzzleId = ((await r.json()) as { puzzle?: { puzzleId: string } }).puzzle?.puzzleId ?? "";
    expect(puzzleId).toMatch(/^vcf-15-mined-/);
  }).toPass({ timeout: 120_000, intervals: [1000] });
  await page.goto(`/puzzles?mode=game&game=${gameId}`);
  await expect(page.getByTestId("puzzle-board")).toHaveAttribute("data-puzzle-id", puzzleId);
  await play(page, "h8");
  // White blocks the open four at one end; black's five is at the other.
  await expect(page.locator('[data-testid="pt-e8"][data-stone="2"], [data-testid="pt-j8"][data-stone="2"]')).toHaveCount(1);
  await play(page, (await page.getByTestId("pt-e8").getAttribute("data-stone")) === "2" ? "j8" : "e8");
  await expect(page.getByTestId("puzzle-status")).toContainText("Solved!");
  await expect(page.getByTestId("puzzle-source")).toHaveText("This position is from a game played here, move 7: see the game.");
  await expect(page.getByTestId("puzzle-source").getByRole("link")).toHaveAttribute("href", `/game/${gameId}`);

  // Another visitor, in Chinese, gets it by its id like any puzzle: a wrong move, then the same link.
  const zh = await newPage(browser);
  await zh.context().addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: baseURL! }]);
  await zh.goto(`/puzzles?id=${puzzleId}`);
  await expect(zh.getByTestId("puzzle-board")).toHaveAttribute("data-puzzle-id", puzzleId);
  await expect(zh.getByTestId("puzzle-source")).toHaveCount(0); // not before the try: the game's page shows the answer
  await play(zh, "e8");
  await expect(zh.getByTestId("refutation")).toBeVisible();
  await expect(zh.getByTestId("puzzle-source")).toHaveText("这个局面来自本站的一局对局（第 7 手）：查看这局棋。");
  await expect(zh.getByTestId("puzzle-source").getByRole("link")).toHaveAttribute("href", `/game/${gameId}`);
});
