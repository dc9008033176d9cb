// Reserved names: the site's roles and "empty" words, whatever their case, look-alike characters,
// separators or trailing digits; ordinary names pass.
import { describe, expect, it } from "vitest";
import { guestName } from "./names";
import { isReservedName } from "./reserved";

describe("isReservedName", () => {
  it("refuses the roles and empty words in any disguise", () => {
    for (const name of ["Admin", "ADMINISTRATOR", "system", "null", "Undefined", "moderator", "root", "support", "gomoku", "Arena", "anonymous", "guest"])
      expect(isReservedName(name), name).toBe(true);
    for (const name of ["Adm1n", "a_d_m_i_n", "ADMlN", "rnoderator", "Sys7em", "nu11", "Guest4821", "System32", "r00t", "TheAdmin", "GomokuArena-HQ"])
      expect(isReservedName(name), name).toBe(true);
  });

  it("refuses words that read as nobody, as staff or as the game page's own labels (trial F7)", () => {
    const names = ["deleted", "Deleted_user", "removed", "banned", "void", "NaN", "anon", "webmaster", "sysop", "operator"];
    names.push("Computer", "opponent", "Black", "White", "you", "Y0u", "White2", "TV", "bot", "AI", "engine");
    for (const name of names) expect(isReservedName(name), name).toBe(true);
  });

  it("reserves whole names and staff words, not letters inside a longer name (trial F7)", () => {
    for (const name of ["Badminton", "Madmin", "Kadmina", "Badminton_fan", "Sysoperator", "Blackbird", "Whitney", "Youssef", "Anonna", "Voidwalker"])
      expect(isReservedName(name), name).toBe(false);
    for (const name of ["Admin_Bob", "MrAdmin2", "The-Moderator", "Gomoku_Arena_HQ", "Ad_Min_Bob"]) expect(isReservedName(name), name).toBe(true);
  });

  it("never refuses a generated guest name", () => {
    for (let i = 0; i < 2000; i++) {
      const name = guestName();
      expect(isReservedName(name), name).toBe(false);
    }
  });

  it("lets ordinary names through", () => {
    for (const name of ["Ada12345", "SwiftHeron4821", "Nullabor", "Groot", "Systematic", "Modest", "Arenas_fan", "Rooted", "Helpful"])
      expect(isReservedName(name), name).toBe(false);
  });
});
