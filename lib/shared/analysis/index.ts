// Game analysis, the pure parts: win probability, move marks, accuracy, the view sent to browsers.
export * from "./winprob";
export * from "./marks";
export * from "./accuracy";
export * from "./view";
export * from "./merge";
export * from "./shown-score";
