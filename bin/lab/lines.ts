// Lines from stdin, one at a time, with EOF as null. Lines typed (or piped) ahead of time wait in a queue,
// so a whole game can be piped in while the engine thinks synchronously.
import { createInterface } from "node:readline";

export interface LineSource {
  next(): Promise<string | null>;
  close(): void;
}

export function stdinLines(input: NodeJS.ReadableStream = process.stdin): LineSource {
  const rl = createInterface({ input, terminal: false });
  const queue: string[] = [];
  const waiting: Array<(line: string | null) => void> = [];
  let ended = false;
  rl.on("line", (line) => {
    const w = waiting.shift();
    if (w) w(line);
    else queue.push(line);
  });
  rl.on("close", () => {
    ended = true;
    for (const w of waiting.splice(0)) w(null);
  });
  return {
    next: () => {
      if (queue.length) return Promise.resolve(queue.shift()!);
      if (ended) return Promise.resolve(null);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => rl.close(),
  };
}
