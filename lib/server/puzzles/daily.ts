// The daily puzzle: the same for everyone on a UTC day, picked from the day's date alone.

/** "2026-11-27" (UTC) of a time in ms. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Which of n puzzles (in id order) is the day's: FNV-1a of the date, so neighbouring days differ. */
export function dailyIndex(day: string, n: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < day.length; i++) h = Math.imul(h ^ day.charCodeAt(i), 0x01000193) >>> 0;
  return h % n;
}
