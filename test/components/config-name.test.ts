// h3's trial in zh-CN: an engine event's crosstable, its "on air" line and the screen reader's column names said
// "AI 0.1 s · depth ≤ 2" and "AI level 1" in English on the Chinese page (the server stores the English default).
import { describe, expect, it } from "vitest";
import { configName } from "../../app/_components/tournaments/config-name";
import { translator } from "../i18n/translate";
import type { EngineSettings } from "../../lib/shared/protocol";

const zh = translator("zh-CN", "common.engine");
// The page's useEngineLabel, over the real catalogue.
const worded = (e: EngineSettings) =>
  e.level ? zh("levelLabel", { level: e.level, elo: 800 }) : zh("label", { seconds: e.timeMs / 1000, depth: e.maxDepth ?? 0, algo: e.algo ?? "alphabeta" });

describe("an engine configuration's name on its event's page", () => {
  it("words the server's default label in the reader's language, keeping its number", () => {
    expect(configName("1. AI 0.1 s · depth ≤ 2", { algo: "alphabeta", timeMs: 100, maxDepth: 2 }, worded)).toBe("1. AI 0.1 秒 · 深度 ≤ 2");
    expect(configName("2. AI level 1", { algo: "alphabeta", timeMs: 100, level: 1 }, worded)).toBe("2. 1 级 · ≈ 800");
    expect(configName("3. AI 0.2 s · mcts", { algo: "mcts", timeMs: 200 }, worded)).toBe("3. AI 0.2 秒 · 蒙特卡洛树搜索");
  });
  it("keeps a label its creator typed, even one that looks like another configuration's default", () => {
    expect(configName("1. Fast one", { algo: "alphabeta", timeMs: 100 }, worded)).toBe("1. Fast one");
    expect(configName("1. AI level 3", { algo: "alphabeta", timeMs: 100, level: 1 }, worded)).toBe("1. AI level 3");
  });
});
