// Placeholder until `npm run tune -- order-fit` writes the fitted values.
export const ORDER_WEIGHTS = {
  levelOwn: [0, 0, 60000, 0, 0, 0, 0, 0],
  levelOpp: [0, 0, 40000, 80000, 0, 0, 0, 0],
  own: [0, 1, 3, 6, 14, 18, 45, 60, 160, 400],
  opp: [0, 1, 3, 6, 14, 18, 45, 60, 160, 400],
};
