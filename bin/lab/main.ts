// `npm run lab`: arguments, stdin lines and stdout wired to the game loop.
import { USAGE, parseArgs } from "./args";
import { type Think, playLab } from "./game";
import { stdinLines } from "./lines";

export async function main(argv: readonly string[], think: Think): Promise<number> {
  const parsed = parseArgs(argv);
  if (parsed.kind === "help") {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (parsed.kind === "error") {
    process.stderr.write(`lab: ${parsed.message}\n`);
    return 2;
  }
  const lines = stdinLines();
  try {
    return await playLab(parsed.options, { lines, write: (t) => process.stdout.write(t), echo: !process.stdin.isTTY }, think);
  } catch (e) {
    process.stderr.write(`lab: ${(e as Error).stack ?? e}\n`);
    return 1;
  } finally {
    lines.close();
    process.stdin.destroy(); // let the process end even if whoever feeds stdin keeps it open
  }
}
