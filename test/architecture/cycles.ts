// Import cycles among the repository's files (Tarjan's strongly connected components). By default
// only imports that survive compilation count (a cycle made of `import type` is erased at run time);
// `{ types: true }` counts type imports too (a circle in the design even if erased).
import type { ImportEdge } from "./import-graph";

/** Each cycle as its files, sorted; a file importing itself is a cycle of one. */
export function runtimeCycles(edges: ImportEdge[], { types = false } = {}): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if ((e.typeOnly && !types) || e.target.kind !== "file") continue;
    if (!next.has(e.from)) next.set(e.from, new Set());
    next.get(e.from)!.add(e.target.file);
  }

  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;

  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || next.get(v)?.has(v)) cycles.push(component.sort());
    }
  };

  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}
