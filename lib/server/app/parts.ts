// The composition root's one list (lib/server/app): each component is added as it starts, and
// close() stops them in reverse, so what was started last (and may use the rest) stops first. A
// start that fails half-way closes what had started.

interface Part {
  name: string;
  close: () => unknown;
}

export class Parts {
  private readonly started: Part[] = [];
  private closing: Promise<void> | null = null;

  /** `part` has started; `close` stops it. Returns `part`. */
  add<T>(name: string, part: T, close: (part: T) => unknown): T {
    this.started.push({ name, close: () => close(part) });
    return part;
  }

  /** Stops every part, the last started first; once (later calls share the first). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const part of [...this.started].reverse()) await part.close();
    })();
    return this.closing;
  }

  /** The names in starting order (for the lifecycle test and the logs). */
  get names(): string[] {
    return this.started.map((p) => p.name);
  }
}

/**
 * A function filled in later: the game service asks who is in a room before the socket layer that
 * knows is attached (each needs the other). Calls before `bind` get `before`'s answer.
 */
export function lateFunction<A extends unknown[], R>(before: (...args: A) => R) {
  let impl = before;
  return {
    call: (...args: A): R => impl(...args),
    bind(f: (...args: A) => R): void {
      impl = f;
    },
  };
}
