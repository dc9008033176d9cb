// The order scores of quiet moves (engine/board/movegen.ts, quietOrderScore): per threat level made
// (levelOwn) and blocked (levelOpp), and per direction by pattern class (NONE, BLOCK1, FLEX1, BLOCK2,
// FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE) made for the mover (own) and taken from the opponent (opp).
// Hand-set: the engine's ordering as it has been (the threat levels' values and PATTERN_VALUE).
// `npm run tune -- order-fit` writes fitted values here; the first fit (seed 21) ranked a deeper
// search's moves better but gained no Elo that an SPRT could see, so it was not kept
// (docs/engine-log.md "Learned move ordering").
export const ORDER_WEIGHTS = {
  levelOwn: [0, 0, 60000, 0, 0, 0, 0, 0],
  levelOpp: [0, 0, 40000, 80000, 0, 0, 0, 0],
  own: [0, 1, 3, 6, 14, 18, 45, 60, 160, 400],
  opp: [0, 1, 3, 6, 14, 18, 45, 60, 160, 400],
};
