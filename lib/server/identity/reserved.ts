// Names nobody may take: the site's own roles and words that read as an empty value, so no player
// can pass for staff or for "nobody". Compared after folding look-alikes (names are ASCII only:
// "Adm1n", "ADMlN", "a_d_m_i_n", "rnoderator" read as the word they imitate) and with trailing
// digits dropped ("Admin2", "System32"). Whole names, not substrings: "Badminton", "Madmin" and
// "Kadmina" are people's names. A few staff words are also refused as one word of a name, its words
// being split at separators and at a lower-to-upper case change ("TheAdmin", "GomokuArena-HQ"), or
// as neighbouring words that spell it ("Ad_Min_Bob").

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
  // read as a player who is gone or empty
  "deleted",
  "deleteduser",
  "removed",
  "banned",
  "void",
  "nan",
  "anon",
  // read as staff
  "webmaster",
  "sysop",
  "operator",
  // words the game pages show next to names
  "computer",
  "opponent",
  "black",
  "white",
  "you",
  "tv",
].map(fold);

/** Refused as one word of a name (folded, trailing digits dropped). */
const RESERVED_WORDS = ["admin", "administrator", "moderator", "gomokuarena"].map(fold);

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
  const trimmed = name.trim();
  if (RESERVED.includes(fold(withoutTrailingDigits(trimmed))) || RESERVED.includes(fold(trimmed))) return true;
  const words = wordsOf(trimmed);
  // every run of neighbouring words, so "Gomoku_Arena_HQ" and "Ad_Min" read as the word they spell
  for (let start = 0; start < words.length; start++)
    for (let end = start + 1; end <= words.length; end++)
      if (RESERVED_WORDS.includes(fold(withoutTrailingDigits(words.slice(start, end).join(""))))) return true;
  return false;
}

/** "TheAdmin_2" → ["The", "Admin", "2"]: split at separators and where a lower-case letter meets an upper-case one. */
function wordsOf(name: string): string[] {
  const words: string[] = [];
  let current = "";
  for (let i = 0; i < name.length; i++) {
    const char = name[i];
    if (char === "_" || char === "-") {
      words.push(current);
      current = "";
      continue;
    }
    const previous = name[i - 1] ?? "";
    if (previous >= "a" && previous <= "z" && char >= "A" && char <= "Z") {
      words.push(current);
      current = "";
    }
    current += char;
  }
  words.push(current);
  return words.filter((word) => word !== "");
}

/** "System32" → "System" (a loop: a regular expression anchored at the end would backtrack). */
function withoutTrailingDigits(name: string): string {
  let end = name.length;
  while (end > 0 && name[end - 1] >= "0" && name[end - 1] <= "9") end--;
  return name.slice(0, end);
}
