// The engine's one public face: rules, scores and think(). Pure TypeScript, no I/O.
export * from "./types";
export * from "./score";
export * from "./rules";
export { think, BRAIN_EXACT_ROOT, SITE_EXACT_ROOT_MOVES } from "./search/think";
export { play, ALGOS, isAlgo, type Algo, type PlaySettings } from "./play";
export * from "./lecture";
export { LEVELS, MIN_LEVEL, MAX_LEVEL, isLevel, levelSetting, playLevel, type LevelSetting } from "./levels";
export { swap2Opening, swap2Decide, type Swap2Decision } from "./swap2";
/** A seeded float generator in [0, 1) (reproducible openings, fuzz runs, engine tournaments). */
export { mulberry32Float } from "./board/zobrist";
/** Puzzle proofs (engine/puzzles): the miner's, the verifier's and the server's mining's one proof. */
export { prove as provePuzzle, MAX_ATTACK_PLIES, NODE_BUDGET, puzzleKey, type Proof as PuzzleProof } from "./puzzles";
export { toLabel, parseLabel } from "./board/labels";
/** Lazy SMP (engine/search/smp): helper threads' search in the main thread's shared table; the threads are the caller's. */
export { helperSearch, searchTableBuffer, type SearchHelpers, type HelperJob, type HelperReport } from "./search/smp";
