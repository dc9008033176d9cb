import { describe, expect, it } from "vitest";
import { filterQuery, readArchiveFilters } from "./archive-filters";
import { ListGamesSchema } from "./protocol";

describe("the archive's filters in the address (issue 27)", () => {
  it("reads every filter, leaves blanks out, and writes them back", () => {
    const r = readArchiveFilters({ player: " ann ", result: "draw", rule: "renju", size: "15", from: "2026-01-01", to: "2026-02-28", kind: "hvh", tv: "" });
    expect(r).toEqual({ ok: true, filters: { player: "ann", result: "draw", rule: "renju", size: 15, from: "2026-01-01", to: "2026-02-28" } });
    expect(readArchiveFilters({ player: "", size: "" })).toEqual({ ok: true, filters: {} });
    if (r.ok) expect(filterQuery(r.filters)).toEqual({ player: "ann", result: "draw", rule: "renju", size: "15", from: "2026-01-01", to: "2026-02-28" });
  });

  it("refuses values out of range, naming the field", () => {
    expect(readArchiveFilters({ size: "99" })).toMatchObject({ ok: false, field: "size" });
    expect(readArchiveFilters({ size: "-1" })).toMatchObject({ ok: false, field: "size" });
    expect(readArchiveFilters({ size: "15; drop table" })).toMatchObject({ ok: false, field: "size" });
    expect(readArchiveFilters({ result: "everything" })).toMatchObject({ ok: false, field: "result" });
    expect(readArchiveFilters({ rule: "go" })).toMatchObject({ ok: false, field: "rule" });
    expect(readArchiveFilters({ from: "2026-02-30" })).toMatchObject({ ok: false, field: "from" });
    expect(readArchiveFilters({ to: "1999-12-31" })).toMatchObject({ ok: false, field: "to" });
    expect(readArchiveFilters({ player: "x".repeat(41) })).toMatchObject({ ok: false, field: "player" });
    expect(readArchiveFilters({ from: "2026-03-01", to: "2026-02-01" })).toMatchObject({ ok: false, field: "range" });
  });

  it("the server's schema refuses the same values sent by a script", () => {
    expect(ListGamesSchema.safeParse({ status: "finished", size: 99 }).success).toBe(false);
    expect(ListGamesSchema.safeParse({ status: "finished", from: "2026-13-01" }).success).toBe(false);
    expect(ListGamesSchema.safeParse({ status: "finished", result: "lost" }).success).toBe(false);
    expect(ListGamesSchema.safeParse({ status: "finished", size: 15, rule: "renju", player: "ann" }).success).toBe(true);
  });
});
