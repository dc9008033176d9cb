import { describe, expect, it } from "vitest";
import { labOpening } from "../../../engine/rules";
import { ImportError, parsePsq } from "../psq";
import type { GameState, MoveRecord } from "../protocol";
import {
  evalSeries,
  formatCandidateScore,
  fromImport,
  fromImportQuery,
  fromState,
  graphValue,
  heatOf,
  positionAt,
  toImportQuery,
  toMoveString,
  toPsq,
} from "./game";
import { importGame, parseMoveText } from "./movetext";

const mv = (ply: number, x: number, y: number, extra: Partial<MoveRecord> = {}): MoveRecord => ({
  ply,
  x,
  y,
  color: ply % 2 === 1 ? 1 : 2,
  by: "engine",
  timeMs: 100 * ply,
  at: new Date(0).toISOString(),
  ...extra,
});

function state(moves: MoveRecord[], opening = labOpening(15)): GameState {
  return {
    id: "g1",
    kind: "ava",
    size: 15,
    rule: "freestyle",
    opening,
    black: { kind: "engine", engine: { algo: "alphabeta", timeMs: 1000 } },
    white: { kind: "engine", engine: { algo: "alphabeta", timeMs: 500, maxDepth: 6 } },
    status: "finished",
    result: "black",
    reason: "five",
    winLine: null,
    moves,
    toMove: 2,
    clock: null,
    spectators: 0,
    createdAt: new Date(0).toISOString(),
  };
}

describe("move strings", () => {
  it("reads labels with separators and move numbers", () => {
    expect(parseMoveText("h8i9j10", 15)).toEqual([
      { x: 7, y: 7 },
      { x: 8, y: 6 },
      { x: 9, y: 5 },
    ]);
    expect(parseMoveText("1. h8 i9\n2. j10, k11;", 15)).toHaveLength(4);
  });

  it("says where a bad token is: line and column", () => {
    const at = (text: string) => {
      try {
        parseMoveText(text, 15);
      } catch (e) {
        return e as ImportError;
      }
      throw new Error("no error");
    };
    let e = at("h8 i9\nj10 zz k3");
    expect(e).toBeInstanceOf(ImportError);
    expect([e.line, e.column]).toEqual([2, 5]);
    expect(e.message).toMatch(/^line 2, column 5: cannot read a move at "zz"/);
    e = at("h8 p8");
    expect(e.message).toBe('line 1, column 4: "p8" is not on a 15×15 board (a1 to o15)');
    e = at("h8 i9 h8");
    expect(e.message).toContain('"h8" is already taken (move 1, line 1)');
    e = at("a1 b2 a2 b3 a3 b4 a4 b5 a5 c9");
    expect(e.message).toMatch(/^line 1, column 28: the game was already won by black at move 9/);
  });

  it("renju: a black move on a forbidden point is refused where it stands", () => {
    const text = "f8 a15 g8 a13 h10 a11 h9 a9\nh8";
    expect(parseMoveText(text, 15, "freestyle")).toHaveLength(9);
    let e: unknown = null;
    try {
      parseMoveText(text, 15, "renju");
    } catch (err) {
      e = err;
    }
    expect(e).toBeInstanceOf(ImportError);
    expect((e as ImportError).message).toMatch(/"h8" forbidden for black \(double three\)/);
    expect((e as ImportError).line).toBe(2);
  });

  it("tells PSQ from move strings", () => {
    expect(importGame("h8 i9", { size: 15, rule: "freestyle" }).format).toBe("moves");
    expect(importGame("Piskvorky 15x15, 11:11, 0\n8,8,0\n", { size: 11, rule: "freestyle" }).format).toBe("psq");
    expect(importGame("8,8,0\n9,9,0", { size: 11, rule: "freestyle" }).size).toBe(15);
  });
});

describe("replay model", () => {
  const moves = [
    mv(1, 3, 3, {
      score: { kind: "eval", value: 40 },
      rootScores: [
        { x: 3, y: 3, score: { kind: "eval", value: 40 } },
        { x: 4, y: 4, score: { kind: "eval", value: -200 } },
      ],
      pv: [
        { x: 3, y: 3 },
        { x: 9, y: 9 },
      ],
    }),
    mv(2, 9, 9, { score: { kind: "eval", value: 25 } }),
    mv(3, 10, 10, { by: "human" }),
    mv(4, 11, 11, { score: { kind: "loss", plies: 6 } }),
  ];
  const g = fromState(state(moves));

  it("positions: opening stones unnumbered, moves numbered, last move", () => {
    const p0 = positionAt(g, 0);
    expect(p0.stones).toHaveLength(4);
    expect(p0.last).toBeNull();
    const p2 = positionAt(g, 2);
    expect(p2.stones).toHaveLength(6);
    expect(p2.stones.at(-1)).toEqual({ x: 9, y: 9, color: 2, n: 2 });
    expect(p2.last).toEqual({ x: 9, y: 9 });
    expect(positionAt(g, 99).stones).toHaveLength(8);
    expect(g.black).toBe("AI 1 s");
    expect(g.white).toBe("AI 0.5 s · depth ≤ 6");
  });

  it("eval series is from black's side; mates at the edge", () => {
    const s = evalSeries(g.moves);
    expect(s.map((p) => p.ply)).toEqual([1, 2, 4]);
    expect(s[0].black).toEqual({ kind: "eval", value: 40 });
    expect(s[1].black).toEqual({ kind: "eval", value: -25 }); // white's +25 is black's -25
    expect(s[2].black).toEqual({ kind: "win", plies: 6 }); // white's loss in 6 is black's win in 6
    expect(graphValue(s[2].black, 100)).toBe(1);
    expect(Math.abs(graphValue({ kind: "eval", value: 1e6 }, 100))).toBeLessThan(0.91);
    // The axis is black's win chance: even at 0, 0.9 × (2·62 % − 1) at +720 (WIN_PROB_K).
    expect(graphValue({ kind: "eval", value: 0 })).toBe(0);
    expect(graphValue({ kind: "eval", value: 720 })).toBeCloseTo(0.9 * (2 / (1 + Math.exp(-0.000672 * 720)) - 1), 6);
  });

  it("heat cells: best first, played marked", () => {
    const h = heatOf(g.moves[0]);
    expect(h).toHaveLength(2);
    expect(h[0]).toMatchObject({ x: 3, y: 3, best: true, played: true, badness: 0 });
    expect(h[1].badness).toBeCloseTo(0.85);
    // A forced loss among the options is the worst; evaluations keep their spread.
    const withLoss = heatOf({ ...g.moves[0], rootScores: [...g.moves[0].rootScores!, { x: 5, y: 5, score: { kind: "loss", plies: 3 } }] });
    expect(withLoss.map((c) => c.badness)).toEqual([0, 0.85, 1]);
    const winning = heatOf({
      ...g.moves[0],
      rootScores: [
        { x: 1, y: 1, score: { kind: "win", plies: 3 } },
        { x: 2, y: 2, score: { kind: "win", plies: 5 } },
        { x: 3, y: 3, score: { kind: "eval", value: 10 } },
      ],
    });
    expect(winning.map((c) => c.badness)).toEqual([0, 0.1, 0.6]);
  });

  it("heat cells: an upper bound is flagged, never the best, and reads '≤ …'; old records are exact", () => {
    const h = heatOf({
      ...g.moves[0],
      rootScores: [
        { x: 3, y: 3, score: { kind: "eval", value: 40 } },
        { x: 4, y: 4, score: { kind: "eval", value: 40 }, bound: "upper" },
        { x: 5, y: 5, score: { kind: "eval", value: -120 }, bound: "upper" },
      ],
    });
    expect(h.map((c) => [c.bound, c.best])).toEqual([
      [false, true],
      [true, false],
      [true, false],
    ]);
    expect(h.map(formatCandidateScore)).toEqual(["+40", "≤ +40", "≤ -120"]);
    expect(heatOf(g.moves[0]).every((c) => !c.bound)).toBe(true);
  });

  it("exports a move string and a PSQ that import to the same final position", () => {
    const ms = toMoveString(g);
    expect(ms.startsWith("h8h7i8g8")).toBe(true); // lab opening as alternating first moves
    const back = fromImport(parsePsq(toPsq(g)) as never);
    const key = (gg: typeof g) =>
      positionAt(gg, gg.moves.length)
        .stones.map((s) => `${s.x},${s.y},${s.color}`)
        .sort()
        .join(" ");
    const psqGame = parsePsq(toPsq(g));
    const imported = fromImport({ ...psqGame, rule: psqGame.rule ?? "freestyle" });
    expect(key(imported)).toBe(key(g));
    expect(imported.opening).toHaveLength(4);
    expect(imported.moves.map((m) => m.timeMs)).toEqual([100, 200, 300, 400]);
    expect(back.moves).toHaveLength(4);
    // Through the URL too.
    const viaUrl = fromImportQuery(new URLSearchParams(toImportQuery(g)));
    expect(key(viaUrl)).toBe(key(g));
    expect(viaUrl.white).toBe(g.white);
  });

  it("imported games get their result by replay", () => {
    const five = importGame("a1 b2 a2 b3 a3 b4 a4 b5 a5", { size: 15, rule: "freestyle" });
    const r = fromImport(five);
    expect(r.result).toBe("black");
    expect(r.reason).toBe("five");
    expect(positionAt(r, 9).winLine).toHaveLength(5);
  });
});
