// The profanity filter of game chat (issue 28), from maintained word lists: English with obscenity
// (its dataset and the transformers that catch l33t, repeated letters and spacing tricks), Chinese
// with bad-words-chinese's list (traditional characters), the same words in simplified
// characters and a few common mainland insults it lacks. A word found is masked with "*" (the message still goes: lichess does the same).
import { englishDataset, englishRecommendedTransformers, RegExpMatcher, TextCensor, asteriskCensorStrategy } from "obscenity";
import chineseList from "bad-words-chinese/libs/badWordsChinese.json";

const english = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
const censor = new TextCensor().setStrategy(asteriskCensorStrategy());

/** The traditional characters of the Chinese list and their simplified forms. */
const SIMPLIFIED: Record<string, string> = {
  幹: "干",
  媽: "妈",
  雜: "杂",
  種: "种",
  賤: "贱",
  帳: "帐",
  雞: "鸡",
  懶: "懒",
  癡: "痴",
  腦: "脑",
  殘: "残",
  渾: "浑",
  贛: "赣",
  糞: "粪",
};

const toSimplified = (w: string): string => [...w].map((c) => SIMPLIFIED[c] ?? c).join("");

/**
 * The commonest mainland insults, missing from bad-words-chinese (a Taiwanese list): "傻逼" went through
 * unmasked (h6, session 17). Only whole insults, none that is part of an ordinary word ("妈的" is in
 * "妈妈的", "我操" in "我操作", "尼玛" is a county).
 */
const MAINLAND_WORDS = ["傻逼", "傻屄", "煞笔", "傻叉", "草泥马", "操你妈", "日你妈", "你妈逼", "妈了个逼", "狗娘养的", "贱货", "滚你妈"];

/** Longest first, so a longer word is masked whole before a shorter one inside it. */
export const CHINESE_WORDS: readonly string[] = [
  ...new Set([...(chineseList as { words: string[] }).words.flatMap((w) => [w, toSimplified(w)]), ...MAINLAND_WORDS]),
].sort((a, b) => b.length - a.length);

/** `text` with its profanity masked (each character of a word found as "*"). */
export function maskProfanity(text: string): string {
  let out = english.hasMatch(text) ? censor.applyTo(text, english.getAllMatches(text)) : text;
  for (const w of CHINESE_WORDS) if (out.includes(w)) out = out.split(w).join("*".repeat([...w].length));
  return out;
}
