// The chat's profanity filter: English variants masked, Chinese words in both scripts, clean text untouched.
import { describe, expect, it } from "vitest";
import { CHINESE_WORDS, maskProfanity } from "./filter";

describe("maskProfanity", () => {
  it("masks English profanity and its disguises, and leaves words that only contain one alone", () => {
    for (const rude of ["fuck you", "FUCK", "fuuuuck", "sh1t", "b1tch"]) expect(maskProfanity(rude)).not.toBe(rude);
    for (const clean of ["good game", "assassin", "Scunthorpe", "classic opening", "h8 then i9"]) expect(maskProfanity(clean)).toBe(clean);
  });

  it("masks the Chinese list's words in traditional and simplified characters, one * a character", () => {
    expect(CHINESE_WORDS).toContain("他媽的");
    expect(CHINESE_WORDS).toContain("他妈的");
    expect(maskProfanity("你这个王八蛋")).toBe("你这个***");
    expect(maskProfanity("他妈的")).toBe("***");
    expect(maskProfanity("下得好，谢谢")).toBe("下得好，谢谢");
    // The commonest mainland insults (the list is Taiwanese), not the ordinary words that contain a part of one.
    expect(maskProfanity("你是傻逼")).toBe("你是**");
    expect(maskProfanity("草泥马")).toBe("***");
    for (const clean of ["妈妈的棋下得好", "我操作失误了", "尼玛县"]) expect(maskProfanity(clean)).toBe(clean);
  });

  it("keeps HTML as the characters it is (the page shows text, never markup)", () => {
    expect(maskProfanity("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
  });
});
