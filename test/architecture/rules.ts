// Who may import what (issue #12): the engine is pure, lib/shared runs anywhere, lib/client only in
// the browser, lib/server only in Node, and pages reach the engine through engine/index.ts and never
// touch the server. Tests, tools and scripts may import anything.
import type { ImportEdge } from "./import-graph";

const ENGINE_ENTRY = "engine/index.ts";
/** npm packages that run in a browser as well as in Node. */
const BROWSER_SAFE_EVERYWHERE = ["zod"];
/** npm packages for code that runs in the browser. */
const BROWSER_PACKAGES = [...BROWSER_SAFE_EVERYWHERE, "react", "react-dom", "next", "socket.io-client"];

interface Layer {
  name: string;
  owns: (file: string) => boolean;
  /** Files of the repository this layer may import. */
  mayImportFile: (file: string) => boolean;
  /** npm packages it may import; "any" for Node code. */
  packages: string[] | "any";
  builtins: boolean;
  why: string;
}

const under =
  (...dirs: string[]) =>
  (file: string) =>
    dirs.some((d) => file.startsWith(d + "/"));

const LAYERS: Layer[] = [
  {
    name: "engine",
    owns: under("engine"),
    mayImportFile: under("engine"),
    packages: [],
    builtins: false,
    why: "the engine is pure: it imports nothing outside engine/",
  },
  {
    name: "lib/shared",
    owns: under("lib/shared"),
    mayImportFile: (f) => under("lib/shared")(f) || f === ENGINE_ENTRY,
    packages: BROWSER_SAFE_EVERYWHERE,
    builtins: false,
    why: "lib/shared runs in the browser and in Node: lib/shared, engine/index.ts and browser-safe packages only",
  },
  {
    name: "lib/client",
    owns: under("lib/client"),
    mayImportFile: (f) => under("lib/shared", "lib/client")(f) || f === ENGINE_ENTRY,
    packages: BROWSER_PACKAGES,
    builtins: false,
    why: "lib/client runs in the browser: lib/shared, lib/client, engine/index.ts and browser packages only",
  },
  {
    name: "lib/server",
    owns: under("lib/server"),
    // generated/ holds the Prisma clients.
    mayImportFile: (f) => under("lib/shared", "lib/server", "generated")(f) || f === ENGINE_ENTRY,
    packages: "any",
    builtins: true,
    why: "lib/server: lib/shared, lib/server, engine/index.ts, generated/ and any package",
  },
  {
    name: "app",
    owns: under("app"),
    mayImportFile: (f) => !under("lib/server")(f) && (!under("engine")(f) || f === ENGINE_ENTRY),
    packages: "any",
    builtins: true,
    why: "pages never import lib/server and reach the engine only through engine/index.ts",
  },
];

/** Colocated tests (`*.test.ts` next to the code) are tests: like test/**, they may import anything. */
export const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /\.spec\.tsx?$/.test(file);

export function layerOf(file: string): Layer | undefined {
  return isTest(file) ? undefined : LAYERS.find((l) => l.owns(file));
}

/** One line per import that breaks its layer's rule. */
export function violations(edges: ImportEdge[]): string[] {
  const out: string[] = [];
  for (const e of edges) {
    const layer = layerOf(e.from);
    if (!layer) continue;
    const t = e.target;
    const bad =
      (t.kind === "file" && !layer.mayImportFile(t.file)) ||
      (t.kind === "package" && layer.packages !== "any" && !layer.packages.includes(t.name)) ||
      (t.kind === "builtin" && !layer.builtins);
    if (bad) out.push(`${e.from}:${e.line} imports "${e.specifier}"${t.kind === "file" ? ` (${t.file})` : ""}: ${layer.why}`);
  }
  return out;
}
