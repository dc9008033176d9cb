// The pages e2e/axe.spec.ts checks with axe-core, one entry per app route (app/**/page.tsx), some
// routes more than once (a game as a player and as a spectator). test/architecture/axe-pages.test.ts
// fails when a page.tsx has no entry here: a new page is added by adding its entry (see
// /work/notes/a11y-contract.md and docs/ACCESSIBILITY.md). Data only, no Playwright at run time: the
// unit test imports it too.
import type { Page } from "@playwright/test";

/** Games and names the spec makes once, while it checks the pages that need none, for the pages that need them. */
export interface AxeFixtures {
  /** A finished game between people, analysed (the replay with its analysis and marks). */
  analysedGameId: string;
  /** A game between two people in progress (opened by a third browser: a spectator). */
  humanGameId: string;
  /** A guest who has played (their player page). */
  playerName: string;
}

export interface AxePage {
  /** The route as app/ spells it: "/game/[id]" for app/game/[id]/page.tsx, "/" for app/page.tsx. */
  route: string;
  /** What is checked, for the test's title. */
  name: string;
  /** Opens the page in `page` (a new page in the language's browser context) and waits until it has drawn what it shows. */
  open: (page: Page, f: AxeFixtures) => Promise<void>;
  /** `open` reads the fixtures, or the page shows them: checked after the others, once they are made (an entry without it gets none). */
  usesFixtures?: true;
}

/** Goes to `path` and waits for the first element matching the CSS selector `ready` to be visible. */
const visit = (path: string | ((f: AxeFixtures) => string), ready: string) => async (page: Page, f: AxeFixtures) => {
  await page.goto(typeof path === "string" ? path : path(f));
  await page.locator(ready).first().waitFor({ state: "visible" });
};
const id = (testId: string) => `[data-testid="${testId}"]`;

export const AXE_PAGES: AxePage[] = [
  // Once the fixtures' game between two guests is on: its row in the live games list (two long guest names, which
  // once ran on under the row's Watch button: axe's target-size).
  { route: "/", name: "lobby", open: visit("/", `${id("live-games")} a[href^="/@/"]`), usesFixtures: true },
  {
    route: "/game/[id]",
    name: "a game vs the AI, as its player",
    open: async (page) => {
      // The lobby's form (in either language: its test ids), a quick AI, its page once it waits for my move.
      await page.goto("/");
      const form = page.getByTestId("form-ai");
      await form.getByTestId("ai-time").selectOption("200");
      await form.locator('button[type="submit"]').click();
      await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
      await page.getByTestId("board").waitFor();
      await page.locator('[data-testid="status"][data-my-turn="true"]').waitFor();
    },
  },
  {
    route: "/game/[id]",
    name: "a game between people, as a spectator",
    open: visit((f) => `/game/${f.humanGameId}`, id("board")),
    usesFixtures: true,
  },
  {
    route: "/replay/[id]",
    name: "the replay of an analysed game",
    open: visit((f) => `/replay/${f.analysedGameId}`, `${id("game-analysis")}[data-status="done"]`),
    usesFixtures: true,
  },
  { route: "/replay/import", name: "an imported replay (link)", open: visit("/replay/import?size=15&moves=h8i9h9h10", id("replay")) },
  { route: "/analysis", name: "the analysis board", open: visit("/analysis", id("board")) },
  { route: "/import", name: "import", open: visit("/import", id("import-text")) },
  { route: "/learn", name: "learn", open: visit("/learn", id("explainer")) },
  {
    route: "/player/[name]",
    name: "a player's page",
    open: visit((f) => `/@/${encodeURIComponent(f.playerName)}`, id("player-page")),
    usesFixtures: true,
  },
  { route: "/leaderboard", name: "leaderboard", open: visit("/leaderboard", id("leaderboard")) },
  { route: "/account", name: "account", open: visit("/account", id("account-kind")) },
  { route: "/games", name: "the games archive", open: visit("/games", id("archive")) },
  // With a game on, its page (and h1) once loaded: GameView shows "Loading" first.
  { route: "/tv", name: "TV", open: visit("/tv", `${id("tv")} ${id("game")}, ${id("tv-off")}`) },
  { route: "/mod", name: "the operator's page (asking for the token)", open: visit("/mod", id("mod-token")) },
  { route: "/players", name: "players (search, following)", open: visit("/players", id("people-page")) },
  { route: "/correspondence", name: "correspondence games waiting for your move", open: visit("/correspondence", id("corr-page")) },
  { route: "/tournaments", name: "tournaments (the lists and the create form)", open: visit("/tournaments", id("tournament-lists")) },
  { route: "/puzzles", name: "the puzzle trainer (a puzzle on its board)", open: visit("/puzzles", id("puzzle-prompt")) },
  {
    route: "/tournament/[id]",
    name: "a tournament page (an arena just created, as its creator, a line in its chat)",
    open: async (page) => {
      await page.goto("/tournaments");
      await page.getByTestId("tour-name").fill("Axe arena");
      await page.getByTestId("tour-create").click();
      await page.getByTestId("tour-join").waitFor({ state: "visible" });
      // The event's chat with a line of one's own (its test ids: either language).
      const chat = page.getByTestId("chat-tournament");
      await chat.getByTestId("chat-input").fill("Hello, 你好");
      await chat.getByTestId("chat-send").click();
      await chat.getByTestId("chat-line").waitFor();
    },
  },
];

/** The route of an app/…/page.tsx file (relative to the project): "app/game/[id]/page.tsx" → "/game/[id]". */
export function routeOfPageFile(file: string): string {
  const r = file
    .replace(/\\/g, "/")
    .replace(/^app/, "")
    .replace(/\/page\.tsx$/, "")
    // Route groups ((name)) do not appear in the address.
    .replace(/\/\([^)]+\)/g, "");
  return r === "" ? "/" : r;
}
