// Reserved names: the site's roles and "empty" words, whatever their case, look-alike characters,
// separators or trailing digits; ordinary names pass.
import { describe, expect, it } from "vitest";
import { isReservedName } from "./reserved";

describe("isReservedName", () => {
  it("refuses the roles and empty words in any disguise", () => {
    for (const name of ["Admin", "ADMINISTRATOR", "system", "null", "Undefined", "moderator", "root", "support", "gomoku", "Arena", "anonymous", "guest"])
      expect(isReservedName(name), name).toBe(true);
    for (const name of ["Adm1n", "a_d_m_i_n", "ADMlN", "rnoderator", "Sys7em", "nu11", "Guest4821", "System32", "r00t", "TheAdmin", "GomokuArena-HQ"])
      expect(isReservedName(name), name).toBe(true);
  });

  it("lets ordinary names through", () => {
    for (const name of ["Ada12345", "SwiftHeron4821", "Nullabor", "Groot", "Systematic", "Modest", "Arenas_fan", "Rooted", "Helpful"])
      expect(isReservedName(name), name).toBe(false);
  });
});
