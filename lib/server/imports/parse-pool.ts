// Imported files are parsed off the event loop (issue 25: a 4 KB file once stood the whole server
// still for 15 s). Each parse runs in a worker thread (piscina) with a budget: `timeMs` from the moment
// the worker takes the file (past it, the thread is terminated and a new one started) and
// `memoryMb` of heap (past it, the thread dies: V8's resourceLimits). So a file, however made, costs
// its importer a refusal and nobody else anything. The queue is bounded: more waiting files, "busy".
import { MessageChannel } from "node:worker_threads";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { ImportError, type ImportErrorCode } from "../../shared/import-errors";
import type { ImportedGame } from "../../shared/replay/movetext";
import { importErrorOf, type ParseAnswer, type ParseTask } from "./parse-task";

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ImportParserOptions {
  /** Parse threads (IMPORT_THREADS). */
  threads: number;
  /** The longest parse, ms (IMPORT_PARSE_MS). */
  timeMs: number;
  /** The heap a parse may use, MB (IMPORT_PARSE_MB). */
  memoryMb: number;
  /** Files waiting for a thread, all together (default 32 a thread). */
  maxQueued?: number;
  /** The worker entry (default ./parse-worker.mjs); tests give a stand-in that hangs or hoards memory. */
  worker?: string;
}

/** The refusals of the budget (ImportErrors with no line): over the time, over the memory, too many files waiting. */
export const BUDGET_CODES = new Set<ImportErrorCode>(["IMPORT_TOO_SLOW", "IMPORT_TOO_MUCH_MEMORY", "IMPORT_BUSY"]);

export interface ImportParser {
  /** The file's games; rejects with ImportError: the file's mistake, or a budget's refusal (BUDGET_CODES). */
  parse(task: Omit<ParseTask, "started">): Promise<ImportedGame[]>;
  close(): Promise<void>;
}

export function createImportParser(opts: ImportParserOptions): ImportParser {
  // Made on the first file (a server nobody imports to starts no thread). Its threads then stay up
  // (minThreads): a thread costs a second to start, and piscina starts no new one for files already
  // waiting when a thread is terminated (a file over its time) unless the minimum asks for it.
  let pool: Piscina | null = null;
  // Files on a thread or waiting for one (counted here: piscina's own queue bound does not hold while threads start).
  let inFlight = 0;
  const most = opts.threads + (opts.maxQueued ?? 32 * opts.threads);
  const make = () =>
    new Piscina({
      filename: opts.worker ?? path.join(here, "parse-worker.mjs"),
      minThreads: opts.threads,
      maxThreads: opts.threads,
      concurrentTasksPerWorker: 1,
      // Young generation too: a parse that allocates fast dies there before it grows the old one.
      resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb, maxYoungGenerationSizeMb: Math.max(4, Math.ceil(opts.memoryMb / 8)), stackSizeMb: 4 },
    });

  async function parse(task: Omit<ParseTask, "started">): Promise<ImportedGame[]> {
    if (inFlight >= most) throw new ImportError(0, 0, "IMPORT_BUSY");
    inFlight++;
    try {
      return await parseOnThread(task);
    } finally {
      inFlight--;
    }
  }

  async function parseOnThread(task: Omit<ParseTask, "started">): Promise<ImportedGame[]> {
    const abort = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    port1.once("message", () => {
      timer = setTimeout(() => abort.abort(), opts.timeMs);
    });
    let answer: ParseAnswer;
    try {
      pool ??= make();
      answer = (await pool.run({ ...task, started: port2 } satisfies ParseTask, { transferList: [port2], signal: abort.signal })) as ParseAnswer;
    } catch (e) {
      if (abort.signal.aborted) throw new ImportError(0, 0, "IMPORT_TOO_SLOW", { seconds: opts.timeMs / 1000 });
      if ((e as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") throw new ImportError(0, 0, "IMPORT_TOO_MUCH_MEMORY", { mb: opts.memoryMb });
      throw e;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
    if (!answer.ok) throw importErrorOf(answer.refusal);
    return answer.games;
  }

  return {
    parse,
    close: async () => {
      await pool?.destroy();
      pool = null;
    },
  };
}
