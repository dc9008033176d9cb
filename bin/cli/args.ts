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

/**
 * The benchmarks' numeric options ("--plies 60", "--plies=60"), each positive, with its default; any
 * other option or a value that is not a positive number stops the tool with exit code 2 and a sentence.
 */
export function positiveNumbers<K extends string>(argv: readonly string[], defaults: Record<K, number>): Record<K, number> {
  const names = Object.keys(defaults) as K[];
  const out = { ...defaults };
  for (const a of readArgs(argv, names)) {
    const name = a.name as K | null;
    const v = Number(a.value);
    if (name === null || !names.includes(name)) fail(`unknown argument "${a.raw}" (options: ${names.map((n) => `--${n}`).join(", ")})`);
    else if (a.value === undefined || !Number.isFinite(v) || v <= 0) fail(`--${name} must be a positive number`);
    else out[name] = v;
  }
  return out;
}

function fail(sentence: string): never {
  console.error(sentence);
  process.exit(2);
}
