// A chat message as the server parses it: one line, no invisible tricks, something to see.
import { describe, expect, it } from "vitest";
import { ChatSendSchema } from "./chat";

const parse = (text: string) => ChatSendSchema.safeParse({ gameId: "abcdefghijkl", channel: "players", text });

describe("ChatSendSchema", () => {
  it("drops zero-width characters and bidi overrides, keeps joiners inside a message", () => {
    expect(parse("\u202eevil\u200b\u200b").data?.text).toBe("evil");
    expect(parse("gg\u2066 wp\u2069\ufeff").data?.text).toBe("gg wp");
    expect(parse("👨\u200d👩\u200d👧 nice").data?.text).toBe("👨\u200d👩\u200d👧 nice");
  });

  it("refuses a message that shows nothing (only zero-width, joiners, blank fillers), with a sentence", () => {
    for (const blank of ["\u200b\u200b\u200b", "\u200d\u200c", "\u2800\u3164", " \u202e "]) {
      const r = parse(blank);
      expect(r.success, JSON.stringify(blank)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe("A message needs some text.");
    }
  });

  it("still refuses a 10 KB message and keeps control characters out", () => {
    expect(parse("x".repeat(10_240)).success).toBe(false);
    expect(parse("a\nb\u0007c").data?.text).toBe("a b c");
  });
});
