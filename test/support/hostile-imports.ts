// Game files shaped to make a parser slow (issue 25), each a function of a size n: the unit tests of
// the parsers (test/imports/linear.test.ts) read each at n and 8n, the server test
// (test/server/import-stall.test.ts) posts each at its largest, and `npm run bench:import` prints the
// times at doubling sizes. `n` is the size at which 8n is still at most 256 KB (MAX_IMPORT_BYTES).
const PSQ_HEADER = "Piskvorky 15x15, 11:11, 0\n";

export interface HostileShape {
  name: string;
  make: (n: number) => string;
  n: number;
}

export const HOSTILE_SHAPES: HostileShape[] = [
  { name: "PSQ: blanks between the numbers of a move line (issue 25's file)", make: (n) => `${PSQ_HEADER}1${" ".repeat(n)}1${" ".repeat(n)}x\n`, n: 16_000 },
  { name: "PSQ: a long line of numbers and separators", make: (n) => `${PSQ_HEADER}8,8,0\n${"1, ".repeat(n)}x\n`, n: 10_000 },
  { name: "PSQ: many blank lines, then a long name line", make: (n) => `${PSQ_HEADER}8,8,0\n${"\n".repeat(n)}${"a".repeat(n)}\n`, n: 16_000 },
  { name: "SGF: one property repeated (issue 25's file)", make: (n) => `(;${"C[]".repeat(n)})`, n: 10_000 },
  { name: "SGF: one property with many values", make: (n) => `(;AB${"[]".repeat(n)})`, n: 16_000 },
  { name: "SGF: a long comment of blanks after a number", make: (n) => `(;B[hh]C[1${" ".repeat(n)}x])`, n: 32_000 },
  { name: "SGF: many empty nodes", make: (n) => `(;${";".repeat(n)})`, n: 32_000 },
  { name: "SGF: many sibling variations", make: (n) => `(;B[hh]${"(;W[ii])".repeat(n)})`, n: 4_000 },
  { name: "SGF: nesting far past the limit", make: (n) => `${"(;".repeat(n)}${")".repeat(n)}`, n: 10_000 },
  { name: "SGF: a long property name", make: (n) => `(;${"A".repeat(n)}[x])`, n: 32_000 },
  { name: "SGF: empty games past the cap (issue 25: 87,000 in one file)", make: (n) => "(;)".repeat(n), n: 10_000 },
  { name: "move string: a long line of move numbers", make: (n) => "1.".repeat(n), n: 16_000 },
  { name: "move string: a long run of blanks", make: (n) => `h8${" ".repeat(n)}x`, n: 32_000 },
];
