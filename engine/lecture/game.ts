// A game as the lecture defines it, in six parts. MAX moves first; utility is from MAX's side.
export type PlayerKind = "MAX" | "MIN" | "CHANCE";

export interface Game<State, Action> {
  /** S0: the initial state. */
  initialState(): State;
  /** PLAYER(s): who moves in s (CHANCE for a chance node). */
  player(state: State): PlayerKind;
  /** ACTIONS(s): the legal moves in s, in the order the search will try them. */
  actions(state: State): Action[];
  /** RESULT(s, a): the state after a. */
  result(state: State, action: Action): State;
  /** TERMINAL-TEST(s). */
  isTerminal(state: State): boolean;
  /** UTILITY(s): the value of a terminal state for MAX. */
  utility(state: State): number;
  /** For CHANCE nodes: the probability of each action (uniform when absent). */
  probability?(state: State, action: Action): number;
  /** For depth-limited search: an estimate of a non-terminal state's value for MAX. */
  evaluate?(state: State): number;
}
