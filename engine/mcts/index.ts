export { mcts, winRateValue, type MctsLimits } from "./mcts";
