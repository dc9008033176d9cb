// The custom server looks up every game and replay address before Next renders it
// (lib/server/games/pages); an id with no game reaches the page with this request header set, and
// the page answers Next's notFound() (a 404, not a 200 page saying "unknown game").
export const UNKNOWN_GAME_HEADER = "x-gomoku-unknown-game";
