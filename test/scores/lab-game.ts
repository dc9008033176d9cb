// The terminal lab (bin/lab/game playLab) played in-process against a scripted "person": a weak
// player (a shallow search choosing among its best few by a seeded draw), with the lab's engine at a
// fixed depth (deterministic). Returns every score the lab printed, in move order.
import { think, type Analysis, type Limits, type Position, type Score } from "../../engine";
import { playLab } from "../../bin/lab/game";
import { toLabel } from "../../lib/shared/notation";
import { rng } from "./score-games";

export interface LabRun {
  /** Every move's score as the lab printed it (the person's "score of this move", the computer's "score …"). */
  scores: Score[];
  /** The moves, as labels. */
  moves: string[];
  text: string;
}

const SCORE = /^(?:score of this move: |score )([+-]?\d+|win in \d+|loss in \d+)/;

function parseScore(s: string): Score {
  const m = /^(win|loss) in (\d+)$/.exec(s);
  return m ? { kind: m[1] as "win" | "loss", plies: Number(m[2]) } : { kind: "eval", value: Number(s) };
}

export async function labGame(o: { seed: number; size: number; depth: number; nodes: number; maxMoves: number }): Promise<LabRun> {
  const rand = rng(o.seed);
  let last: { position: Position; a: Analysis } | null = null;
  const labThink = (position: Position, limits: Limits): Analysis => {
    const a = think(position, { ...limits, timeMs: undefined, maxDepth: o.depth, maxNodes: o.nodes });
    last = { position, a };
    return a;
  };
  let asked = 0;
  const human = (): string | null => {
    if (++asked > o.maxMoves) return null;
    // The board now: the position of the lab's last search (the computer's move) and its answer.
    const l = last as { position: Position; a: Analysis } | null;
    const stones = l ? [...l.position.stones, ...(l.a.move ? [{ ...l.a.move, color: l.position.toMove }] : [])] : null;
    if (!stones) return null;
    const toMove = l!.position.toMove === 1 ? 2 : 1;
    const a = think({ size: o.size, rule: "freestyle", stones, toMove }, { maxDepth: 1, maxNodes: 400 });
    const pick = a.rootScores[Math.floor(rand() * Math.min(3, a.rootScores.length))]?.move ?? a.move;
    return pick ? toLabel(pick, o.size) : null;
  };
  let text = "";
  await playLab(
    { size: o.size, timeMs: 0, timeGiven: false, maxDepth: o.depth, opening: true, first: "computer" },
    {
      lines: { next: async () => human(), close: () => undefined },
      write: (t) => void (text += t),
      echo: false,
    },
    labThink,
  );
  const scores: Score[] = [];
  const moves: string[] = [];
  for (const line of text.split("\n")) {
    const played = / plays ([a-z]\d+) /.exec(line);
    if (played) moves.push(played[1]);
    const m = SCORE.exec(line.trim());
    if (m) scores.push(parseScore(m[1]));
  }
  return { scores, moves, text };
}
