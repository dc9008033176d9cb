// Lazy SMP, the engine's part (pure: the threads themselves are the caller's, e.g.
// lib/server/ai/threads.ts). The main thread's think() runs as always and keeps the root solvers,
// time management and the answer; when its main search starts (the table cleared or aged, root
// defence done) it calls SearchHelpers.start with its root moves, and stop() when its iterations
// end, however they end. A helper thread meanwhile runs helperSearch(): its own Board and Searcher
// (killers, history), the same root moves, iterative deepening that only writes the shared table,
// which the main thread's search then reads (cut-offs and hash moves from depths it has not
// reached). Skew: odd helpers start a ply deeper, and a helper that finds the main search's root
// entry deeper than its own goes on from there (odd ones a ply further), so the threads do not
// all search the same depth at the same time. A helper has no clock of its
// own: it runs until its thread's clock says a far-away deadline has passed (the caller makes it
// jump when the main thread calls stop(), as lib/server/ai/stop-clock.ts does) or maxDepth.
import type { Point, Position } from "../types";
import { boardOf } from "../board/position";
import { MATE_BOUND, MAX_PLY, Searcher } from "./alphabeta";
import { useSharedTable, sharedTable } from "./tt";
import { now } from "./time";

/** The main search's hooks for its helper threads (ThinkOptions.helpers). */
export interface SearchHelpers {
  /** The main search starts on this root (its moves in its order, after root defence). */
  start(rootMoves: Point[]): void;
  /** The main search's iterations ended (completed, out of time, stopped): the helpers stop now. */
  stop(): void;
}

/** What a helper thread searches. */
export interface HelperJob {
  position: Position;
  /** The main search's root moves (helpers search the same root); empty: all candidates. */
  rootMoves: Point[];
  /** 1, 2, …: odd helpers search one ply deeper. */
  index: number;
  /** The main thread's table (searchTableBuffer()): shared, not copied. */
  table: ArrayBuffer | SharedArrayBuffer;
  /** As the main search's features.leafVcf (off by default). */
  leafVcf?: boolean;
  /** As the main search's features.patternEval (on by default: helpers only run beside full-strength searches). */
  patternEval?: boolean;
  /** The thread's clock reading (performance.now()) to stop at; default 1e8 ms from now (never, in effect). */
  deadline?: number;
  /** Tests: stop after this depth (else only the thread's clock stops it). */
  maxDepth?: number;
}

export interface HelperReport {
  nodes: number;
  /** The deepest iteration the helper completed. */
  depth: number;
}

/** The buffer of this thread's search table: handed to helper threads, which search in it. */
export function searchTableBuffer(): ArrayBuffer | SharedArrayBuffer {
  return sharedTable().buffer;
}

/** Far beyond any search: the helper reads the clock (every 1024 nodes) but never stops by it alone. */
const FAR_MS = 1e8;
const MAX_DEPTH = 100;

/** A helper thread's search: deepens the main search's root, writing the shared table, until stopped. */
export function helperSearch(job: HelperJob): HelperReport {
  const tt = useSharedTable(job.table);
  const b = boardOf(job.position);
  b.readPatterns(job.patternEval !== false);
  const side = job.position.toMove;
  const s = new Searcher(b, {
    plain: false,
    exactRoot: 1,
    maxNodes: Number.MAX_SAFE_INTEGER,
    deadline: job.deadline ?? now() + FAR_MS,
    leafVcf: job.leafVcf === true,
    helper: true,
  });
  if (s.generateRoot(side) === 0) return { nodes: 0, depth: 0 };
  if (job.rootMoves.length > 0) {
    for (let i = 0; i < job.rootMoves.length; i++) {
      s.rootMoves[i] = b.index(job.rootMoves[i].x, job.rootMoves[i].y);
      s.rootPv[i] ??= new Int16Array(MAX_PLY);
    }
    s.rootCount = job.rootMoves.length;
  }
  const skew = job.index % 2;
  const maxDepth = Math.min(job.maxDepth ?? MAX_DEPTH, MAX_DEPTH);
  let done = 0;
  for (let depth = 1 + skew; depth <= maxDepth;) {
    if (!s.searchRoot(depth, side)) break;
    done = depth;
    const best = s.rootScores[0];
    if (best >= MATE_BOUND || best <= -MATE_BOUND) break; // proven: the main search finds it in the table
    // Behind the main search (its root entry is deeper than ours): on from its depth, with the skew.
    depth = tt.probe(b.hashLo, b.hashHi) && tt.hitDepth > depth ? tt.hitDepth + 1 + skew : depth + 1;
  }
  return { nodes: s.nodes, depth: done };
}
