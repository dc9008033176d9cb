// The app served as `WORKERS=2 npm start` serves it (lib/server/cluster: one port, two worker processes;
// e2e/serve.mjs starts it on E2E_PORT + 1): pages, the lobby and a game with two players and a
// spectator all work through the primary, and a reload keeps the seat.
import { expect } from "@playwright/test";
import { createInvite, moveLabels, newPage, test } from "./helpers";

const clusterURL = `http://127.0.0.1:${process.env.E2E_CLUSTER_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1}`;

test.beforeAll(async () => {
  // e2e/serve.mjs starts it once the first server is up; locally (a reused server) it may not exist.
  const end = Date.now() + (process.env.CI ? 180_000 : 5_000);
  for (;;) {
    const ok = await fetch(`${clusterURL}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > end) {
      test.skip(!process.env.CI, `no cluster server at ${clusterURL} (e2e/serve.mjs starts one)`);
      throw new Error(`the cluster server at ${clusterURL} did not come up`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
});

test("two workers behind one port: invite, play, watch, reload", async ({ browser }) => {
  const alice = await newPage(browser, clusterURL);
  const bob = await newPage(browser, clusterURL);
  const carol = await newPage(browser, clusterURL);

  const link = await createInvite(alice);
  const gameId = new URL(link).pathname.split("/").pop()!;

  await bob.goto(link);
  await expect(bob.getByTestId("game")).toHaveAttribute("data-my-color", "2");
  await carol.goto(link);
  await expect(carol.getByTestId("game")).toHaveAttribute("data-my-color", "none");
  await expect(alice.getByTestId("spectators")).toHaveAttribute("data-count", "1");

  const black = ["h8", "i8", "j8"];
  const white = ["h9", "i9", "j9"];
  for (let i = 0; i < black.length; i++) {
    await alice.getByTestId(`pt-${black[i]}`).click();
    await expect(carol.getByTestId(`pt-${black[i]}`)).toHaveAttribute("data-stone", "1");
    await expect(bob.getByTestId("status")).toHaveText("Your move (white)");
    await bob.getByTestId(`pt-${white[i]}`).click();
    await expect(carol.getByTestId(`pt-${white[i]}`)).toHaveAttribute("data-stone", "2");
    await expect(alice.getByTestId(`pt-${white[i]}`)).toHaveAttribute("data-stone", "2");
  }

  // Alice reloads: still black, her move, and the spectator still follows.
  await alice.reload();
  await expect(alice.getByTestId("game")).toHaveAttribute("data-my-color", "1");
  await expect(alice.getByTestId("status")).toHaveText("Your move (black)");
  await alice.getByTestId("pt-k8").click();
  await expect(carol.getByTestId("pt-k8")).toHaveAttribute("data-stone", "1");
  await expect(bob.getByTestId("pt-k8")).toHaveAttribute("data-stone", "1");
  expect(await moveLabels(carol)).toEqual(["h8", "h9", "i8", "i9", "j8", "j9", "k8"]);

  // The game's requests all reach one worker (the header names it).
  const slots = await Promise.all(
    [alice, bob, carol].map((p) =>
      p.evaluate(async (id) => (await fetch(`/socket.io/?EIO=4&transport=polling&game=${id}`)).headers.get("x-gomoku-worker"), gameId),
    ),
  );
  expect(slots[0]).toMatch(/^[01]$/);
  expect(new Set(slots).size).toBe(1);

  for (const p of [alice, bob, carol]) await p.context().close();
});
