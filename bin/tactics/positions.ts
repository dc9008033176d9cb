// Tactical positions on 15×15 (freestyle): forced wins for the side to move in 1, 3, 5 or 7 plies;
// ALL_TACTICS adds the harvested ones of ./harvested.ts (long wins by fours, one-move defences).
// Stones are written as move strings (lib/shared/notation: column letter, row from the bottom, h8 = centre).
// `solutions` is every first move that wins in `plies` plies (the shortest win), as computed by the
// exact threat solver in ./solver.ts (test/tactics.test.ts re-checks them); `line` is the intended
// win, reasoned by hand. Black moves first, so with black to move both sides have as many stones,
// with white to move black has one more.
import type { Color, Position, Stone } from "../../engine/types";
import { parseMoveString } from "../../lib/shared/notation";
import { HARVESTED } from "./harvested";

export interface Tactic {
  id: string;
  title: string;
  black: string;
  white: string;
  toMove: Color;
  /**
   * A win: length of the shortest forced win, the winner's own moves included (harvested wins of
   * 9–17: the shortest win by fours). A defence: the opponent's threat, its shortest win if the
   * side to move passed.
   */
  plies: number;
  /** Every first move that wins in `plies` (a defence: the one move that holds). */
  solutions: string[];
  /** The intended winning line, by hand (harvested: the solver's). */
  line: string;
  /** "win" when absent. "defence": every move but the solution loses by force (./verify.ts). */
  kind?: "win" | "defence";
  /** Board size, 15 when absent. Always freestyle. */
  size?: number;
}

export const TACTICS: Tactic[] = [
  // ---- win in 1 ---------------------------------------------------------------------------
  {
    id: "w1-open-four",
    title: "open four",
    black: "h8i8j8k8",
    white: "h9i9j9c3",
    toMove: 1,
    plies: 1,
    solutions: ["g8", "l8"],
    line: "g8 or l8 completes h8–k8",
  },
  { id: "w1-split-four", title: "split four", black: "f5g5i5j5", white: "e5k5d10m12", toMove: 1, plies: 1, solutions: ["h5"], line: "h5 fills f5 g5 _ i5 j5" },
  {
    id: "w1-win-not-block",
    title: "win, do not block (white)",
    black: "c3l4l5l6l7",
    white: "d4e5f6g7",
    toMove: 2,
    plies: 1,
    solutions: ["h8"],
    line: "h8 completes d4–g7 (c3 is black); black's open four l4–l7 does not matter",
  },
  {
    id: "w1-edge",
    title: "four on the edge",
    black: "a1a2a3a4",
    white: "b1b2b3b4",
    toMove: 1,
    plies: 1,
    solutions: ["a5"],
    line: "a5 completes a1–a5 before white's b5",
  },
  {
    id: "w1-anti-diagonal",
    title: "split four, anti-diagonal (white)",
    black: "l3f9b14n14c2",
    white: "k4j5h7g8",
    toMove: 2,
    plies: 1,
    solutions: ["i6"],
    line: "i6 fills k4 j5 _ h7 g8",
  },
  // ---- win in 3 ---------------------------------------------------------------------------
  {
    id: "w3-open-three",
    title: "open three to open four",
    black: "g8h8i8",
    white: "g10k11d5",
    toMove: 1,
    plies: 3,
    solutions: ["f8", "j8"],
    line: "f8 (or j8) makes an open four; white blocks one end, black plays the other",
  },
  {
    id: "w3-split-three",
    title: "split three to open four",
    black: "h8j8k8",
    white: "h10l11d4",
    toMove: 1,
    plies: 3,
    solutions: ["i8"],
    line: "i8 makes the open four h8–k8 (g8, l8 empty); g8 or l8 would be a closed four",
  },
  {
    id: "w3-double-four",
    title: "double four (row and column)",
    black: "e5f5g5h6h7h8",
    white: "d5h9m12b13n2c10",
    toMove: 1,
    plies: 3,
    solutions: ["h5"],
    line: "h5: four e5–h5 (d5 white, five at i5) and four h5–h8 (h9 white, five at h4)",
  },
  {
    id: "w3-line-double-four",
    title: "double four on one line",
    black: "d8f8g8j8",
    white: "c8k8b13m2",
    toMove: 1,
    plies: 3,
    solutions: ["h8"],
    line: "h8: d8 _ f8 g8 h8 _ j8 has fives at e8 and i8",
  },
  {
    id: "w3-diagonal-three",
    title: "open three on the diagonal (white)",
    black: "m3c12n13k2",
    white: "f6g7h8",
    toMove: 2,
    plies: 3,
    solutions: ["e5", "i9"],
    line: "e5 or i9 makes an open four",
  },
  {
    id: "w3-race",
    title: "both have open threes: move first",
    black: "f10g10h10",
    white: "f4g4h4",
    toMove: 1,
    plies: 3,
    solutions: ["e10", "i10"],
    line: "e10/i10 open four; white's reply four comes too late",
  },
  {
    id: "w3-double-four-white",
    title: "double four, row and anti-diagonal (white)",
    black: "d11l7b2m2b14n14h2",
    white: "e11f11g11i10j9k8",
    toMove: 2,
    plies: 3,
    solutions: ["h11"],
    line: "h11: four e11–h11 (d11 black, five at i11) and four h11–k8 (l7 black, five at g12)",
  },
  // ---- win in 5 ---------------------------------------------------------------------------
  {
    id: "w5-four-three",
    title: "four-three",
    black: "e4f4g4h5h6",
    white: "d4b13m12n2c14",
    toMove: 1,
    plies: 5,
    solutions: ["h4"],
    line: "h4 (four e4–h4, i4 forced; open three h4–h6) then h3/h7 open four",
  },
  {
    id: "w5-three-three",
    title: "three-three",
    black: "f8g8h9h10",
    white: "c3m3c13m13",
    toMove: 1,
    plies: 5,
    solutions: ["h8"],
    line: "h8 makes open threes f8–h8 and h8–h10; white stops one, the other becomes an open four",
  },
  {
    id: "w5-four-three-white",
    title: "four-three on the diagonal (white)",
    black: "c11m3m12b4n8k14",
    white: "d10e9f8g8g9",
    toMove: 2,
    plies: 5,
    solutions: ["g7"],
    line: "g7: four d10–g7 (c11 black, h6 forced) and open three g7–g9, then g6/g10",
  },
  {
    id: "w5-four-then-double-four",
    title: "four, then double four",
    black: "e5f5g5h6h7e8f8g8",
    white: "d5h9d8m12b13n2c10m5",
    toMove: 1,
    plies: 5,
    solutions: ["g7", "h8", "i8", "g6", "h5", "i5"],
    line: "h8 (four e8–h8, i8 forced) then h5 double four (e5–h5 and h5–h8)",
  },
  {
    id: "w5-split-three-three",
    title: "three-three with split threes",
    black: "e8g8h10h11",
    white: "c3m3c13m13",
    toMove: 1,
    plies: 5,
    solutions: ["h8"],
    line: "h8 makes e8 _ g8 h8 and h8 _ h10 h11, both open: white stops one, the other becomes an open four",
  },
  {
    id: "w5-four-three-vs-three",
    title: "four-three against an open three (white)",
    black: "c11m3m12b4b5b6",
    white: "d10e9f8g8g9",
    toMove: 2,
    plies: 5,
    solutions: ["g7"],
    line: "black's open three b4–b6 rules out slow moves; g7 four-three wins by force",
  },
  {
    id: "w5-two-double-fours",
    title: "a three that threatens two double fours",
    black: "e5f5g5h6h7e8f8g9g10g11",
    white: "d5h9d8g12m12b13n2c10m5b3",
    toMove: 1,
    plies: 5,
    solutions: ["e7", "g7", "h8", "i8", "h5", "i5"],
    line: "h8 threatens both h5 (e5–h5 + h5–h8) and g8 (e8–h8 + g8–g11) double fours",
  },
  // ---- win in 7 ---------------------------------------------------------------------------
  {
    id: "w7-vcf-ladder",
    title: "four, four-three, open four",
    black: "e4f4g4h5i7j8k9",
    white: "d4l10b13m12n2c14a15",
    toMove: 1,
    plies: 7,
    solutions: ["g2", "h4", "i4", "e5", "f5", "i5", "j5", "g6", "h6", "i6", "g7", "h7"],
    line: "h6 (four h6–k9, g5 forced) then h4 four-three (i4 forced) then h3/h7",
  },
  {
    id: "w7-vcf-vs-three",
    title: "VCF against an open three",
    black: "e4f4g4h5i7j8k9",
    white: "d4l10b13m12m7m8m9",
    toMove: 1,
    plies: 7,
    solutions: ["h4", "h6"],
    line: "white's open three m7–m9 leaves only fours: h6 (g5 forced), h4 (i4 forced), h3/h7",
  },
  {
    id: "w7-vcf-ladder-white",
    title: "four, four-three, open four (white)",
    black: "d12l6b3m4n14c2a8o8",
    white: "e12f12g12h11i9j8k7",
    toMove: 2,
    plies: 7,
    solutions: ["h9", "g9", "h10", "i10", "g10", "e11", "f11", "i11", "j11", "h12", "i12", "g14"],
    line: "h10 (four h10–k7, g11 forced) then h12 four-three (i12 forced) then h13/h9",
  },
  {
    id: "w7-vcf-vs-three-white",
    title: "VCF against an open three (white)",
    black: "d12l6m7m8m9b3n14c2",
    white: "e12f12g12h11i9j8k7",
    toMove: 2,
    plies: 7,
    solutions: ["h10", "h12"],
    line: "black's open three m7–m9 leaves only fours: h10 (g11 forced), h12 (i12 forced), h13/h9",
  },
  {
    id: "w7-vct-three-three",
    title: "open three, then three-three (not by fours)",
    black: "f8g8h9i11j12",
    white: "c3m3c13m13b7",
    toMove: 1,
    plies: 7,
    solutions: ["g11", "h11", "g10", "h10", "i10", "f9", "i9", "j9", "h8", "i8"],
    line: "h10 makes the open three h10–j12; after white stops it, h8 makes open threes f8–h8 and h8–h10",
  },
  {
    id: "w7-vct-three-then-four-three",
    title: "open three, then four-three",
    black: "e4f4g4h5g7f8",
    white: "d4b13m12n2c14o15",
    toMove: 1,
    plies: 7,
    solutions: ["h7", "i7", "g6", "h6", "e5", "f5", "g5", "i5", "h4", "i4", "e3"],
    line: "h6 makes the open three f8–h6 (white must stop it), then h4 four-three (four e4–h4, three h4–h6)",
  },
  // ---- harder: from engine self-play (match games), verified with ./solver.ts ------------------
  // Wins by threes (no VCF exists for the side to move), mostly with one winning move only.
  {
    id: "w7-sp-vct-e9",
    title: "self-play: the only win starts with a three",
    black: "h8f10e8f8g9",
    white: "g10i7g11g8f6",
    toMove: 1,
    plies: 7,
    solutions: ["e9"],
    line: "e9 (three e8–e9 line and f8–e9–g9 shapes); no VCF, the threes decide",
  },
  {
    id: "w7-sp-vct-i7",
    title: "self-play: a three on the diagonal, then a four-three",
    black: "h8h9k9k7k6",
    white: "g7j8h10k11k10",
    toMove: 1,
    plies: 7,
    solutions: ["i7"],
    line: "i7 makes threes through h8 and k7; white cannot stop both follow-ups",
  },
  {
    id: "w7-sp-vct-i6",
    title: "self-play: quiet-looking three wins (one move only)",
    black: "h8j9k8j8j6i7k9",
    white: "h9h7i10l8j7k5l10",
    toMove: 1,
    plies: 7,
    solutions: ["i6"],
    line: "i6 joins the i7/j6 stones into threats on two lines",
  },
  {
    id: "w7-sp-vct-h9",
    title: "self-play: three, then double threat",
    black: "h8i10i8j9j7",
    white: "j6f7j8h7e6",
    toMove: 1,
    plies: 7,
    solutions: ["h9"],
    line: "h9 makes the open three h9–j9 side and the h8–h9 pair; the follow-up is a four-three",
  },
  {
    id: "w7-sp-vct-late-white",
    title: "self-play, 53 stones: win by threes (white), missed at 200 ms",
    black: "h8h6i7j8j9k8j11i11f5e8f8n6i5m9g9e11f6d7h9g4j7j5e10c7l12l5e4",
    white: "i9h7j6k9g5i8j10h11e6l8m7k7g7d8e7f10f7g8j12l7i6c6e9k12l11k5",
    toMove: 2,
    plies: 7,
    solutions: ["i12", "l10", "m10"],
    line: "a three on the l–m side or i12 sets up a four-three; the baseline engine played elsewhere at 200 ms",
  },
  // Defend first: the opponent has a four on the board AND a VCF behind it; the block is forced and
  // must itself start a win by threes (the engine has to see the whole line to prove it).
  {
    id: "w7-sp-block-then-vct",
    title: "block the four, the block starts a win by threes (white)",
    black: "h8f8g9h10g7i10f5g10g11e10g12",
    white: "i9h7i7e7i8g6j12j10g8f10",
    toMove: 2,
    plies: 7,
    solutions: ["g13"],
    line: "g13 blocks g9–g12; black's VCF is gone and white's threes around g13/j12 win",
  },
  {
    id: "w7-sp-block-then-vct-2",
    title: "block the four, then win by threes (black)",
    black: "h8j6j8i8j10h5i9i11",
    white: "h9k5j5g8i5j9g7l5",
    toMove: 1,
    plies: 7,
    solutions: ["m5"],
    line: "m5 blocks the row i5–l5 and, with the j–i stones, leads to a four-three",
  },
  {
    id: "w7-sp-block-vs-three",
    title: "block the four while the opponent has an open three (white)",
    black: "h8j6j8j10f7j11j5j4",
    white: "h9i7i10g8k11j9i9",
    toMove: 2,
    plies: 7,
    solutions: ["j7"],
    line: "j7 is forced (j4–j6 + j8) and black also has an open three: only the block that makes fours and threes wins",
  },
  {
    id: "w7-sp-block-then-vct-3",
    title: "block the four, then win by threes (black, 16 stones)",
    black: "h8f10h10e9g9f8k9h6",
    white: "i9e11e10h12i11j10f9g13",
    toMove: 1,
    plies: 7,
    solutions: ["f14"],
    line: "f14 blocks the diagonal f14–j10 and wins by threes on the f/e files",
  },
];

/** The hand-made and earlier positions above, then the harvested ones (./harvested.ts). */
export const ALL_TACTICS: Tactic[] = [...TACTICS, ...HARVESTED];

export const sizeOf = (t: Tactic): number => t.size ?? 15;

export function stonesOf(t: Tactic, size = sizeOf(t)): Stone[] {
  return [
    ...parseMoveString(t.black, size).map((p) => ({ ...p, color: 1 as const })),
    ...parseMoveString(t.white, size).map((p) => ({ ...p, color: 2 as const })),
  ];
}

export function positionOf(t: Tactic, size = sizeOf(t)): Position {
  return { size, rule: "freestyle", stones: stonesOf(t, size), toMove: t.toMove };
}
