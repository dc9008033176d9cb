// TV games are marked by their id: "tv-" + a normal 12-character game id (15 characters in all), so
// no column is needed and "the current TV game" survives restarts (the newest unfinished one).
// Normal ids are exactly 12 characters, so the two can never be confused. Browser-safe.
export const TV_ID_PREFIX = "tv-";
export const isTvGameId = (id: string): boolean => id.length === 15 && id.startsWith(TV_ID_PREFIX);
