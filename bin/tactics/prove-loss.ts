// Settles a doubtful one-move defence (bin/tactics/harvested.ts): after the move that "holds", the
// engine may claim a forced win for the opponent beyond the solver's reach (11+ plies). This checks
// the claim as a proof tree:
// * the opponent's (attacker's) nodes: a VCF within the plies left, or an exhaustive search when at
//   most EXACT plies are left (the solver, bin/tactics/solver.ts), settles the node; otherwise the
//   engine's move (think, --ms) with its own claimed length;
// * the defender's nodes: a five point of the defender refutes; a single five point of the attacker
//   forces the block; else every reply in the zone of "the attacker wins after a pass" (the solver's
//   relevance zone, robust to one extra defender stone: any reply outside it loses to that threat;
//   the threat: a win within 3 or 5, else by fours, else within 7), each checked in turn.
// "PROVEN LOST": every leaf is a solver proof, so the position after the held move is lost (the
// defence is bad data). "REFUTED": a solver search says the engine's claim at some node is wrong.
// "unsettled": a budget ran out or a node had no short threat to take the zone from.
//   npx tsx bin/tactics/prove-loss.ts <id,id,…> [--from FILE.jsonl] [--ms 2000] [--exact 7] [--nodes 400000] [--budget 150]
// (--from: the positions from JSON lines, one tactic each, as tactics:harvest prints them, instead
// of the suite: for positions already dropped from it.)
import { readFileSync } from "node:fs";
import { think } from "../../engine/index";
import { formatScore } from "../../engine/score";
import type { Analysis, Color, Position, Stone } from "../../engine/types";
import { parseLabel, toLabel } from "../../lib/shared/notation";
import { ALL_TACTICS, positionOf, sizeOf, stonesOf, type Tactic } from "./positions";
import { NodeLimit, ThreatSolver } from "../../engine/puzzles/solver";

type Verdict = true | false | null; // proven win / proven wrong (exhaustive) / unsettled

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const MS = flag("ms", 2000);
const EXACT = flag("exact", 7);
const NODES = flag("nodes", 400_000);
const BUDGET_MS = flag("budget", 150) * 1000;

class Prover {
  deadline = 0;
  engineCalls = 0;
  /** The root's engine answer (found with longer limits), used for the first attacker node. */
  first: Analysis | null = null;

  constructor(
    readonly s: ThreatSolver,
    readonly size: number,
  ) {}

  private label(c: number): string {
    return toLabel({ x: c % this.size, y: Math.floor(c / this.size) }, this.size);
  }

  /** A solver call under the node limit: its answer, or null when the limit was hit. */
  private bounded(f: () => boolean): boolean | null {
    const s = this.s;
    s.nodes = 0;
    s.nodeLimit = NODES;
    try {
      return f();
    } catch (e) {
      if (e instanceof NodeLimit) return null;
      throw e;
    } finally {
      s.nodeLimit = Infinity;
    }
  }

  position(toMove: Color): Position {
    const stones: Stone[] = [];
    const cells = this.s.cells;
    for (let c = 0; c < cells.length; c++) if (cells[c]) stones.push({ x: c % this.size, y: Math.floor(c / this.size), color: cells[c] as Color });
    return { size: this.size, rule: "freestyle", stones, toMove };
  }

  /** Attacker to move: does it win within k plies? */
  attackerWins(att: Color, k: number, path: string[]): Verdict {
    const s = this.s;
    if (performance.now() > this.deadline) return null;
    if (s.fivePoints(att, 1).length) return true;
    if (k < 1) return false;
    if (this.bounded(() => s.winsByFours(att, k))) return true;
    if (k <= EXACT) {
      const w = this.bounded(() => s.wins(att, k));
      if (w === false) console.log(`    refuted at ${path.join(" ")}: no attacker win within ${k} plies (exhaustive)`);
      return w;
    }
    this.engineCalls++;
    const r = this.first ?? think(this.position(att), { timeMs: MS });
    this.first = null;
    if (r.score.kind !== "win" || !r.move) {
      console.log(`    unsettled at ${path.join(" ")}: the engine says ${formatScore(r.score)}`);
      return null;
    }
    const m = r.move.y * this.size + r.move.x;
    console.log(`    ${path.join(" ")}: attacker ${this.label(m)}, ${formatScore(r.score)}${r.score.plies > k ? ` (more than the ${k} plies left)` : ""}`);
    s.place(m, att);
    const v = this.defenderLoses(att, r.score.plies - 1, [...path, this.label(m)]);
    s.remove(m);
    return v;
  }

  /** Defender to move, k plies left (its reply included): does every reply lose? */
  defenderLoses(att: Color, k: number, path: string[]): Verdict {
    const s = this.s;
    const def = (3 - att) as Color;
    if (s.fivePoints(def, 1).length) {
      console.log(`    refuted at ${path.join(" ")}: the defender has a five`);
      return false;
    }
    const fives = s.fivePoints(att, 2);
    if (fives.length >= 2) return true;
    let replies: number[];
    if (fives.length === 1) replies = fives;
    else {
      let zone: Uint32Array | null = null;
      for (let t = 3; t <= Math.min(5, k - 1) && !zone; t += 2) if (this.bounded(() => s.winZone(att, t, 1) !== null)) zone = s.winZone(att, t, 1);
      if (!zone && this.bounded(() => s.shortestWin(att, k - 1, true) !== null)) zone = s.zoneOfFours(att, s.shortestWin(att, k - 1, true)!.plies, 1);
      if (!zone && k - 1 >= 7 && this.bounded(() => s.winZone(att, 7, 1) !== null)) zone = s.winZone(att, 7, 1);
      if (!zone) {
        console.log(`    unsettled at ${path.join(" ")}: no attacker threat within 7 or by fours after a pass`);
        return null;
      }
      replies = s.zoneCells(zone);
    }
    for (const c of replies) {
      s.place(c, def);
      const v = this.attackerWins(att, k - 1, [...path, this.label(c)]);
      s.remove(c);
      if (v !== true) return v;
    }
    return true;
  }
}

const fromAt = argv.indexOf("--from");
const pool: Tactic[] =
  fromAt >= 0
    ? readFileSync(argv[fromAt + 1], "utf8")
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Tactic)
    : ALL_TACTICS;
for (const id of (argv[0] ?? "").split(",").filter(Boolean)) {
  const t = pool.find((x) => x.id === id);
  if (!t || t.kind !== "defence") {
    console.log(`${id}: not a defence of the suite`);
    continue;
  }
  const size = sizeOf(t);
  const held = parseLabel(t.solutions[0], size)!;
  const prover = new Prover(new ThreatSolver(size, [...stonesOf(t), { ...held, color: t.toMove }]), size);
  const att = (3 - t.toMove) as Color;
  const started = performance.now();
  prover.deadline = started + BUDGET_MS;
  // The engine's claim: the first of these limits at which it claims a win.
  let root = think(prover.position(att), { timeMs: 5000 });
  for (const ms of [1000, 300, 150, 3000]) if (root.score.kind !== "win") root = think(prover.position(att), { timeMs: ms });
  // Else the defender's own search (the bench's view): a loss after the held move, its line's reply.
  for (const ms of [1000, 3000]) {
    if (root.score.kind === "win") break;
    const d = think(positionOf(t), { timeMs: ms });
    if (d.score.kind === "loss" && d.pv.length > 1 && d.move && toLabel(d.move, size) === t.solutions[0])
      root = { ...d, move: d.pv[1], pv: d.pv.slice(1), score: { kind: "win", plies: d.score.plies - 1 } };
  }
  let v: Verdict = null;
  if (root.score.kind === "win") {
    prover.first = root;
    v = prover.attackerWins(att, root.score.plies, [t.solutions[0]]);
  }
  const verdict = root.score.kind !== "win" ? "no claim" : v === true ? "PROVEN LOST" : v === false ? "claim REFUTED" : "unsettled";
  console.log(
    `${t.id}: after ${t.solutions[0]} the engine claims ${formatScore(root.score)}: ${verdict} (${prover.engineCalls} engine calls, ${Math.round((performance.now() - started) / 1000)} s)`,
  );
}
