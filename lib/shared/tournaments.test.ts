import { describe, expect, it } from "vitest";
import { CreateEngineTournamentSchema, CreateTournamentSchema } from "./tournaments";

const arena = (name: string) =>
  CreateTournamentSchema.safeParse({ kind: "arena", name, size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 0, minutes: 20 });
const engine = (name: string, label?: string) =>
  CreateEngineTournamentSchema.safeParse({
    name,
    size: 11,
    rule: "freestyle",
    configs: [{ label, engine: { algo: "alphabeta", timeMs: 100 } }, { engine: { algo: "alphabeta", timeMs: 100 } }],
  });

// h3's trial: an event named with four zero-width spaces made an empty, invisible link in the lists,
// and "abc\u202edef" showed as "abcfed" (the override turned the rest of its line around).
describe("event names are one line of visible text (as a chat line)", () => {
  it("refuses a name of invisible characters only", () => {
    expect(arena("\u200b\u200b\u200b\u200b").success).toBe(false);
    expect(arena("\u200d\u2800\u3164\u200c").success).toBe(false);
    expect(engine("\ufeff\u2060\u200b").success).toBe(false);
  });
  it("drops bidi overrides and zero-width spaces, turns line breaks into spaces", () => {
    const a = arena("abc\u202edef");
    expect(a.success && a.data.name).toBe("abcdef");
    const b = arena("Spring\ncup\u200b");
    expect(b.success && b.data.name).toBe("Spring cup");
  });
  it("measures the name as shown: 3 to 40 visible characters, blanks around it trimmed", () => {
    expect(arena("ab\u200b\u200b").success).toBe(false);
    expect(arena("x".repeat(41)).success).toBe(false);
    const c = arena(`  ${"y".repeat(40)}  `);
    expect(c.success && c.data.name).toBe("y".repeat(40));
  });
  it("cleans an engine configuration's label too", () => {
    const e = engine("Engines", "\u202eabc");
    expect(e.success && e.data.configs[0].label).toBe("abc");
    expect(engine("Engines", "\u200b").success).toBe(false);
  });
});
