// A tournament's chat in real Chromium (issue 30 point 5): two players on an arena's page (one on a
// phone, typing with the keyboard only) chat live both ways; HTML stays text; the lines are kept (a
// reload reads them again). The rules and the hostile cases: test/server/tournament-chat.test.ts.
import { expect } from "@playwright/test";
import { newPage, test } from "./helpers";

test("two players chat on an arena's page, one on a phone with the keyboard: live both ways, HTML as text, kept on reload", async ({ browser }) => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  await b.setViewportSize({ width: 390, height: 844 });
  await a.goto("/tournaments");
  await a.getByLabel("Name", { exact: true }).fill("E2E chat arena");
  // A later start: the two are not paired away from the page while they chat.
  await a.getByLabel("Starts in").selectOption({ index: 1 });
  await a.getByTestId("tour-create").click();
  await a.waitForURL(/\/tournament\/[A-Za-z0-9_-]+$/);
  await a.getByTestId("tour-join").click();
  await b.goto(a.url());
  await b.getByTestId("tour-join").click();
  await expect(b.getByTestId("standing-row")).toHaveCount(2);

  const chatA = a.getByTestId("chat-tournament");
  const chatB = b.getByTestId("chat-tournament");
  await expect(chatA.getByRole("heading")).toHaveText("Tournament chat");
  await chatA.getByLabel("Your message").fill("glhf everyone");
  await chatA.getByLabel("Your message").press("Enter");
  await expect(chatB.getByTestId("chat-text")).toHaveText(["glhf everyone"]);

  // B: the keyboard only, from the last control before the chat (Tab into the input, type, Enter).
  await chatB.getByLabel("Your message").focus();
  await b.keyboard.type("<b>thanks</b>");
  await b.keyboard.press("Enter");
  await expect(chatA.getByTestId("chat-text")).toHaveText(["glhf everyone", "<b>thanks</b>"]);
  await expect(chatA.locator("b")).toHaveCount(0);
  // The panel lies within the phone's 390 px, its input too.
  for (const el of [chatB, chatB.getByLabel("Your message"), chatB.getByTestId("chat-send")]) {
    const box = (await el.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await b.reload();
  await expect(b.getByTestId("chat-tournament").getByTestId("chat-text")).toHaveText(["glhf everyone", "<b>thanks</b>"]);
});
