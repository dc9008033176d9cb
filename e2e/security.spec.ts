// Security headers and the Content-Security-Policy in real Chromium against the production build:
// every page loads, hydrates and works under the nonce CSP (proxy.ts) with no violation reported,
// another site cannot frame a game page, and an undecodable path is a 400, not a 500.
import { expect, test, type Page } from "@playwright/test";
import { chooseMove, finishedAiGame, playAi, readBoard } from "./helpers";

/** A short AI-vs-AI game to replay. */
const QUICK_MATCH = {
  black: { algo: "alphabeta", timeMs: 200, maxDepth: 2 },
  white: { algo: "alphabeta", timeMs: 100, maxDepth: 1 },
} as const;

/** Every CSP violation the page reports (securitypolicyviolation events and console errors), and any header Chromium cannot read. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)|Permissions-Policy/i.test(m.text()))
      violations.push(`console: ${m.text()}`);
  });
  await page.exposeFunction("__cspViolation", (v: string) => violations.push(`event: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return violations;
}

/** The page's response headers carry the nonce CSP and the rest. */
function expectPageHeaders(headers: Record<string, string>) {
  const csp = headers["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'(;|$)/); // no 'unsafe-eval' in production
  expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  for (const d of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "connect-src 'self' ws://"]) expect(csp).toContain(d);
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
}

/** The game the first test played (a later test frames it; run alone, it makes one). */
let gameId = "";

test("every page loads, hydrates and works under the CSP, with no violation", async ({ page, baseURL }) => {
  test.setTimeout(240_000); // seven pages rendered per request and an AI-vs-AI game, on a busy machine
  const violations = await watchCsp(page);
  const documents: Record<string, Record<string, string>> = {};
  page.on("response", async (r) => {
    if (r.request().resourceType() === "document") documents[new URL(r.url()).pathname] = await r.allHeaders();
  });

  // Lobby → a game against the AI: the socket connects (connect-src), a move goes through.
  await playAi(page, { size: 11, aiSeconds: "0.2 s (quick)", color: "black" });
  gameId = new URL(page.url()).pathname.split("/").pop()!;
  const { size, cells } = await readBoard(page);
  const pick = chooseMove(size, cells, 1);
  await expect(page.locator('[data-testid="status"][data-my-turn="true"]')).toBeVisible();
  await page.getByTestId(`pt-${pick.label}`).click();
  await expect(page.getByTestId(`pt-${pick.label}`)).toHaveAttribute("data-stone", "1");
  await expect(page.getByTestId("move-2")).toBeVisible({ timeout: 30_000 }); // the AI answered over the socket

  // A page loaded directly (not through client-side navigation) on each route.
  const direct = async (path: string) => {
    const r = await page.goto(path);
    expect(r?.status(), path).toBe(200);
    expectPageHeaders(await r!.allHeaders());
  };
  await direct(`/game/${gameId}`);
  await expect(page.getByTestId(`pt-${pick.label}`)).toHaveAttribute("data-stone", "1");

  await direct("/tv");
  await expect(page.getByTestId("tv").or(page.getByTestId("tv-off"))).toBeVisible();

  const finished = await finishedAiGame(baseURL!, QUICK_MATCH);
  await direct("/games?kind=ava");
  await page.getByTestId(`replay-${finished}`).click(); // hydrated: client-side navigation
  await expect(page.getByTestId("replay")).toBeVisible();
  await direct(`/replay/${finished}`);
  await expect(page.getByTestId("replay")).toBeVisible();
  await page.getByTestId("first").click();
  await expect(page.getByTestId("ply-label")).toHaveText(/^0 \/ \d+$/);
  await page.getByTestId("next").click();
  await expect(page.getByTestId("ply-label")).toHaveText(/^1 \/ \d+$/);

  await direct("/import");
  await page.getByTestId("import-text").fill("h8 i9 j10");
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("replay")).toBeVisible();

  await direct("/learn");
  await expect(page.getByTestId("explainer")).toHaveAttribute("data-ready", "true");

  await direct("/account");
  await expect(page.getByTestId("account-name")).toBeVisible();

  await direct("/");
  await expect(page.getByTestId("form-ai")).toBeVisible();

  expect(Object.keys(documents).length).toBeGreaterThanOrEqual(7);
  for (const [path, headers] of Object.entries(documents)) {
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
  expect(violations).toEqual([]);
});

test("another site's page cannot frame a game page", async ({ page, baseURL }) => {
  gameId ||= await finishedAiGame(baseURL!, QUICK_MATCH);
  const target = `${baseURL}/game/${gameId}`;
  const refused: string[] = [];
  page.on("console", (m) => refused.push(m.text()));
  // about:blank with our content: an origin that is not the game's.
  await page.setContent(`<iframe id="f" src="${target}" width="800" height="600"></iframe>`);
  await page.waitForTimeout(3_000);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(frame).toBeDefined();
  // Blocked: Chromium puts its error page in the frame instead of the game.
  expect(frame!.url()).not.toBe(target);
  expect(await frame!.locator('[data-testid="board"]').count()).toBe(0);
  expect(refused.join("\n")).toMatch(/frame-ancestors|X-Frame-Options/);
});

test("an undecodable path is a 400 and the server goes on serving", async ({ request }) => {
  for (const path of ["/game/%ff", "/replay/%ff", "/game/%E0%A4%A"]) {
    const r = await request.get(path);
    expect(r.status(), path).toBe(400);
    expect(await r.text()).toMatch(/not valid percent-encoding/);
  }
  expect((await request.get("/")).status()).toBe(200);
});

test("a page on another origin cannot open a socket; the site's own can", async ({ page, baseURL }) => {
  // The browser sends Origin itself: from the site's own page the socket connects (the game test
  // above), and a script on another origin is refused.
  const refused = await page.evaluate(async (url) => {
    const ws = new WebSocket(`${url.replace("http", "ws")}/socket.io/?EIO=4&transport=websocket`);
    return new Promise<boolean>((resolve) => {
      ws.onopen = () => resolve(false);
      ws.onerror = () => resolve(true);
    });
  }, baseURL!);
  expect(refused).toBe(true);
});
