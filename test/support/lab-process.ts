// The real `tsx bin/lab.ts` in a child process, fed through stdin, as a person or the course's grader
// drives it: for the English lab's test (test/lab.test.ts: no locale, so English) and the others.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import path from "node:path";
import { readBoard } from "../../bin/lab/board";
import type { BoardGlyphs } from "../../bin/lab/i18n";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

export interface Lab {
  out: () => string;
  err: () => string;
  /** Resolves with the output since `from` once it matches `re`; fails on exit or after 30 s. */
  waitFor: (re: RegExp, from?: number) => Promise<string>;
  send: (line: string) => void;
  end: () => void;
  exit: Promise<number | null>;
  proc: ChildProcessWithoutNullStreams;
}

/** `locale`: the environment's LANG (LC_ALL and LC_MESSAGES removed); undefined: no locale at all. */
export function startLab(args: string[], lang?: string): Lab {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: "0" };
  delete env.LC_ALL;
  delete env.LC_MESSAGES;
  delete env.LANG;
  if (lang !== undefined) env.LANG = lang;
  const proc = spawn(TSX, ["bin/lab.ts", ...args], { cwd: ROOT, env });
  let stdout = "";
  let stderr = "";
  const listeners = new Set<() => void>();
  proc.stdout.setEncoding("utf8");
  proc.stderr.setEncoding("utf8");
  proc.stdout.on("data", (d: string) => {
    stdout += d;
    for (const l of listeners) l();
  });
  proc.stderr.on("data", (d: string) => (stderr += d));
  const exit = new Promise<number | null>((resolve) =>
    proc.on("close", (code) => {
      for (const l of listeners) l();
      resolve(code);
    }),
  );
  const waitFor = (re: RegExp, from = 0) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`timed out waiting for ${re}; output:\n${stdout}\n${stderr}`)), 30_000);
      const check = () => {
        const text = stdout.slice(from);
        if (re.test(text)) return done(null, text);
        if (proc.exitCode !== null) done(new Error(`lab exited (${proc.exitCode}) before ${re}; output:\n${stdout}\n${stderr}`));
      };
      const done = (err: Error | null, text?: string) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (err) reject(err);
        else resolve(text!);
      };
      listeners.add(check);
      check();
    });
  return { out: () => stdout, err: () => stderr, waitFor, send: (l) => proc.stdin.write(l + "\n"), end: () => proc.stdin.end(), exit, proc };
}

/** Every board printed in a piece of output, in order, with its lines. */
export function boardsIn(text: string, size: number, glyphs: BoardGlyphs) {
  const lines = text.split("\n");
  const header = "   " + [...glyphs.columns.slice(0, size)].map((l) => " " + l).join("");
  const boards: Array<ReturnType<typeof readBoard> & { lines: string[] }> = [];
  for (let i = 0; i + size + 1 < lines.length; i++) {
    if (lines[i] === header && lines[i + size + 1] === header) {
      const board = lines.slice(i, i + size + 2);
      boards.push({ ...readBoard(board.join("\n"), size, glyphs), lines: board });
      i += size + 1;
    }
  }
  return boards;
}
