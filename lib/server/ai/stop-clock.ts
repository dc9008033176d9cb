// How a search on a worker thread is stopped at once without touching the engine: the engine reads
// the time only through globalThis.performance.now() (every deadline it checks, every few hundred
// nodes), so once the running task is told to stop, this thread's clock jumps STOP_JUMP_MS ahead:
// every deadline has passed at its next check and play() returns within milliseconds (its answer
// is dropped). The thread stays up with the engine loaded and warm; terminating it instead and
// booting another costs seconds of CPU (measured 2.7–5.5 s on the 2-core test machine).
//
// Each task carries one shared Int32 (a SharedArrayBuffer), changed only by compare-and-swap, so the
// pool and the worker thread agree on who came first:
//   QUEUED → RUNNING (the worker starts it) → STOPPING (the pool stops it): the clock jumps;
//   QUEUED → CANCELLED (the pool stops it before it started): the worker will not start it.

/** Far beyond any search's time limit, but finite: differences of two readings stay numbers. */
const STOP_JUMP_MS = 1e9;

const QUEUED = 0;
const CANCELLED = 1;
const RUNNING = 2;
const STOPPING = 3;

export type StopFlag = Int32Array;

export function newStopFlag(): StopFlag {
  return new Int32Array(new SharedArrayBuffer(4));
}

/**
 * The pool: stop the task of `f`. "cancelled": it had not started and never will (its slot is free
 * now); "stopping": it is running and will return within milliseconds; "over": it had already ended.
 */
export function stopTask(f: StopFlag): "cancelled" | "stopping" | "over" {
  const was = Atomics.compareExchange(f, 0, QUEUED, CANCELLED);
  if (was === QUEUED) return "cancelled";
  if (was === RUNNING && Atomics.compareExchange(f, 0, RUNNING, STOPPING) === RUNNING) return "stopping";
  return Atomics.load(f, 0) === STOPPING ? "stopping" : "over";
}

let current: StopFlag | null = null;
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const perf = globalThis.performance;
  const realNow = perf.now.bind(perf);
  perf.now = () => (current !== null && Atomics.load(current, 0) === STOPPING ? realNow() + STOP_JUMP_MS : realNow());
}

/**
 * The worker thread, around one search: false if the task was cancelled before it started (do not
 * run it); else this thread's clock follows the flag until `end()`.
 */
export function startTask(f: StopFlag | undefined): { run: boolean; end(): void } {
  if (!f) return { run: true, end: () => {} };
  if (Atomics.compareExchange(f, 0, QUEUED, RUNNING) !== QUEUED) return { run: false, end: () => {} };
  install();
  current = f;
  return {
    run: true,
    end: () => {
      if (current === f) current = null;
    },
  };
}
