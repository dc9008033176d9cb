// The analysis benches' games (bin/bench-analysis.ts and its --workers variant): played through two
// real socket.io clients on the bench's server, as people would, then resigned so they can be analysed.
import { io, type Socket } from "socket.io-client";
import type { Point } from "../../engine";
import { EV } from "../../lib/shared/protocol";

export async function connect(url: string): Promise<Socket> {
  const s = io(url, { transports: ["websocket"], forceNew: true, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    s.once("connect", () => resolve());
    s.once("connect_error", reject);
  });
  return s;
}

export const ask = (s: Socket, event: string, payload: unknown) => s.timeout(30_000).emitWithAck(event, payload);

/** A finished human-vs-human 15×15 game of exactly `moves.length` plies (then the side to move resigns); its id. */
export async function storedGame(url: string, moves: Point[]): Promise<string> {
  const a = await connect(url);
  const b = await connect(url);
  try {
    const created = await ask(a, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 });
    const gameId: string = created.gameId;
    const bj = await ask(b, EV.join, { gameId, takeSeat: true });
    const tokens = { 1: created.seatToken as string, 2: bj.seatToken as string };
    for (const [i, move] of moves.entries()) {
      const color = i % 2 ? 2 : 1;
      const r = await ask(color === 1 ? a : b, EV.move, { gameId, seatToken: tokens[color], ply: i + 1, x: move.x, y: move.y });
      if (!r.ok) throw new Error(JSON.stringify(r));
    }
    const color = (moves.length + 1) % 2 ? 1 : 2;
    const r = await ask(color === 1 ? a : b, EV.resign, { gameId, seatToken: tokens[color] });
    if (!r.ok) throw new Error(`the game did not end: ${JSON.stringify(r)}`);
    return gameId;
  } finally {
    a.disconnect();
    b.disconnect();
  }
}
