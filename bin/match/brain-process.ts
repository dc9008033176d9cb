// One Gomocup brain as a child process: send lines, wait for answers with a deadline.
// The command runs through the shell (so "ENV=1 bin/brain --opt" works) in its own process group,
// which kill() ends as a whole.
import { type ChildProcess, spawn } from "node:child_process";
import { LineSplitter } from "../pbrain/lines";

export type Reply = { kind: "line"; line: string } | { kind: "timeout" } | { kind: "exit"; code: number | null; signal: string | null };

export class BrainProcess {
  private child: ChildProcess | null = null;
  private queue: string[] = [];
  private waiter: ((r: Reply) => void) | null = null;
  private exited: Reply | null = null;
  /** Lines the brain printed for people (MESSAGE, DEBUG) since the last take. */
  messages: string[] = [];
  stderr = "";

  constructor(
    readonly command: string,
    readonly cwd = process.cwd(),
    readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  get alive(): boolean {
    return this.child !== null && this.exited === null;
  }

  start(): void {
    this.queue = [];
    this.exited = null;
    this.stderr = "";
    const child = spawn(this.command, { shell: true, detached: true, cwd: this.cwd, env: this.env, stdio: ["pipe", "pipe", "pipe"] });
    this.child = child;
    const splitter = new LineSplitter();
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      for (const line of splitter.push(chunk)) this.onLine(line);
    });
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    child.stdin!.on("error", () => {}); // EPIPE when it died: seen as an exit
    child.on("exit", (code, signal) => {
      if (this.child !== child) return;
      this.exited = { kind: "exit", code, signal };
      this.resolve(this.exited);
    });
    child.on("error", (err) => {
      if (this.child !== child) return;
      this.stderr += String(err);
      this.exited = { kind: "exit", code: null, signal: null };
      this.resolve(this.exited);
    });
  }

  private onLine(raw: string): void {
    const line = raw.trim();
    if (!line) return;
    if (/^(MESSAGE|DEBUG)\b/i.test(line)) {
      this.messages.push(line);
      if (this.messages.length > 200) this.messages.shift();
      return;
    }
    if (this.waiter) this.resolve({ kind: "line", line });
    else this.queue.push(line);
  }

  private resolve(r: Reply): void {
    const w = this.waiter;
    this.waiter = null;
    w?.(r);
  }

  send(line: string): void {
    this.write(line + "\n");
  }

  /** Raw text, line endings included (tests use it to try CR, LF and CR LF). */
  write(text: string): void {
    if (this.alive) this.child!.stdin!.write(text);
  }

  /** Drops answers nobody waited for (a late reply must not answer the next question). */
  clear(): void {
    this.queue = [];
  }

  /** The next answer line, or timeout / exit. */
  next(timeoutMs: number): Promise<Reply> {
    if (this.queue.length) return Promise.resolve({ kind: "line", line: this.queue.shift()! });
    if (this.exited) return Promise.resolve(this.exited);
    if (!this.child) return Promise.resolve({ kind: "exit", code: null, signal: null });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve({ kind: "timeout" });
      }, timeoutMs);
      this.waiter = (r) => {
        clearTimeout(timer);
        resolve(r);
      };
    });
  }

  takeMessages(): string[] {
    const m = this.messages;
    this.messages = [];
    return m;
  }

  /** Asks politely (END), then ends the whole process group after graceMs. */
  async stop(graceMs = 1000): Promise<void> {
    if (!this.child) return;
    if (this.alive) {
      this.send("END");
      const r = await this.next(graceMs);
      if (r.kind !== "exit") this.kill();
    }
    this.kill();
    this.child = null;
  }

  kill(): void {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
