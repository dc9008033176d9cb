// Game chat in real Chromium (issue 28): two players chat and a spectator's chat is separate; HTML
// arrives as text; a report reaches the operator's page and the operator mutes the player; a
// blocked player's messages do not arrive and their challenge cannot be accepted, nor are the two paired.
import { expect, type Page } from "@playwright/test";
import { newPage, postChallenge, twoGuestsInLobby, test } from "./helpers";

test.describe.configure({ timeout: 240_000 }); // four browsers and a server on two cores

const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN ?? "e2e-operator-token-not-secret";

/** A and B in a game from A's open challenge (A black), both on its page. */
async function gameBetween(browser: Parameters<typeof twoGuestsInLobby>[0]) {
  const { a, b, aName } = await twoGuestsInLobby(browser);
  await postChallenge(a, { black: true });
  await b.locator(`[data-author="${aName}"]`).getByRole("button", { name: "Accept" }).click();
  await a.waitForURL(/\/game\//);
  await b.waitForURL(/\/game\//);
  await expect(a.getByTestId("game")).toHaveAttribute("data-my-color", "1");
  await expect(b.getByTestId("game")).toHaveAttribute("data-my-color", "2");
  return { a, b, aName };
}

async function say(p: Page, text: string) {
  await p.getByLabel("Your message").fill(text);
  await p.getByTestId("chat-send").click();
}

test("two players chat, a spectator's chat is apart, HTML stays text; a report reaches /mod and the operator mutes the player", async ({ browser }) => {
  const { a, b, aName } = await gameBetween(browser);
  const c = await newPage(browser);
  await c.goto(a.url());
  await expect(c.getByTestId("game")).toHaveAttribute("data-my-color", "none");

  // The players' chat: both players, not the spectator. A script is shown as its characters, never run.
  const html = `<script>window.__chatRan = 1</script><b>hello</b>`;
  await say(a, html);
  await expect(b.getByTestId("chat-players").getByTestId("chat-text")).toHaveText(html);
  await expect(a.getByTestId("chat-players").getByTestId("chat-text")).toHaveText(html);
  expect(await b.evaluate(() => (window as unknown as { __chatRan?: number }).__chatRan)).toBeUndefined();
  await expect(b.getByTestId("chat-players").locator("b")).toHaveCount(0);
  await expect(c.getByTestId("chat-players")).toHaveCount(0);
  // The spectators' chat: the spectator, not the players.
  await say(c, "nice opening");
  await expect(c.getByTestId("chat-spectators").getByTestId("chat-text")).toHaveText("nice opening");
  await say(a, "second");
  await expect(b.getByTestId("chat-text")).toHaveText([html, "second"]);
  await expect(b.getByText("nice opening")).toHaveCount(0);
  await expect(a.getByText("nice opening")).toHaveCount(0);
  await expect(c.getByText("second")).toHaveCount(0);

  // B reports A from A's name in the chat.
  await b
    .getByRole("button", { name: `${aName}: mute, block or report` })
    .first()
    .click();
  await b.getByRole("button", { name: "Report", exact: true }).click();
  await b.getByLabel("Reason").selectOption("abuse");
  await b.getByLabel("Note (optional)").fill("rude opener");
  await b.getByRole("button", { name: "Send the report", exact: true }).click();
  await expect(b.getByText(`Thank you: your report about ${aName} goes to the operator.`)).toBeVisible();

  // The operator: the token, the report (with A's messages), a mute for an hour.
  const mod = await newPage(browser);
  await mod.goto("/mod");
  await expect(mod.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
  // A wrong token is told as such and asked again.
  await mod.getByLabel("Operator token").fill("not-the-operator-token");
  await mod.getByTestId("mod-open").click();
  await expect(mod.getByTestId("mod-error")).toHaveText(/not the operator's token/);
  await mod.getByLabel("Operator token").fill(OPERATOR_TOKEN);
  await mod.getByTestId("mod-open").click();
  const report = mod.locator(`[data-testid="mod-report"][data-target="${aName}"]`);
  await expect(report).toContainText("rude opener");
  await expect(report).toContainText(html);
  await report.getByLabel("Mute for").selectOption({ label: "1 hour" });
  await report.getByTestId("mod-mute").click();
  await expect(report.getByTestId("mod-muted")).toBeVisible();

  // A's next message is refused with a sentence; B sees nothing new.
  await say(a, "can you hear me");
  // The mute's end in the reader's time (the refusal's reason and params, lib/client/error-text).
  await expect(a.getByTestId("chat-error")).toHaveText(/^The operator has muted you on this site until .+: your messages are not sent\.$/);
  await expect(b.getByTestId("chat-text")).toHaveCount(2);
});

test("a blocked player's messages do not arrive, their open challenge is not shown to the blocker, and quick pairing keeps the two apart", async ({
  browser,
}) => {
  const { a, b, aName } = await gameBetween(browser);
  await say(a, "hi there");
  await expect(b.getByTestId("chat-text")).toHaveText(["hi there"]);
  await b.getByRole("button", { name: `${aName}: mute, block or report` }).click();
  await b.getByRole("button", { name: "Block", exact: true }).click();
  await expect(b.getByText(`You blocked ${aName}: no chat, challenges or pairing between you.`)).toBeVisible();

  await say(a, "are you there");
  await expect(a.getByTestId("chat-error")).toHaveText("Your messages cannot reach this player: one of you blocked the other.");
  await expect(b.getByText("are you there")).toHaveCount(0);

  // A's open challenge does not reach B's lobby (a third player sees it; the server refuses B's accept: test/server/chat.test.ts).
  await a.goto("/");
  await b.goto("/");
  await postChallenge(a);
  const c = await newPage(browser);
  await c.goto("/");
  await expect(c.locator(`[data-author="${aName}"]`)).toBeVisible();
  await expect(b.getByTestId("challenges-empty").or(b.getByTestId("challenges"))).toBeVisible();
  await expect(b.locator(`[data-author="${aName}"]`)).toHaveCount(0);
  await a.getByRole("button", { name: "Withdraw" }).click();

  // Quick pairing: both wait in one pool and are not paired with each other.
  await a.getByTestId("pool-19-freestyle-10+5").click();
  await expect(a.getByTestId("seeking")).toBeVisible();
  await b.getByTestId("pool-19-freestyle-10+5").click();
  await expect(b.getByTestId("seeking")).toBeVisible();
  await b.waitForTimeout(1500); // several matcher passes (every 250 ms)
  await expect(a).not.toHaveURL(/\/game\//);
  await expect(b).not.toHaveURL(/\/game\//);
});
