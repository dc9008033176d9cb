// Sabaki's SGF parser (@sabaki/sgf 3.4, MIT, a devDependency): a second, independent SGF reader for
// round-trip tests of what we write (issue 27). It ships no types: the little we use, typed here.
import { createRequire } from "node:module";

export interface SabakiNode {
  data: Record<string, string[]>;
  children: SabakiNode[];
}

export const sabaki = createRequire(import.meta.url)("@sabaki/sgf") as { parse(text: string): SabakiNode[] };

/** A Sabaki tree's main line: every node's first child. */
export function sabakiMainLine(root: SabakiNode): SabakiNode[] {
  const out: SabakiNode[] = [];
  for (let n: SabakiNode | undefined = root; n; n = n.children[0]) out.push(n);
  return out;
}
