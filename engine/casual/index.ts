export { casual, casualScore, CasualSearcher, type CasualLimits } from "./casual";
export { CasualGame, type CasualState } from "./game";
export { DEFAULT_MODEL, MoveSource, WIN, type CasualModel } from "./model";
