export { LEVELS, MIN_LEVEL, MAX_LEVEL, isLevel, levelSetting, type LevelSetting } from "./levels";
export { chooseCandidate, utility } from "./choose";
export { playLevel, type LevelLimits } from "./play-level";
