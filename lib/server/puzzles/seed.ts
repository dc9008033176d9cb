// The shipped puzzle set (prisma/seed/puzzles.ndjson, made by `npm run puzzles:mine` and proven by
// `npm run puzzles:verify`) loaded into the database on start: the puzzles not there yet are added
// (their rating from the miner); those there keep the rating people gave them.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Db } from "../db/client";
import type { PuzzleRecord } from "../../shared/puzzles/puzzle";
import { newPuzzle } from "./rate";

export const SEED_FILE = fileURLToPath(new URL("../../../prisma/seed/puzzles.ndjson", import.meta.url));

export function readSeed(file = SEED_FILE): PuzzleRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as PuzzleRecord);
}

export const rowOf = (p: PuzzleRecord) => ({
  id: p.id,
  rule: p.rule,
  size: p.size,
  toMove: p.toMove,
  black: p.black,
  white: p.white,
  theme: p.theme,
  plies: p.plies,
  line: JSON.stringify(p.line),
  finish: JSON.stringify(p.finish),
  threat: p.threat ? JSON.stringify(p.threat) : null,
  source: p.source,
  ...newPuzzle(p.rating),
});

/** Adds the seed's puzzles the database lacks; how many were added. */
export async function seedPuzzles(db: Db, puzzles: PuzzleRecord[] = readSeed()): Promise<number> {
  const have = new Set((await db.puzzle.findMany({ select: { id: true } })).map((r) => r.id));
  const missing = puzzles.filter((p) => !have.has(p.id));
  for (let i = 0; i < missing.length; i += 200) {
    try {
      await db.puzzle.createMany({ data: missing.slice(i, i + 200).map(rowOf) });
    } catch {
      // Another node seeding at the same time: add them one by one, skipping the ones it added.
      for (const p of missing.slice(i, i + 200)) await db.puzzle.create({ data: rowOf(p) }).catch(() => undefined);
    }
  }
  return missing.length;
}
