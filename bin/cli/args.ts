// The command line of the bin/ tools, read by node:util parseArgs: "--name value", "--name=value",
// short flags. Each tool then checks its own options in order (its defaults, limits and messages).
import { parseArgs } from "node:util";

/** One argument: an option's long name (null: not an option, e.g. a positional or "--"), its value
 * (undefined: none given), and the argument as typed. */
export interface Arg {
  name: string | null;
  value: string | undefined;
  raw: string;
}

/**
 * `argv` in order. The options named in `withValue` take the next argument as their value whatever it
 * is ("--time -1" has the value "-1", for the tool to refuse), or the one after "="; `short` maps
 * one-letter flags to long names ({ h: "help" }). Unknown options come through as options too.
 */
export function readArgs(argv: readonly string[], withValue: readonly string[], short: Record<string, string> = {}): Arg[] {
  const options: Record<string, { type: "string" | "boolean"; short?: string }> = {};
  for (const name of withValue) options[name] = { type: "string" };
  for (const [letter, name] of Object.entries(short)) options[name] = { ...(options[name] ?? { type: "boolean" }), short: letter };
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  return tokens.map((t) => (t.kind === "option" ? { name: t.name, value: t.value, raw: argv[t.index] } : { name: null, value: undefined, raw: argv[t.index] }));
}
