// Names nobody may take: the site's own roles and words that read as an empty value, so no player
// can pass for staff or for "nobody". Compared after folding look-alikes (names are ASCII only:
// "Adm1n", "ADMlN", "a_d_m_i_n", "rnoderator" read as the word they imitate) and with trailing
// digits dropped ("Admin2", "System32"). A few words are refused anywhere in a name ("TheAdmin").

/** Refused as a whole name (folded). */
const RESERVED = [
  "admin",
  "administrator",
  "system",
  "null",
  "undefined",
  "none",
  "nil",
  "moderator",
  "mod",
  "root",
  "support",
  "help",
  "staff",
  "owner",
  "official",
  "gomoku",
  "gomokuarena",
  "arena",
  "anonymous",
  "guest",
  "unknown",
  "nobody",
  "everyone",
  "server",
  "bot",
  "ai",
  "engine",
  "api",
  "me",
  "account",
  "signin",
  "signup",
  "login",
  "logout",
  "settings",
  "security",
  "player",
  "players",
].map(fold);

/** Refused anywhere in a name (folded). */
const RESERVED_PARTS = ["admin", "moderator", "gomokuarena"].map(fold);

/** The name as it reads: lower case, separators gone, look-alike characters and pairs made one. */
export function fold(name: string): string {
  return name
    .toLowerCase()
    .replace(/[_-]/g, "")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w")
    .replace(/[01345789]/g, (d) => ({ "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g" })[d] ?? d)
    .replace(/l/g, "i");
}

/** True when `name` is, or reads as, a reserved word. */
export function isReservedName(name: string): boolean {
  const whole = fold(withoutTrailingDigits(name.trim()));
  if (RESERVED.includes(whole)) return true;
  const folded = fold(name.trim());
  return RESERVED.includes(folded) || RESERVED_PARTS.some((part) => folded.includes(part));
}

/** "System32" → "System" (a loop: a regular expression anchored at the end would backtrack). */
function withoutTrailingDigits(name: string): string {
  let end = name.length;
  while (end > 0 && name[end - 1] >= "0" && name[end - 1] <= "9") end--;
  return name.slice(0, end);
}
