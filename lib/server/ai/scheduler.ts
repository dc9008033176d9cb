// Who runs next on the AI pool's threads (./pool). Pure bookkeeping, no threads here.
//
// - Priorities: live (a person waits for the move) > tv (AI vs AI: the TV, watched matches) >
//   analysis (../analysis/service.ts, and pondering on a player's time). A waiting search of a
//   higher level always starts first.
// - Slots: live searches run on `liveSlots` threads, tv and analysis searches on `backgroundSlots`
//   threads of their own (tv first), so a live turn never waits behind the TV, and the TV never
//   takes more than its share. (A live search does not borrow an idle TV thread: the machine's
//   load stays what the settings say, and no live search waits for a thread to boot.)
// - Fair share: within a level, owners take turns (round robin), so one owner's many searches do
//   not push another's back.
// - Caps: at most `perOwner` searches of one owner, waiting or running; at most `maxQueued` waiting
//   in all (a new search of a higher level pushes out the newest waiting one of the lowest level).
//   Over either: AiBusyError (protocol code AI_BUSY).
// - A waiting search whose signal aborts leaves the queue; a running one gives its slot back when
//   its holder releases it (the pool does so the moment the signal aborts).
// - A search with threads (Lazy SMP, ./threads) holds that many slots of its kind (at most all of
//   them), so the threads in use never exceed the settings; it starts when that many are free (a
//   search behind it waits its turn, as always).

export const AI_PRIORITIES = ["live", "tv", "analysis"] as const;
export type AiPriority = (typeof AI_PRIORITIES)[number];

/** The AI cannot take this search now (owner cap, or the queue is full). */
export class AiBusyError extends Error {
  readonly code = "AI_BUSY";
  constructor(message: string) {
    super(message);
    this.name = "AiBusyError";
  }
}

export interface SchedulerLimits {
  /** Searches a person waits for that may run at once (AI_THREADS). */
  liveSlots: number;
  /** Slots of their own for tv and analysis searches, on top of liveSlots (AI_TV_THREADS). */
  backgroundSlots: number;
  /** Searches of one owner, waiting or running (AI_OWNER_SEARCHES). */
  perOwner: number;
  /** Searches waiting for a slot, all owners together (AI_QUEUE_MAX). */
  maxQueued: number;
}

interface Waiter {
  owner: string;
  priority: AiPriority;
  slots: number;
  start: () => void;
  fail: (err: unknown) => void;
}

export type Release = () => void;

export class AiScheduler {
  /** Per level: owner → its waiting searches, owners in turn order (the next to serve first). */
  private readonly queues = new Map<AiPriority, Map<string, Waiter[]>>(AI_PRIORITIES.map((p) => [p, new Map()]));
  /** Searches per owner, waiting or running. */
  private readonly perOwner = new Map<string, number>();
  private runningLive = 0;
  private runningBackground = 0;
  private waiting = 0;

  constructor(readonly limits: SchedulerLimits) {}

  /** Slots held by running searches (a search with threads holds several). */
  get running(): number {
    return this.runningLive + this.runningBackground;
  }
  get queued(): number {
    return this.waiting;
  }
  /** Searches of `owner`, waiting or running. */
  countOf(owner: string): number {
    return this.perOwner.get(owner) ?? 0;
  }

  /** Why a search of `owner` at `priority` would be refused now (null: it would be taken). */
  refusal(owner: string, priority: AiPriority): string | null {
    if (this.countOf(owner) >= this.limits.perOwner)
      return `The AI is already working on ${this.limits.perOwner} search${this.limits.perOwner > 1 ? "es" : ""} for this game: try again in a moment.`;
    if (this.startsNow(priority) || this.waiting < this.limits.maxQueued || this.victim(priority)) return null;
    return `The AI is busy (${this.waiting} searches waiting): try again in a moment.`;
  }

  /** The slots a search of `threads` threads holds: 1..all of its kind. */
  slotsFor(priority: AiPriority, threads = 1): number {
    const all = priority === "live" ? this.limits.liveSlots : this.limits.backgroundSlots;
    return Math.max(1, Math.min(Math.floor(threads) || 1, all));
  }

  /**
   * Waits for a slot (`slotsFor(priority, threads)` slots: a search with threads); resolves with
   * its release (call it once the search is over; more calls do nothing).
   */
  async acquire(owner: string, priority: AiPriority, signal?: AbortSignal, threads = 1): Promise<Release> {
    signal?.throwIfAborted();
    const why = this.refusal(owner, priority);
    if (why) throw new AiBusyError(why);
    const slots = this.slotsFor(priority, threads);
    this.perOwner.set(owner, this.countOf(owner) + 1);
    if (this.startsNow(priority, slots)) return this.take(owner, priority, slots);
    if (this.waiting >= this.limits.maxQueued) this.evict(this.victim(priority)!);
    await new Promise<void>((resolve, reject) => {
      const w: Waiter = {
        owner,
        priority,
        slots,
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
        fail: (err) => {
          signal?.removeEventListener("abort", onAbort);
          this.forget(owner);
          reject(err);
        },
      };
      const onAbort = () => {
        if (this.dequeue(w)) w.fail(signal!.reason);
      };
      const q = this.queues.get(priority)!;
      const list = q.get(owner);
      if (list) list.push(w);
      else q.set(owner, [w]);
      this.waiting++;
      signal?.addEventListener("abort", onAbort, { once: true });
    });
    return this.take(owner, priority, slots, true);
  }

  /** Refuses every waiting search (the pool is closing). */
  failAll(err: unknown): void {
    for (const q of this.queues.values())
      for (const list of [...q.values()])
        for (const w of [...list]) {
          this.dequeue(w);
          w.fail(err);
        }
  }

  private canStart(priority: AiPriority, slots = 1): boolean {
    return priority === "live" ? this.runningLive + slots <= this.limits.liveSlots : this.runningBackground + slots <= this.limits.backgroundSlots;
  }

  /** Its slots are free and nobody waits for the same threads at its level or above (they go first). */
  private startsNow(priority: AiPriority, slots = 1): boolean {
    if (!this.canStart(priority, slots)) return false;
    for (const p of AI_PRIORITIES) {
      const sameThreads = (p === "live") === (priority === "live");
      if (sameThreads && this.queues.get(p)!.size > 0) return false;
      if (p === priority) break;
    }
    return true;
  }

  /** Occupies its slots (already counted for its owner); `handedOver`: they were reserved by next(). */
  private take(owner: string, priority: AiPriority, slots: number, handedOver = false): Release {
    if (!handedOver) this.occupy(priority, slots);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (priority === "live") this.runningLive -= slots;
      else this.runningBackground -= slots;
      this.forget(owner);
      this.next();
    };
  }

  private occupy(priority: AiPriority, slots: number): void {
    if (priority === "live") this.runningLive += slots;
    else this.runningBackground += slots;
  }

  private forget(owner: string): void {
    const n = this.countOf(owner) - 1;
    if (n > 0) this.perOwner.set(owner, n);
    else this.perOwner.delete(owner);
  }

  /** Starts waiting searches while slots allow: highest level first, owners in turn. */
  private next(): void {
    for (const p of AI_PRIORITIES) {
      const q = this.queues.get(p)!;
      while (q.size > 0) {
        const [owner, list] = q.entries().next().value!;
        if (!this.canStart(p, list[0].slots)) break;
        const w = list.shift()!;
        q.delete(owner);
        if (list.length) q.set(owner, list); // to the back of the turn order
        this.waiting--;
        this.occupy(p, w.slots);
        w.start();
      }
    }
  }

  /** The newest waiting search of the lowest level below `priority`, if any. */
  private victim(priority: AiPriority): Waiter | null {
    for (const p of [...AI_PRIORITIES].reverse()) {
      if (p === priority) return null;
      const lists = [...this.queues.get(p)!.values()];
      if (lists.length) return lists.at(-1)!.at(-1)!;
    }
    return null;
  }

  private evict(w: Waiter): void {
    this.dequeue(w);
    w.fail(new AiBusyError("The AI is busy with searches people are waiting for: this one was dropped."));
  }

  /** Takes `w` off its queue; false if it was not there (already started or gone). */
  private dequeue(w: Waiter): boolean {
    const q = this.queues.get(w.priority)!;
    const list = q.get(w.owner);
    const i = list?.indexOf(w) ?? -1;
    if (!list || i < 0) return false;
    list.splice(i, 1);
    if (!list.length) q.delete(w.owner);
    this.waiting--;
    return true;
  }
}
