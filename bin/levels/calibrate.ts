// Calibrates the AI's levels (engine/levels): matches between pairs of levels (and the casual
// player) through the Gomocup brain, each pair's result appended to a JSONL file as it ends, then
// the Elo of every player fitted from all the results (./elo-fit.ts; level 1 anchored).
//   npm run levels:calibrate -- --pairs 1-2,2-3,casual-2 --games 20 --tc 500 --out levels.jsonl
//   npm run levels:calibrate -- --fit levels.jsonl[,more.jsonl]      (only the table)
// A player is a level 1–10 ("3") or "casual". Openings: bin/match/openings-balanced-15.txt.
import { appendFileSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { BrainProcess } from "../match/brain-process";
import { readOpenings } from "../match/openings";
import { runMatch, type Player } from "../match/runner";
import { fitElo, type PairResult } from "./elo-fit";

/** Level 1's Elo: the scale's anchor (a beginner who knows the rules). */
export const ANCHOR_ELO = 800;

const brainOf = (who: string, seed: number): string =>
  who === "casual" ? "bin/pbrain-gomoku-arena --engine casual --quiet" : `bin/pbrain-gomoku-arena --level ${who} --seed ${seed} --quiet`;
const nameOf = (who: string) => (who === "casual" ? "casual" : `L${who}`);

function parsePairs(spec: string): Array<[string, string]> {
  return spec.split(",").map((p) => {
    const [a, b] = p.split("-");
    for (const w of [a, b])
      if (!(w === "casual" || /^(10|[1-9])$/.test(w ?? ""))) throw new Error(`a player is a level 1–10 or "casual", got "${w ?? ""}" in "${p}"`);
    return [a, b];
  });
}

async function playPair(a: string, b: string, opts: { games: number; tc: number; size: number; out: string; seed: number }): Promise<PairResult> {
  const openings = readOpenings(`bin/match/openings-balanced-${opts.size}.txt`, opts.size, "freestyle");
  const pa: Player = { name: nameOf(a), command: brainOf(a, opts.seed), tcMs: opts.tc, process: new BrainProcess(brainOf(a, opts.seed)) };
  const pb: Player = { name: nameOf(b), command: brainOf(b, opts.seed + 1), tcMs: opts.tc, process: new BrainProcess(brainOf(b, opts.seed + 1)) };
  const { stats } = await runMatch(pa, pb, { games: opts.games, openings, size: opts.size, rule: "freestyle", maxMoves: 0, graceMs: 1000, startupMs: 30_000 });
  const r: PairResult = { a: pa.name, b: pb.name, wins: stats.wins, draws: stats.draws, losses: stats.losses };
  appendFileSync(opts.out, JSON.stringify({ ...r, tc: opts.tc, size: opts.size, at: new Date().toISOString() }) + "\n");
  console.log(`${r.a} vs ${r.b}: +${r.wins} =${r.draws} -${r.losses}`);
  return r;
}

export function eloTable(results: readonly PairResult[]): string {
  const rows = fitElo(results, "L1", ANCHOR_ELO).sort((x, y) => x.elo - y.elo);
  const lines = ["| player | Elo | ± (95 %) | games |", "|---|---|---|---|"];
  for (const r of rows) lines.push(`| ${r.name} | ${Math.round(r.elo)} | ${r.name === "L1" ? "anchor" : Math.round(r.margin)} | ${r.games} |`);
  return lines.join("\n");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pairs: { type: "string" },
      games: { type: "string", default: "20" },
      tc: { type: "string", default: "500" },
      size: { type: "string", default: "15" },
      out: { type: "string", default: "levels.jsonl" },
      seed: { type: "string", default: "1" },
      fit: { type: "string" },
    },
  });
  if (values.fit) {
    const results = values.fit
      .split(",")
      .flatMap((f) => readFileSync(f, "utf8").split("\n").filter(Boolean))
      .map((l) => JSON.parse(l) as PairResult);
    console.log(eloTable(results));
    return;
  }
  if (!values.pairs) throw new Error("--pairs is needed (e.g. 1-2,2-3,casual-2), or --fit <file.jsonl>");
  const opts = { games: Number(values.games), tc: Number(values.tc), size: Number(values.size), out: values.out, seed: Number(values.seed) };
  const results: PairResult[] = [];
  for (const [a, b] of parsePairs(values.pairs)) results.push(await playPair(a, b, opts));
  console.log(eloTable(results));
}

main().catch((err: unknown) => {
  console.error(`levels:calibrate: ${(err as Error).message}`);
  process.exit(2);
});
