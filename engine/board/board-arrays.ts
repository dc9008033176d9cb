// What the evaluation and the renju pre-check read of the search board: its typed arrays. Board
// (./board.ts) has them; they take this shape rather than Board, so board.ts may call the
// evaluation without a circle of imports.
export interface BoardArrays {
  readonly renju: boolean;
  readonly patternEval: boolean;
  readonly cells: Uint8Array;
  readonly dirs: Int32Array;
  readonly pat: Uint8Array;
  readonly cellScore: Int32Array;
  readonly cnt: Int32Array;
  readonly threat: Uint8Array;
  readonly combo: Int32Array;
  readonly pcode: Int16Array;
  readonly psum: Int32Array;
  readonly near: Uint8Array;
  readonly boardCells: Int16Array;
}
