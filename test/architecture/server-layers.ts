// The layers of lib/server (issue #26), bottom first. A file may import its own unit (a folder, or
// a top-level file), units of its own layer or of the layers below; never one above. Type imports
// count too: an upward type is still a dependency on the layer above. Every file of lib/server must
// belong to a unit listed here, so a new folder has to be placed before it can import anything.
import type { ImportEdge } from "./import-graph";

const SERVER = "lib/server/";

/** Bottom first: units are paths under lib/server (a folder, or one file). */
export const SERVER_LAYERS: { name: string; units: string[]; why: string }[] = [
  {
    name: "base",
    units: ["errors.ts", "tokens.ts", "time.ts", "log.ts", "config.ts", "config", "http", "db/provider.ts"],
    why: "no state: the error type, tokens, the clock port, the logger, settings, HTTP helpers and the router",
  },
  { name: "infrastructure", units: ["limits", "db", "ai", "cluster"], why: "rate limits, the database, the AI threads, the cluster" },
  { name: "identity", units: ["identity"], why: "guests, accounts, sessions" },
  { name: "moderation", units: ["moderation"], why: "blocks between players, reports, site-wide chat mutes (read by chat, lobby, social)" },
  { name: "ratings", units: ["ratings"], why: "ratings and who may be rated (reads identity traces)" },
  { name: "games", units: ["games"], why: "the game core (rates finished games)" },
  {
    name: "features",
    units: ["lobby", "tv", "analysis", "imports", "metrics", "chat", "social", "correspondence", "tournaments", "puzzles"],
    why: "built on the games",
  },
  { name: "realtime", units: ["realtime"], why: "socket.io: every feature's events" },
  { name: "app", units: ["app.ts", "app"], why: "the composition root (app.ts) and its helpers (app/): builds everything" },
];

/** The unit a lib/server file belongs to (the longest listed path that holds it), or null. */
export function serverUnitOf(file: string): string | null {
  if (!file.startsWith(SERVER)) return null;
  const rest = file.slice(SERVER.length);
  let best: string | null = null;
  for (const layer of SERVER_LAYERS)
    for (const unit of layer.units) if ((rest === unit || rest.startsWith(unit + "/")) && (!best || unit.length > best.length)) best = unit;
  return best;
}

const layerIndex = (unit: string) => SERVER_LAYERS.findIndex((l) => l.units.includes(unit));
const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file);

/** One line per import in lib/server that runs upward, and per lib/server file in no unit. */
export function upwardImports(edges: ImportEdge[]): string[] {
  const out = new Set<string>();
  for (const e of edges) {
    if (!e.from.startsWith(SERVER) || isTest(e.from)) continue;
    const from = serverUnitOf(e.from);
    if (!from) {
      out.add(`${e.from}: in no layer of lib/server (test/architecture/server-layers.ts)`);
      continue;
    }
    if (e.target.kind !== "file") continue;
    const to = serverUnitOf(e.target.file);
    if (!to || to === from) continue;
    if (layerIndex(to) > layerIndex(from))
      out.add(
        `${e.from}:${e.line} imports ${e.target.file}: ${from} (${SERVER_LAYERS[layerIndex(from)].name}) may not import upward into ${to} (${SERVER_LAYERS[layerIndex(to)].name})`,
      );
  }
  return [...out];
}

/** The arrows between lib/server units (type imports included), for the circle check. */
export function serverUnitEdges(edges: ImportEdge[]): ImportEdge[] {
  const out: ImportEdge[] = [];
  for (const e of edges) {
    if (isTest(e.from) || e.target.kind !== "file") continue;
    const from = serverUnitOf(e.from);
    const to = serverUnitOf(e.target.file);
    if (from && to && from !== to) out.push({ ...e, from, target: { kind: "file", file: to }, typeOnly: false });
  }
  return out;
}
