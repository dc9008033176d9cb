// Openings: one per line as a move string ("h8i9h9", black first), '#' starts a comment.
import { readFileSync } from "node:fs";
import type { Point, Rule } from "../../engine/types";
import { parseMoveString } from "../../lib/shared/notation";
import { ImportError } from "../../lib/shared/psq";
import { Referee } from "./referee";

export function parseOpenings(text: string, size: number, rule: Rule): Point[][] {
  const out: Point[][] = [];
  for (const [i, raw] of text.split(/\r\n|\r|\n/).entries()) {
    const line = raw.replace(/#.*/, "").trim();
    if (!line) continue;
    let moves: Point[];
    try {
      moves = parseMoveString(line, size);
    } catch (e) {
      if (e instanceof ImportError) throw new Error(`openings line ${i + 1}, column ${e.column + raw.indexOf(line)}: ${e.detail}`, { cause: e });
      throw e;
    }
    const ref = new Referee(size, rule);
    for (const m of moves) {
      const r = ref.play(m);
      if (r.kind !== "ok") throw new Error(`openings line ${i + 1}: "${line}" is not a playable opening (${r.kind === "illegal" ? r.reason : r.kind})`);
    }
    out.push(moves);
  }
  return out;
}

export function readOpenings(file: string, size: number, rule: Rule): Point[][] {
  return parseOpenings(readFileSync(file, "utf8"), size, rule);
}
