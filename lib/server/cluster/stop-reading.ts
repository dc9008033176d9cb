// The primary reads a connection's first request and then hands the socket to a worker: from that
// moment this process must never read it again, or the bytes it reads are lost to the worker.
import type net from "node:net";

type Handle = { reading?: boolean; readStop?: () => number };

/**
 * Stops this process reading `conn`, for good.
 *
 * pause() alone does not: libuv goes on reading until the stream's buffer is full. readStop() on
 * the handle stops it, but the stream had already scheduled a read-ahead (maybeReadMore, on the
 * next tick) that starts it again — and when the handle waits in child_process's queue behind
 * another handle's acknowledgement, it is still ours when that happens. Once sent, a handle still
 * reading here drops what it reads (its onread is a no-op) until the worker's acknowledgement
 * closes our copy: the client's first packets after the worker's answer vanished (about one
 * connection in 14,000 under a connection burst, bench:load --cluster). So reading is switched
 * off at the handle and the stream may not ask for more.
 */
export function stopReading(conn: net.Socket): void {
  conn.pause();
  (conn as unknown as { _read: (n: number) => void })._read = () => {};
  const handle = (conn as unknown as { _handle?: Handle })._handle;
  if (handle?.readStop) {
    handle.reading = false;
    handle.readStop();
  }
}
