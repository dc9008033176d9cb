// `npm run lab`: the language, arguments, stdin lines and stdout wired to the game loop.
import { chooseLocale, parseArgs, usage } from "./args";
import { type Think, playLab } from "./game";
import { labText } from "./i18n";
import { stdinLines } from "./lines";

export async function main(argv: readonly string[], think: Think, env: Record<string, string | undefined> = process.env): Promise<number> {
  const text = labText(chooseLocale(argv, env));
  const parsed = parseArgs(argv, text);
  if (parsed.kind === "help") {
    process.stdout.write(usage(text) + "\n");
    return 0;
  }
  if (parsed.kind === "error") {
    process.stderr.write(`lab: ${parsed.message}\n`);
    return 2;
  }
  const lines = stdinLines();
  try {
    return await playLab(parsed.options, { lines, write: (t) => process.stdout.write(t), echo: !process.stdin.isTTY, text }, think);
  } catch (e) {
    process.stderr.write(`lab: ${(e as Error).stack ?? e}\n`);
    return 1;
  } finally {
    lines.close();
    process.stdin.destroy(); // let the process end even if whoever feeds stdin keeps it open
  }
}
