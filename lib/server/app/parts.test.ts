import { describe, expect, it } from "vitest";
import { lateFunction, Parts } from "./parts";

describe("the composition root's list", () => {
  it("closes the parts in reverse order of starting, once however often it is asked", async () => {
    const closed: string[] = [];
    const parts = new Parts();
    for (const name of ["database", "sockets", "games", "lobby"]) parts.add(name, { name }, (p) => closed.push(p.name));
    expect(parts.names).toEqual(["database", "sockets", "games", "lobby"]);
    await Promise.all([parts.close(), parts.close()]);
    expect(closed).toEqual(["lobby", "games", "sockets", "database"]);
  });

  it("waits for each part to close before the next", async () => {
    const closed: string[] = [];
    const parts = new Parts();
    parts.add("first", null, async () => closed.push("first"));
    parts.add("slow", null, () => new Promise<void>((r) => setTimeout(() => r(void closed.push("slow")), 5)));
    await parts.close();
    expect(closed).toEqual(["slow", "first"]);
  });

  it("a late function answers with its stand-in until bound", () => {
    const presence = lateFunction((_id: string) => 0);
    expect(presence.call("g")).toBe(0);
    presence.bind((id) => id.length);
    expect(presence.call("game")).toBe(4);
  });
});
