import { describe, expect, it } from "vitest";
import { candidateNote } from "./move-note";
import type { MoveRecord } from "./protocol";

const base: MoveRecord = { ply: 3, x: 7, y: 7, color: 1, by: "human", timeMs: 1000, at: "2026-01-01T00:00:00.000Z" };
const ev = (value: number) => ({ kind: "eval" as const, value });

describe("candidateNote", () => {
  it("says the score, the rank among the candidates and the engine's choice", () => {
    const m = {
      ...base,
      score: ev(135),
      rootScores: [
        { x: 6, y: 11, score: ev(169) },
        { x: 7, y: 7, score: ev(135) },
        { x: 1, y: 1, score: ev(140) },
        { x: 2, y: 2, score: ev(-20) },
      ],
    };
    expect(candidateNote(m, 15)).toBe("+135, candidate 3 of 4; the engine's choice g4 +169");
  });
  it("the engine's own choice, ties sharing the best rank", () => {
    const m = {
      ...base,
      score: ev(50),
      rootScores: [
        { x: 7, y: 7, score: ev(50) },
        { x: 1, y: 1, score: ev(50) },
      ],
    };
    expect(candidateNote(m, 15)).toBe("+50, candidate 1 of 2; the engine's choice too");
  });
  it("a move the engine did not consider, and an unsearched move", () => {
    expect(candidateNote({ ...base, rootScores: [{ x: 1, y: 1, score: { kind: "win", plies: 3 } }] }, 15)).toMatch(
      /^not among the engine's 1 candidates; the engine's choice b14 /,
    );
    expect(candidateNote(base, 15)).toBeNull();
    expect(candidateNote({ ...base, score: ev(-536) }, 15)).toBe("-536, scored by a search after it");
    expect(candidateNote({ ...base, by: "engine", score: ev(-536) }, 15)).toBeNull();
  });
  it("a move outside the exact candidates, scored by the search after it", () => {
    const rootScores = [
      { x: 1, y: 1, score: ev(40) },
      { x: 7, y: 7, score: ev(-100), bound: "upper" as const },
    ];
    expect(candidateNote({ ...base, score: ev(-160), rootScores }, 15)).toBe("-160, scored by a search after it; the engine's choice b14 +40");
    expect(candidateNote({ ...base, score: ev(-160), rootScores: rootScores.slice(0, 1) }, 15)).toBe(
      "-160, scored by a search after it; the engine's choice b14 +40",
    );
  });
});
