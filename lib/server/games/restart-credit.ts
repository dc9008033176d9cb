// A restart costs no player time: on start, before the server listens, the downtime since the newest
// heartbeat of any node (./heartbeat) is credited to the turn under way in every clocked game in
// progress (the row, then the copy); then this node beats.
import type { ActionHost } from "./actions";
import { lastMoveAt } from "./clock";
import { Heartbeat } from "./heartbeat";

export class RestartCredit {
  private heartbeat: Heartbeat | null = null;
  private credited: Promise<void> | null = null;

  constructor(private readonly host: ActionHost) {}

  /** Once per service (later calls share the first). */
  credit(): Promise<void> {
    return (this.credited ??= this.creditOnce());
  }

  /** Stops this node's heartbeat (close). */
  async stop(): Promise<void> {
    await this.heartbeat?.stop();
  }

  private async creditOnce(): Promise<void> {
    const h = this.host;
    const heartbeat = (this.heartbeat ??= new Heartbeat(h.db, h.nodeId, { now: () => h.now(), log: h.log }));
    // Several nodes: a gap of a few beats is no downtime (another node was serving the games).
    const down = await heartbeat.downtime(h.cluster ? 3_000 : 0);
    heartbeat.start();
    if (!down) return;
    h.log.warn({ downMs: down.to - down.from }, "the server was down: the downtime is credited to the clocks of the games in progress");
    for (const id of await h.store.playingIds())
      await this.creditDowntime(id, down).catch((err) => h.log.error({ err, gameId: id }, "could not credit the downtime"));
  }

  /** The part of [down.from, down.to] that fell in the current turn of clocked game `id`, credited to that turn (the row, then the copy). */
  private creditDowntime(id: string, down: { from: number; to: number }): Promise<void> {
    const h = this.host;
    return h.withLock(id, async () => {
      const e = await h.load(id);
      if (e.status !== "playing" || !e.clock) return;
      const overlap = down.to - Math.max(down.from, lastMoveAt(e).getTime());
      if (overlap <= 0) return;
      const ply = e.moves.length + 1;
      const credit = { ply, ms: (e.clockCredit?.ply === ply ? e.clockCredit.ms : 0) + Math.round(overlap) };
      if (!(await h.store.setClockCredit(id, credit, e.clockCredit ?? null))) {
        // Another node starting at the same moment credited this downtime first: read its figure.
        h.cache.drop(id);
        return;
      }
      e.clockCredit = credit;
      h.log.info({ gameId: id, ply, creditMs: credit.ms }, "downtime credited to the turn");
    });
  }
}
