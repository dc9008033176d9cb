// How the lobby tells people things (the realtime layer implements it with socket.io rooms, which
// the Redis adapter makes cluster-wide): a game of theirs started; the lobby changed.
export interface LobbyNotices {
  started(playerId: string, gameId: string, via: "challenge" | "pairing"): void;
  /** The open challenges or pool counts changed: the realtime layer re-reads and broadcasts (debounced). */
  changed(): void;
}
