// The property test of issue 27: over many games — self-play at a small depth from seeded openings
// (the strong engine against itself on 15×15, 11×11, 13×13 exact five and renju, and the casual
// player against it) and imported games (a Gomocup PSQ fixture, and self-play games written as PSQ
// and read back through the importer) — every move is scored the way the server analysis scores it
// (analysePly), the scores are shown as every page shows them (lib/shared/scores agreeingScores), and
// no two consecutive moves' scores may contradict each other: after a win in N, a loss within N−1;
// otherwise the next mover's win chance at most TOLERANCE win-% points above 100 − the previous one's.
// Small depths and node caps keep it to a few seconds (deterministic: no time limits).
import { describe, expect, it } from "vitest";
import { importGames } from "../../lib/shared/replay/movetext";
import { fromImport } from "../../lib/shared/replay/game";
import { writePsq } from "../../lib/shared/psq";
import { agreeingScores, contradictions, type Contradiction } from "../../lib/shared/scores";
import type { Rule, Score } from "../../engine";
import { winPercent } from "../../lib/shared/analysis/winprob";
import { PSQ20 } from "../support/gomocup-files";
import { analysedScores, selfPlay, type TestGame } from "./score-games";
import { TOLERANCE } from "./tolerance";

const ANALYSIS = { depth: 2, nodes: 1500 };
const CONFIGS: Array<Parameters<typeof selfPlay>[0] extends infer O ? Omit<O & object, "seed" | "depth" | "maxPlies" | "nodes"> : never> = [
  { size: 15, rule: "freestyle" },
  { size: 11, rule: "freestyle" },
  { size: 15, rule: "renju" },
  { size: 15, rule: "freestyle", players: { 1: "casual", 2: "alphabeta" } },
  { size: 13, rule: "exact5", players: { 1: "alphabeta", 2: "casual" } },
];

function selfPlayGames(): TestGame[] {
  return Array.from({ length: 10 }, (_, i) => selfPlay({ seed: 100 + i, depth: 1, nodes: 800, maxPlies: 40, ...CONFIGS[i % CONFIGS.length] }));
}

/** Games through the importer: the Gomocup fixture, and self-play games written as PSQ and read back. */
function importedGames(): TestGame[] {
  const written = [200, 201].map((seed) => selfPlay({ seed, size: 15, rule: "freestyle", depth: 2, nodes: 1500, maxPlies: 36 }));
  const files: Array<{ text: string; size: number; rule: Rule }> = [
    { text: PSQ20, size: 20, rule: "freestyle" },
    ...written.map((g) => ({ text: writePsq({ size: g.size, rule: g.rule, opening: g.opening, moves: g.moves }), size: g.size, rule: g.rule })),
  ];
  return files.flatMap(({ text, size, rule }, i) =>
    importGames(text, { size, rule }).map((imp) => {
      const r = fromImport(imp);
      return {
        name: `imported ${i}`,
        size: r.size,
        rule: r.rule,
        opening: r.opening,
        moves: r.moves.map((m) => ({ x: m.x, y: m.y, color: m.color })),
        five: r.reason === "five",
      };
    }),
  );
}

describe("scores agree from move to move (issue 27's property test)", () => {
  it(`no contradiction between consecutive moves' scores beyond ${TOLERANCE} win-% points, over self-play and imported games`, async () => {
    const games = [...selfPlayGames(), ...importedGames()];
    let plies = 0;
    let rawMates = 0;
    let widest = 0;
    const found: Array<Contradiction & { game: string }> = [];
    for (const g of games) {
      const raw = await analysedScores(g, ANALYSIS.depth, ANALYSIS.nodes);
      const shown = agreeingScores(raw, { endsInFive: g.five });
      plies += shown.length;
      rawMates += contradictions(raw, 100).length;
      for (const c of contradictions(shown, 100)) widest = Math.max(widest, c.gap);
      for (let i = 1; i < shown.length; i++) widest = Math.max(widest, chanceGap(shown[i - 1], shown[i]));
      found.push(...contradictions(shown, TOLERANCE).map((c) => ({ ...c, game: g.name })));
    }
    console.info(
      `score consistency: ${games.length} games, ${plies} plies checked, tolerance ${TOLERANCE} win-% points; ${rawMates} forced-result contradictions before agreement, 0 allowed after; widest evaluation gap ${widest.toFixed(1)} points`,
    );
    expect(games.length).toBeGreaterThanOrEqual(13);
    expect(plies).toBeGreaterThanOrEqual(300);
    expect(found).toEqual([]);
  });
});

/** How far the later move's win chance exceeds what the earlier allowed (evaluations only). */
function chanceGap(prev: Score | null, cur: Score | null): number {
  if (!prev || !cur || prev.kind !== "eval" || cur.kind !== "eval") return 0;
  return winPercent(cur) - (100 - winPercent(prev));
}
