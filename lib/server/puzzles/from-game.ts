// "This position was a win: find it": a puzzle from a game you played, at the first ply where the
// game's analysis (lib/server/analysis) marked your move a missed win. Its solution is the analysis'
// own line (the engine's best move and its continuation, found when the game was analysed): nothing
// is searched at request time. Unrated (mode "game"): its first move is the engine's, not proven unique.
// When the game's mining (./mining) proved one of that player's missed wins, that puzzle is served
// instead (or the one mined from another game with the same position, up to symmetry): proven (unique
// first move, stated length, the defender's best replies), unrated here too (mode "game").
import type { Db } from "../db/client";
import { refuse } from "../http/answers";
import { movesToString, toLabel } from "../../shared/notation";
import { puzzleKey, type Color, type Point, type Rule, type Stone } from "../../../engine";
import { newPuzzle } from "./rate";

/** The game's puzzle id for `playerId`, made (once) from its first missed win of theirs. */
export async function gamePuzzleId(db: Db, playerId: string, gameId: string): Promise<string> {
  const game = await db.game.findUnique({ where: { id: gameId }, select: { size: true, rule: true, opening: true, blackPlayerId: true, whitePlayerId: true } });
  const color = game?.blackPlayerId === playerId ? 1 : game?.whitePlayerId === playerId ? 2 : 0;
  if (!game || !color) return refuse("NOT_FOUND", "No game of yours by that id.");
  const proven = await db.puzzle.findFirst({ where: { gameId, toMove: color, theme: { not: "defend" } }, orderBy: { ply: "asc" }, select: { id: true } });
  if (proven) return proven.id;
  const missed = await db.moveAnalysis.findFirst({ where: { gameId, color, mark: "missed-win" }, orderBy: { ply: "asc" } });
  if (!missed || !missed.best) return refuse("NOT_FOUND", "The analysis of this game found no win you missed (analyse the game first).");
  const moves = await db.move.findMany({ where: { gameId }, orderBy: { ply: "asc" }, select: { x: true, y: true, color: true } });
  const opening = JSON.parse(game.opening) as Array<Point & { color: number }>;
  const stones = [...opening, ...moves.slice(0, missed.ply - 1)];
  // The same position (up to symmetry) mined from another game: that proven puzzle, as stored.
  const key = puzzleKey(game.rule as Rule, game.size, stones as Stone[], color as Color);
  const same = await db.puzzle.findUnique({ where: { key }, select: { id: true, toMove: true, theme: true } });
  if (same && same.toMove === color && same.theme !== "defend") return same.id;
  const id = `game-${gameId}-${missed.ply}`;
  if (await db.puzzle.findUnique({ where: { id }, select: { id: true } })) return id;
  const best = JSON.parse(missed.best) as Point;
  const rest = JSON.parse(missed.line) as Point[];
  const pv = rest.length && rest[0].x === best.x && rest[0].y === best.y ? rest : [best, ...rest];
  // The line up to the attacker's last move in it (an odd number of plies).
  const line = pv.slice(0, pv.length % 2 === 1 ? pv.length : pv.length - 1).map((p) => toLabel(p, game.size));
  await db.puzzle
    .create({
      data: {
        id,
        rule: game.rule,
        size: game.size,
        toMove: color,
        black: movesToString(
          stones.filter((s) => s.color === 1),
          game.size,
        ),
        white: movesToString(
          stones.filter((s) => s.color === 2),
          game.size,
        ),
        theme: "vct",
        plies: line.length,
        line: JSON.stringify(line),
        finish: JSON.stringify([line[line.length - 1]]),
        source: `game ${gameId} ply ${missed.ply}`,
        ...newPuzzle(1500),
      },
    })
    .catch(() => undefined); // made by a request at the same moment
  return id;
}
