// Which worker process gets a new TCP connection (lib/server/cluster/primary). Every socket of one game
// (players and spectators) should land on the same worker: then a move's broadcast reaches them
// without a hop through the adapter, and no other worker holds a copy of the game to keep fresh.
// The browser names its game in the socket.io handshake query (`?game=<id>`); a connection that
// names none is keyed by its client address, so a long-polling client's requests stay together.

/** The longest request head (and body) the primary reads before handing a connection over. */
export const MAX_FIRST_REQUEST_BYTES = 64 * 1024;

const GAME_ID = /^[A-Za-z0-9_-]{1,40}$/;
const HEAD_END = "\r\n\r\n";

export type FirstRequest = { state: "partial" } | { state: "too-large" } | { state: "complete"; method: string; url: string };

/**
 * Has `bytes` (read so far from a new connection, latin1) a whole first request: head and, with a
 * Content-Length or chunked body, the body too? The connection may only change process once the
 * client waits for an answer: bytes the primary read after handing it over would be lost.
 */
export function firstRequest(bytes: string): FirstRequest {
  const end = bytes.indexOf(HEAD_END);
  if (end < 0) return bytes.length > MAX_FIRST_REQUEST_BYTES ? { state: "too-large" } : { state: "partial" };
  const head = bytes.slice(0, end);
  const [method = "", url = ""] = head.slice(0, head.indexOf("\r\n") >>> 0).split(" ");
  const body = bytes.length - end - HEAD_END.length;
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  const chunked = /\r\ntransfer-encoding:[^\r]*chunked/i.test(head);
  // A client that asks "Expect: 100-continue" waits for the worker's answer before sending the body.
  if (/\r\nexpect:[ \t]*100-continue/i.test(head)) return { state: "complete", method, url };
  if (length && Number(length[1]) > MAX_FIRST_REQUEST_BYTES) return { state: "too-large" };
  if (length && body < Number(length[1])) return { state: "partial" };
  if (chunked && !bytes.endsWith("0\r\n\r\n")) {
    return bytes.length > MAX_FIRST_REQUEST_BYTES * 2 ? { state: "too-large" } : { state: "partial" };
  }
  return { state: "complete", method, url };
}

/** The routing key of a request: `game:<id>` when its query names a well-formed game, else `addr:<client address>`. */
export function routeKey(url: string, remoteAddress: string): string {
  const q = url.indexOf("?");
  if (q >= 0) {
    const game = new URLSearchParams(url.slice(q + 1)).get("game");
    if (game && GAME_ID.test(game)) return `game:${game}`;
  }
  return `addr:${remoteAddress}`;
}

/** FNV-1a, 32 bits: cheap and well spread for short keys. */
function fnv1a(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // a final avalanche, so that slots seeded 0, 1, 2… are independent
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

/**
 * The worker slot for `key` among the slots that are up (rendezvous hashing): each key keeps its
 * slot while that slot is up, and only the keys of a slot that goes down move (to their next-best
 * slot), and back once it returns. -1 when no slot is up.
 */
export function pickSlot(key: string, up: readonly boolean[]): number {
  let best = -1;
  let bestScore = -1;
  for (let slot = 0; slot < up.length; slot++) {
    if (!up[slot]) continue;
    const score = fnv1a(key, slot + 1);
    if (score > bestScore) {
      best = slot;
      bestScore = score;
    }
  }
  return best;
}
