// The site in 简体中文, in real Chromium: the main flows once in zh-CN (play the AI, invite a friend,
// watch TV, replay a finished game, step /learn), each page checked for Chinese text and for no
// English UI words left over; the language chosen by ?lang=, the cookie and Accept-Language; the
// switcher back to English. I18N_SHOTS=<folder> saves screenshots of lobby, game, replay and learn.
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { finishedAiGame } from "./helpers";

test.describe.configure({ mode: "serial" });

/** English UI words that must not show in the Chinese pages' main content (whole words, case as written). */
const ENGLISH = [
  "Play",
  "Watch",
  "Resign",
  "Takeback",
  "Rematch",
  "Move",
  "Moves",
  "Black",
  "White",
  "black",
  "white",
  "Replay",
  "Loading",
  "Waiting",
  "Score",
  "Depth",
  "depth",
  "Rated",
  "rated",
  "Invite",
  "Copy",
  "Evaluation",
  "Heatmap",
  "Export",
  "Step",
  "Minimax",
  "Alpha-beta",
  "Expectimax",
  "wins",
  "Draw",
  "nodes",
  "Start",
  "Search",
  "Leaf",
  "Visit",
  "Done",
  "Cut",
  "thinking",
  "watching",
  "Opponent",
  "Freestyle",
  "Renju",
  "Games",
  "Learn",
];
/** A key shown instead of its message (next-intl's fallback) looks like "game.status.over". */
const RAW_KEY = /\b(common|lobby|game|replay|analysis|analysisBoard|learn|errors|account|player|import|tv|games|leaderboard)\.[a-zA-Z_]+/i; // i: a heading styled uppercase reads "LEARN.TREE"

async function expectChinese(page: Page, scope = page.locator("main")) {
  await expect(scope).toContainText(/[\u4e00-\u9fff]/);
  const text = await scope.innerText();
  const found = ENGLISH.filter((w) => new RegExp(`(?<![\\w-])${w}(?![\\w-])`).test(text));
  expect(found, `English UI words on ${page.url()}`).toEqual([]);
  expect(text).not.toMatch(RAW_KEY);
}

async function zhContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL });
  await ctx.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: baseURL }]);
  return ctx;
}

async function shot(page: Page, name: string) {
  const dir = process.env.I18N_SHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

test("?lang=zh-CN sets the language and the cookie; the lobby is in Chinese", async ({ page, context, baseURL }) => {
  await page.goto("/?lang=zh-CN");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { name: "在线对弈" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "与 AI 对弈" })).toBeVisible();
  await expect(page.getByRole("navigation")).toContainText("观战");
  const cookie = (await context.cookies(baseURL!)).find((c) => c.name === "NEXT_LOCALE");
  expect(cookie?.value).toBe("zh-CN");
  // The cookie alone keeps it: no ?lang= on the next page.
  await page.goto("/games");
  await expect(page.getByRole("heading", { name: "棋谱" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByTestId("live-games").or(page.getByTestId("live-games-empty"))).toBeVisible();
  await expectChinese(page);
  await shot(page, "lobby");
});

test("a browser that asks for Chinese (Accept-Language) gets it without a cookie", async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ baseURL, locale: "zh-CN" });
  const page = await ctx.newPage();
  await page.goto("/learn");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { name: "博弈树搜索，逐步演示" })).toBeVisible();
  await ctx.close();
});

test("play the AI in Chinese: a move, the AI's reply, resign", async ({ browser, baseURL }) => {
  const ctx = await zhContext(browser, baseURL!);
  const page = await ctx.newPage();
  await page.goto("/");
  const form = page.getByTestId("form-ai");
  await form.getByText("11×11", { exact: true }).click();
  await form.getByTestId("ai-time").selectOption("200");
  await form.getByRole("button", { name: "与 AI 对弈" }).click();
  await page.waitForURL(/\/game\/[\w-]+$/);
  await expect(page.getByTestId("status")).toHaveText("轮到你落子（黑棋）");
  await expect(page.getByTestId("player-white")).toContainText("AI 0.2 秒");
  await page.getByTestId("pt-f6").click();
  await expect(page.getByTestId("move-2")).toBeVisible({ timeout: 20_000 }); // the AI's reply
  await expect(page.getByTestId("status")).toHaveText("轮到你落子（黑棋）");
  await expect(page.getByTestId("score-2")).toHaveAttribute("title", /以落子方白棋计/);
  await expectChinese(page);
  await shot(page, "game");
  await page.getByTestId("resign").click();
  await expect(page.getByTestId("resign-confirm")).toContainText("确定认输吗？");
  await page.getByRole("button", { name: "是的，认输" }).click();
  const banner = page.getByTestId("result-banner");
  await expect(banner).toContainText("你输了");
  await expect(banner).toContainText("黑棋认输。");
  await expect(page.getByTestId("status")).toHaveText("对局结束");
  await expectChinese(page);
  await ctx.close();
});

test("invite a friend in Chinese: two browsers, each sees the other's move", async ({ browser, baseURL }) => {
  const hostCtx = await zhContext(browser, baseURL!);
  const friendCtx = await zhContext(browser, baseURL!);
  const host = await hostCtx.newPage();
  const friend = await friendCtx.newPage();
  await host.goto("/");
  const form = host.getByTestId("form-friend");
  await form.getByText("15×15", { exact: true }).click();
  await form.getByRole("button", { name: "生成邀请链接" }).click();
  await host.waitForURL(/\/game\//);
  await expect(host.getByTestId("invite")).toContainText("邀请好友");
  await expect(host.getByTestId("status")).toHaveText("等待对手打开邀请链接");
  await expect(host.getByTestId("invite-link")).toHaveValue(/^https?:\/\/[^/]+\/game\/[\w-]+$/);
  const link = await host.getByTestId("invite-link").inputValue();

  await friend.goto(link);
  await expect(friend.getByTestId("game")).toHaveAttribute("data-my-color", "2");
  await expect(friend.getByTestId("status")).toHaveText("轮到对手落子（黑棋）");
  await expect(host.getByTestId("status")).toHaveText("轮到你落子（黑棋）");
  await host.getByTestId("pt-h8").click();
  await expect(friend.getByTestId("move-1")).toHaveAttribute("data-label", "h8");
  await expect(friend.getByTestId("status")).toHaveText("轮到你落子（白棋）");
  await friend.getByTestId("pt-i9").click();
  await expect(host.getByTestId("move-2")).toHaveAttribute("data-label", "i9");
  await expectChinese(host);
  await expectChinese(friend);
  await hostCtx.close();
  await friendCtx.close();
});

test("watch TV in Chinese", async ({ browser, baseURL }) => {
  const ctx = await zhContext(browser, baseURL!);
  const page = await ctx.newPage();
  await page.goto("/tv");
  await expect(page.getByTestId("tv")).toHaveAttribute("data-game-id", /^tv-/, { timeout: 20_000 });
  await expect(page.getByTestId("tv")).toContainText("AI 对 AI，全天候直播");
  await expect(page.getByTestId("tv-replay")).toHaveText("复盘与分析 →");
  await expect(page.getByRole("heading", { name: "安排一场 AI 对战" })).toBeVisible();
  await expectChinese(page);
  await ctx.close();
});

test("replay a finished game in Chinese: result, graph, moves, stepping", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  // Quick engines (depth-capped): the game ends in seconds even on a loaded machine.
  const gameId = await finishedAiGame(baseURL!, {
    black: { algo: "alphabeta", timeMs: 100, maxDepth: 3 },
    white: { algo: "alphabeta", timeMs: 100, maxDepth: 1 },
  });
  const ctx = await zhContext(browser, baseURL!);
  const page = await ctx.newPage();
  await page.goto(`/replay/${gameId}`);
  // A finished game: a five, or (rarely, on a loaded machine) a full board.
  await expect(page.getByTestId("replay-result")).toHaveText(/^((黑棋|白棋)胜 · 连五|和棋 · 棋盘已满)$/);
  await expect(page.getByRole("heading", { name: /形势评估/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /着法/ }).first()).toBeVisible();
  await expect(page.getByTestId("replay-header")).toContainText("AI 对 AI · 9×9 · 无禁手");
  await page.getByTestId("prev").click();
  const plies = Number(await page.getByTestId("replay").getAttribute("data-plies"));
  await expect(page.getByTestId("analysis")).toContainText(`第 ${plies - 1} 手`);
  await expect(page.getByTestId("game-analysis")).toContainText("对局分析");
  await expectChinese(page);
  await shot(page, "replay");
  await ctx.close();
});

test("/learn in Chinese: α-β剪枝 stepped to the cut, in the lecture's words", async ({ browser, baseURL }) => {
  const ctx = await zhContext(browser, baseURL!);
  const page = await ctx.newPage();
  await page.goto("/learn");
  await expect(page.getByRole("heading", { name: "博弈树搜索，逐步演示" })).toBeVisible();
  await expect(page.getByTestId("explainer")).toHaveAttribute("data-ready", "true");
  await page.getByRole("button", { name: "AIMA 图 5.5" }).click();
  await page.getByRole("button", { name: "α-β剪枝", exact: true }).click();
  await expect(page.getByTestId("step-counter")).toHaveText("第 0 / 26 步");
  await expect(page.getByTestId("narration")).toContainText("α-β剪枝沿着树向下传递一个窗口");
  await page.getByRole("button", { name: "单步前进" }).click();
  await expect(page.getByTestId("narration")).toContainText("从根节点 A 开始：这是一个 MAX 节点");
  await expect(page.getByTestId("narration")).toContainText("α = −∞，β = +∞");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("ArrowRight");
    if ((await page.getByTestId("step-kind").textContent())?.includes("剪枝")) break;
  }
  await expect(page.getByTestId("step-kind")).toHaveText("剪枝 ✂");
  await expect(page.getByTestId("narration")).toContainText("β ≤ α: 2 ≤ 3，所以 C 剩余的 2 个子节点 4 和 6 被剪枝");
  await expect(page.getByTestId("narration")).toContainText("MIN 能把这个节点压到 2，但上层的 MAX 已有 3");
  await expectChinese(page);
  await shot(page, "learn");
  await page.getByRole("button", { name: "跳到结尾" }).click();
  await expect(page.getByTestId("narration")).toContainText("完成：根节点 A 的值为 3。");
  await ctx.close();
});

test("a malformed import says what and where in Chinese: the server's refusal, the page's own reading, a bad link", async ({ browser, baseURL }) => {
  const ctx = await zhContext(browser, baseURL!);
  const page = await ctx.newPage();
  await page.goto("/import");
  const error = page.getByTestId("import-error");
  // Stored: the server refuses with the parser's code and values.
  await page.getByTestId("import-text").fill("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,x,0\n");
  await page.getByTestId("import-submit").click();
  await expect(error).toContainText("第 3 行第 3 列：着法“9,x,0”中有意外的“x”（应为 x,y,用时）");
  await page.getByTestId("import-text").fill("(;GM[4]SZ[15];B[hh];B[ii])");
  await page.getByTestId("import-submit").click();
  await expect(error).toContainText("第 2 手是黑棋，但此时该白棋走（黑白必须轮流）");
  // Opened without storing: the page's own parser.
  await page.getByTestId("import-text").fill("h8 i9\nj10 zz k3");
  await page.getByTestId("import-open").click();
  await expect(error).toContainText("第 2 行第 5 列：无法读取“zz”处的着法（应为列字母加行号，如 h8）");
  await expectChinese(page);
  // A replay link whose values are wrong.
  await page.goto("/replay/import?size=99&moves=h8");
  await expect(page.getByTestId("load-error")).toContainText('size="99" 不是棋盘大小（5 到 20）');
  await ctx.close();
});

test("the switcher goes back to English and remembers it", async ({ browser, baseURL }) => {
  const ctx = await zhContext(browser, baseURL!);
  const page = await ctx.newPage();
  await page.goto("/learn");
  await expect(page.getByRole("heading", { name: "博弈树搜索，逐步演示" })).toBeVisible();
  await page.getByTestId("lang-en").click();
  await expect(page.getByRole("heading", { name: "Search, stepped" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("lang-en")).toHaveAttribute("aria-pressed", "true");
  expect((await ctx.cookies(baseURL!)).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("en");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Play people online" })).toBeVisible();
  await page.getByTestId("lang-zh-CN").click();
  await expect(page.getByRole("heading", { name: "在线对弈" })).toBeVisible();
  await ctx.close();
});
