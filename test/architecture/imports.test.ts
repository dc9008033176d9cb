// The import rules of issue #12, enforced: a new import across a boundary, or a new import cycle,
// fails here with the file, line and the rule it breaks.
import { describe, expect, it } from "vitest";
import { importsOf, sourceFiles, withoutComments, type ImportEdge } from "./import-graph";
import { violations } from "./rules";
import { runtimeCycles } from "./cycles";
import { serverUnitEdges, serverUnitOf, upwardImports } from "./server-layers";

const files = sourceFiles();
const edges = files.flatMap(importsOf);

describe("import rules", () => {
  it("finds the source files and their imports", () => {
    // Guards the scanner itself: a regex that stopped matching would make every rule pass.
    expect(files).toContain("engine/index.ts");
    expect(files.filter((f) => f.startsWith("lib/server/")).length).toBeGreaterThan(10);
    expect(edges.filter((e) => e.from.startsWith("lib/server/")).length).toBeGreaterThan(50);
    expect(edges.some((e) => e.from.startsWith("app/") && e.target.kind === "file" && e.target.file === "engine/index.ts")).toBe(true);
  });

  it("every layer imports only what it may", () => {
    expect(violations(edges)).toEqual([]);
  });

  it("has no import cycles anywhere, type-only imports included", () => {
    expect(runtimeCycles(edges, { types: true })).toEqual([]);
  });

  it("lib/server: no import runs upward through its layers (server-layers.ts), type imports included", () => {
    expect(upwardImports(edges)).toEqual([]);
  });

  it("lib/server: no circle between its units, nor between its files, type imports included", () => {
    expect(runtimeCycles(serverUnitEdges(edges), { types: true })).toEqual([]);
    const serverEdges = edges.filter((e) => e.from.startsWith("lib/server/"));
    expect(runtimeCycles(serverEdges, { types: true })).toEqual([]);
  });
});

describe("the checks can fail", () => {
  const edge = (from: string, file: string, typeOnly = false): ImportEdge => ({
    from,
    specifier: file,
    target: { kind: "file", file },
    typeOnly,
    line: 1,
  });
  const pkg = (from: string, name: string): ImportEdge => ({ from, specifier: name, target: { kind: "package", name }, typeOnly: false, line: 1 });
  const builtin = (from: string, name: string): ImportEdge => ({ from, specifier: name, target: { kind: "builtin", name }, typeOnly: false, line: 1 });

  it("flags each forbidden kind of import", () => {
    const bad = [
      edge("engine/rules.ts", "lib/shared/protocol.ts"),
      builtin("engine/rules.ts", "node:fs"),
      edge("lib/shared/notation.ts", "lib/server/log.ts"),
      edge("lib/shared/notation.ts", "engine/rules.ts"),
      builtin("lib/shared/notation.ts", "node:crypto"),
      pkg("lib/shared/notation.ts", "react"),
      edge("lib/client/socket.ts", "lib/server/log.ts"),
      pkg("lib/client/socket.ts", "pino"),
      edge("lib/server/log.ts", "lib/client/socket.ts"),
      edge("lib/server/log.ts", "engine/search/index.ts"),
      edge("app/page.tsx", "lib/server/games/service.ts"),
      edge("app/_components/Board.tsx", "engine/rules.ts"),
    ];
    expect(violations(bad)).toHaveLength(bad.length);
  });

  it("lets through what is allowed", () => {
    const good = [
      edge("lib/shared/notation.ts", "engine/index.ts"),
      pkg("lib/shared/protocol.ts", "zod"),
      pkg("lib/client/useGame.ts", "react"),
      edge("lib/server/games/service.ts", "lib/shared/protocol.ts"),
      builtin("lib/server/log.ts", "node:os"),
      edge("app/_components/Board.tsx", "engine/index.ts"),
      edge("app/_components/Board.tsx", "lib/client/socket.ts"),
      edge("test/tv.test.ts", "lib/server/tv/loop.ts"),
      edge("engine/rules.test.ts", "test/support/engine-positions.ts"),
      edge("bin/lab.ts", "engine/rules.ts"),
    ];
    expect(violations(good)).toEqual([]);
  });

  it("finds a cycle, ignoring one made of type imports", () => {
    expect(runtimeCycles([edge("a.ts", "b.ts"), edge("b.ts", "c.ts"), edge("c.ts", "a.ts")])).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(runtimeCycles([edge("a.ts", "b.ts"), edge("b.ts", "a.ts", true)])).toEqual([]);
  });

  it("finds an upward import in lib/server, a file in no layer, and a circle between units", () => {
    expect(serverUnitOf("lib/server/db/provider.ts")).toBe("db/provider.ts");
    expect(serverUnitOf("lib/server/db/client.ts")).toBe("db");
    const up = [
      edge("lib/server/config.ts", "lib/server/realtime/attach.ts"),
      edge("lib/server/limits/http-throttle.ts", "lib/server/realtime/attach.ts", true),
      edge("lib/server/games/core.ts", "lib/server/lobby/index.ts"),
      edge("lib/server/nowhere/file.ts", "lib/server/log.ts"),
    ];
    expect(upwardImports(up)).toHaveLength(up.length);
    const fine = [
      edge("lib/server/realtime/attach.ts", "lib/server/games/service.ts"),
      edge("lib/server/lobby/pairing.ts", "lib/server/errors.ts"),
      edge("lib/server/games/core.test.ts", "lib/server/realtime/attach.ts"),
    ];
    expect(upwardImports(fine)).toEqual([]);
    const circle = serverUnitEdges([
      edge("lib/server/tv/loop.ts", "lib/server/lobby/index.ts"),
      edge("lib/server/lobby/index.ts", "lib/server/tv/ids.ts", true),
    ]);
    expect(runtimeCycles(circle, { types: true })).toEqual([["lobby", "tv"]]);
  });

  it("ignores imports inside comments but not inside code", () => {
    const code = withoutComments('// import x from "y"\n/* import "z" */ import "w";');
    expect(code).not.toMatch(/"y"|"z"/);
    expect(code).toContain('import "w";');
    expect(code.split("\n")).toHaveLength(2);
  });
});
