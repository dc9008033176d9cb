// Every refusal of an imported game (PSQ, SGF, move string) as a stable code with its values. The
// English words here are what scripts and the server's answers carry; the site shows the code's words
// from messages/<locale>/import.json (errors.<code>) in the reader's language, with the same values.
// test/i18n/import-errors.test.ts renders each code both ways and checks the English agrees.
import type { Forbidden } from "../../engine";

type Color = "black" | "white";
/** Where an SGF point was read: a setup stone (AB, AW) or the n-th move. */
type SgfStone = { stone: "AB" | "AW" | "move"; n: number; color: Color };

/** A renju foul as a message value (ICU select keys cannot hold "-"). */
export type Foul = "doublethree" | "doublefour" | "overline";
export const foulKey = (f: Forbidden | undefined): Foul => (f ? (f.replace("-", "") as Foul) : "overline");
const FOUL_WORDS: Record<Foul, string> = { doublethree: "double three", doublefour: "double four", overline: "overline" };
const foul = (why: Foul) => FOUL_WORDS[why];
const sgfWhat = (p: SgfStone) => (p.stone === "move" ? `move ${p.n} (${p.color})` : `${p.stone} stone`);
const moves = (n: number) => `${n} move${n === 1 ? "" : "s"}`;
const SGF_WANT = { game: '"(" to start a game', node: '";" to start a node', nodeOrEnd: '")" or ";" here' } as const;

export const IMPORT_ERRORS = {
  NOTHING_TO_IMPORT: () => "nothing to import: paste an SGF or PSQ file or a move string",
  NOTHING_TO_IMPORT_PSQ: () => "nothing to import: paste a PSQ file or a move string",
  NOT_SQUARE: (p: { width: number; height: number }) => `the board is ${p.width}×${p.height}: only square boards are supported`,
  SIZE_UNSUPPORTED: (p: { size: number; min: number; max: number }) => `a ${p.size}×${p.size} board is not supported (${p.min}×${p.min} to ${p.max}×${p.max})`,

  // Move strings ("h8 i9 j10").
  MOVE_UNREADABLE: (p: { token: string }) => `cannot read a move at "${p.token}" (expected a column letter and a row number, like h8)`,
  LABEL_OFF_BOARD: (p: { label: string; size: number; last: string }) => `"${p.label}" is not on a ${p.size}×${p.size} board (a1 to ${p.last})`,
  NO_MOVES: () => "no moves found",
  LABEL_TAKEN: (p: { label: string; move: number; line: number }) => `"${p.label}" is already taken (move ${p.move}, line ${p.line})`,
  LABEL_FORBIDDEN: (p: { label: string; why: Foul }) => `"${p.label}" forbidden for black (${foul(p.why)})`,
  MOVES_AFTER_WIN: (p: { color: Color; move: number }) => `the game was already won by ${p.color} at move ${p.move}`,

  // Piskvork .psq files.
  EMPTY_FILE: () => "the file is empty",
  PSQ_HEADER_EXPECTED: (p: { found: string }) => `expected a header like "Piskvorky 15x15, 11:11, 0" or a move like "8,8,0", found "${p.found}"`,
  PSQ_RULE_UNKNOWN: (p: { rule: string }) => `unknown rule "${p.rule}" (freestyle, exact5 or renju)`,
  PSQ_OPENING_TOO_LONG: (p: { opening: number; moves: number }) => `opening=${p.opening} but the file has only ${moves(p.moves)}`,
  SWAP2_UNSETTLED: (p: { value: string }) => `swap2="${p.value}" is not a settled swap2 opening (black, white, place/black or place/white)`,
  SWAP2_WITH_OPENING: () => "a swap2 game has no opening stones before its moves (opening= must be 0)",
  SWAP2_TOO_FEW: (p: { value: string; plies: number; moves: number }) =>
    `swap2=${p.value} needs the opening's ${p.plies} stones, but the file has ${moves(p.moves)}`,
  PSQ_OFF_BOARD: (p: { axis: "x" | "y"; value: number; size: number }) => `${p.axis} = ${p.value} is off the ${p.size}×${p.size} board (1 to ${p.size})`,
  PSQ_TAKEN: (p: { point: string; line: number }) => `${p.point} is already taken (line ${p.line})`,
  PSQ_FORBIDDEN: (p: { point: string; why: Foul }) => `${p.point}: forbidden for black (${foul(p.why)})`,
  PSQ_AFTER_WIN: (p: { color: Color; line: number }) => `the game was already won by ${p.color} (line ${p.line})`,
  PSQ_UNEXPECTED_CHAR: (p: { char: string; move: string }) => `unexpected "${p.char}" in the move "${p.move}" (expected x,y,time)`,
  PSQ_TOO_MANY_NUMBERS: (p: { count: number }) => `a move has at most three numbers (x,y,time), found ${p.count}`,
  PSQ_NUMBER_MISSING: (p: { move: string }) => `a number is missing in the move "${p.move}" (expected x,y,time)`,

  // SGF files.
  SGF_NO_GAME: () => 'no game found: an SGF file starts with "(;"',
  SGF_EXPECTED: (p: { want: keyof typeof SGF_WANT; found: string }) => `expected ${SGF_WANT[p.want]}, found "${p.found}"`,
  SGF_ENDS_EARLY: (p: { want: keyof typeof SGF_WANT }) => `expected ${SGF_WANT[p.want]}, found the end of the file`,
  SGF_GAME_UNCLOSED: () => 'this game is never closed: a ")" is missing at the end',
  SGF_NO_VALUE: (p: { property: string }) => `property ${p.property} has no value (expected "[" after it)`,
  SGF_VALUE_UNCLOSED: () => 'a value is never closed: "]" is missing',
  SGF_NOT_GOMOKU: (p: { gm: string }) => `GM[${p.gm}] is not a Gomoku game (Gomoku and Renju are GM[4])`,
  SGF_BAD_SIZE: (p: { value: string }) => `SZ[${p.value}] is not a board size`,
  SGF_RULE_UNKNOWN: (p: { rule: string }) => `RU[${p.rule}] is not a rule we play (freestyle 0, exactly five 1, renju 4)`,
  SGF_PASS: (p: SgfStone) => `${sgfWhat(p)}: a pass (an empty move) is not a Gomoku move`,
  SGF_NOT_POINT: (p: SgfStone & { text: string }) => `${sgfWhat(p)}: "${p.text}" is not a point (two letters, column then row, like hh)`,
  SGF_OFF_BOARD: (p: SgfStone & { text: string; size: number; last: string }) =>
    `${sgfWhat(p)}: "${p.text}" is off the ${p.size}×${p.size} board (a to ${p.last})`,
  SGF_BOTH_COLORS: () => "one node holds both a black and a white move",
  SGF_WRONG_TURN: (p: { n: number; color: Color; expected: Color }) => `move ${p.n} is ${p.color}'s, but it is ${p.expected}'s turn (colours must alternate)`,
  SGF_SETUP_TAKEN: (p: { line: number }) => `this setup stone's point is already taken (line ${p.line})`,
  SGF_MOVE_TAKEN: (p: { n: number; line: number; column: number }) => `move ${p.n}: the point is already taken (line ${p.line}, column ${p.column})`,
  SGF_MOVE_AFTER_WIN: (p: { n: number }) => `move ${p.n}: the game was already won by the move before`,
  SGF_MOVE_FORBIDDEN: (p: { n: number; why: Foul }) => `move ${p.n}: forbidden for black (${foul(p.why)})`,
  SGF_TOO_MANY_GAMES: (p: { max: number }) => `the file holds more than ${p.max} games: import at most ${p.max} at a time (split the file)`,
  SGF_TOO_DEEP: (p: { max: number }) => `variations are nested more than ${p.max} deep: the file cannot be read`,

  // The server's budget for reading one file (lib/server/imports/parse-pool): no line or column.
  IMPORT_TOO_SLOW: (p: { seconds: number }) => `the file took too long to read (over ${p.seconds} s): it was stopped and nothing was stored`,
  IMPORT_TOO_MUCH_MEMORY: (p: { mb: number }) => `the file needs too much memory to read (over ${p.mb} MB): nothing was stored`,
  IMPORT_BUSY: () => "too many files are being read right now: try again in a few seconds",

  // The server's refusals of a stored file (lib/server/imports/http): no line or column.
  IMPORT_TOO_LARGE: (p: { kb: number }) => `the file is too large: at most ${p.kb} KB a file (a game record is a few KB)`,
  IMPORT_GAME_NO_MOVES: (p: { game: number }) => `game ${p.game} has no moves: nothing was stored`,
  IMPORT_NO_SUCH_GAME: (p: { games: number; game: number }) => `the file holds ${p.games} game${p.games === 1 ? "" : "s"}: there is no game ${p.game}`,
  IMPORT_TOO_MANY_PICKED: (p: { games: number; max: number }) => `${p.games} games picked: import at most ${p.max} at a time (pick fewer)`,
  IMPORT_FILE_OVER_HOURLY: (p: { games: number; max: number }) => `a file may give at most ${p.max} games an hour; this one holds ${p.games}`,
  IMPORT_HOURLY_LIMIT: (p: { max: number; seconds: number }) => `too many imported games (${p.max} an hour): try again in ${p.seconds} s`,

  // A game carried in a link (/replay/import?…, /analysis?…): no line or column.
  LINK_SIZE: (p: { value: string; min: number; max: number }) => `size "${p.value}" is not a board size (${p.min} to ${p.max})`,
  LINK_RULE: (p: { value: string }) => `rule "${p.value}" is not freestyle, exact5 or renju`,
  LINK_OPENING: (p: { value: string; moves: number }) => `opening=${p.value} does not fit ${moves(p.moves)}`,
} satisfies Record<string, (p: never) => string>;

export type ImportErrorCode = keyof typeof IMPORT_ERRORS;
export type ImportErrorParams<C extends ImportErrorCode> = Parameters<(typeof IMPORT_ERRORS)[C]> extends [infer P] ? P : Record<string, never>;
/** The values as they travel (JSON) and as the catalogue's messages take them. */
export type ImportErrorValues = Record<string, string | number>;

/** True for a code this build knows (a server's answer is read with it). */
export const isImportErrorCode = (s: unknown): s is ImportErrorCode => typeof s === "string" && Object.hasOwn(IMPORT_ERRORS, s);

/** A refusal with its place in the text (1-based line and column; 0 when it has none, as in a link), its code and its values. */
export class ImportError<C extends ImportErrorCode = ImportErrorCode> extends Error {
  readonly detail: string;
  readonly params: ImportErrorValues;
  constructor(
    readonly line: number,
    readonly column: number,
    readonly code: C,
    ...params: ImportErrorParams<C> extends Record<string, never> ? [] : [ImportErrorParams<C>]
  ) {
    const values = (params[0] ?? {}) as ImportErrorValues;
    const detail = (IMPORT_ERRORS[code] as (p: ImportErrorValues) => string)(values);
    super(line > 0 ? `line ${line}, column ${column}: ${detail}` : detail);
    this.name = "ImportError";
    this.detail = detail;
    this.params = values;
  }
}
