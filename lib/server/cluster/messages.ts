// What the primary and its workers say to each other over the IPC channel (lib/server/cluster).

/** Primary → worker, with the client's socket as the handle: the bytes already read from it. */
export const CONN = "gomoku:conn";
export interface ConnMessage {
  type: typeof CONN;
  /** base64 of the first request's bytes */
  data: string;
}

/** Worker → primary: ready to take connections; its own URL on 127.0.0.1. */
export const READY = "gomoku:worker-ready";
export interface ReadyMessage {
  type: typeof READY;
  url: string;
}
