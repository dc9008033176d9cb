// docs/ARCHITECTURE.md's reader's tour names files in the order a move, an AI turn and an analysis job
// pass through them: every file it names must exist, so the tour cannot drift from the tree unnoticed.
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");

it("every file the reader's tour names exists", () => {
  const doc = fs.readFileSync(path.join(root, "docs", "ARCHITECTURE.md"), "utf8");
  const tour = doc.slice(doc.indexOf("## A reader's tour"), doc.indexOf("## Principles"));
  const files = [...tour.matchAll(/`((?:app|lib|engine)\/[\w./-]+\.tsx?)`/g)].map((m) => m[1]);
  expect(files.length).toBeGreaterThan(30);
  expect(files.filter((f) => !fs.existsSync(path.join(root, f)))).toEqual([]);
});
