// An imported game's key (Game.importKey, unique; lib/server/imports stores through GameService.importGames): the same game imported again by the same importer
// points to the game already stored instead of making a copy. Per importer, not global: my imports
// are mine (my page lists them, "download my games" holds them), and someone else's copy of a file
// does not make mine vanish. Imports without a session share one importer ("anonymous").
//
// The key is SHA-256 over the game normalised: board, rule, the opening stones in board order, the
// moves' points in order (times left out: two exports of one game may round them differently), the
// names as they are stored (cleaned), the date and a swap2 record; and the importer's id.
import { createHash } from "node:crypto";
import { cleanImportedName, type ImportedGameInput } from "./imported";

export function importKeyOf(g: ImportedGameInput, importerId: string | null): string {
  const opening = [...g.opening].sort((a, b) => a.y - b.y || a.x - b.x).map((s) => [s.x, s.y, s.color]);
  const normal = {
    v: 1,
    importer: importerId ?? "anonymous",
    size: g.size,
    rule: g.rule,
    opening,
    moves: g.moves.map((m) => [m.x, m.y]),
    names: [cleanImportedName(g.names?.[0], "Black"), cleanImportedName(g.names?.[1], "White")],
    date: g.date ?? null,
    swap2: g.swap2 ? [g.swap2.first ?? null, g.swap2.second ?? null] : null,
  };
  return createHash("sha256").update(JSON.stringify(normal)).digest("base64url");
}
