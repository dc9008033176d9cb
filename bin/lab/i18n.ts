// The lab's words in the reader's language: the "lab" namespace of the site's catalogues
// (messages/<locale>/lab.json, ICU messages), read with next-intl's createTranslator (bin/cli/i18n.ts).
// The engine stays pure: its Score is written here, not by engine/score.ts.
import type { Color, Score } from "../../engine/types";
import type LabMessages from "../../messages/en/lab.json";
import { type Locale, type Values, loadMessages, translator } from "../cli/i18n";

export { LOCALES, type Locale, localeFromEnv, localeFromTag } from "../cli/i18n";

/** "a.b.c" for every string leaf of a catalogue: the keys code may ask for, checked by the compiler. */
type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type LabKey = Leaves<typeof LabMessages>;
export type { Values } from "../cli/i18n";

/** The glyphs of the board: one UTF-16 unit each (the board's readers index by it), one per column letter. */
export interface BoardGlyphs {
  columns: string;
  empty: string;
  black: string;
  white: string;
}

export interface LabText {
  locale: Locale;
  t(key: LabKey, values?: Values): string;
  /** "+35", "-120", "win in 3" / "3步内胜", "loss in 4" / "4步内负". */
  score(s: Score): string;
  /** The stone's name in sentences: "x" / "黑棋". */
  stone(c: Color): string;
  board: BoardGlyphs;
}

const cache = new Map<Locale, LabText>();

export function labText(locale: Locale): LabText {
  const cached = cache.get(locale);
  if (cached) return cached;
  const messages = loadMessages(locale, "lab");
  const translate = translator(locale, "lab", messages);
  const t = (key: LabKey, values?: Values) => translate(key, values);
  const board = messages.board as BoardGlyphs;
  const text: LabText = {
    locale,
    t,
    score: (s) => (s.kind === "eval" ? (s.value > 0 ? `+${s.value}` : String(s.value)) : t(s.kind === "win" ? "score.win" : "score.loss", { plies: s.plies })),
    stone: (c) => t(c === 1 ? "stone.black" : "stone.white"),
    board,
  };
  cache.set(locale, text);
  return text;
}

/** The English text: the default of every function that writes. */
export const english = (): LabText => labText("en");
