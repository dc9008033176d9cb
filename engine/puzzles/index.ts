// Puzzle proofs (pure): the exact threat solver, the one-move defence, the puzzle proof and the
// position key up to symmetry. Reached from lib/server through engine/index.ts.
export { prove, MAX_ATTACK_PLIES, NODE_BUDGET, type Proof, type ProofTheme } from "./prove";
export { canonicalKey, puzzleKey } from "./key";
