// scripts/check-licences.mjs (part of `npm run lint`) on fake node_modules trees in a temp folder:
// it fails on a GPL package the site would ship, however deep, and passes what it may ship.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const script = path.resolve("scripts/check-licences.mjs");
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

type Pkg = { name: string; license?: unknown; licenses?: unknown; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };

/** A project folder: its package.json, and each package at its path under it ("node_modules/a/node_modules/b"). */
function project(top: Omit<Pkg, "name"> & { devDependencies?: Record<string, string> }, installed: Record<string, Pkg>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "licences-"));
  folders.push(root);
  fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "app", license: "MIT", ...top }));
  for (const [at, pkg] of Object.entries(installed)) {
    fs.mkdirSync(path.join(root, at), { recursive: true });
    fs.writeFileSync(path.join(root, at, "package.json"), JSON.stringify({ version: "1.0.0", ...pkg }));
  }
  return root;
}

function check(root: string): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync(process.execPath, [script, root], { encoding: "utf8", stdio: "pipe" }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, out: failed.stdout + failed.stderr };
  }
}

describe("licence check", () => {
  it("fails on a GPL package pulled in by a production dependency, and names the chain", () => {
    const root = project(
      { dependencies: { web: "1" } },
      {
        "node_modules/web": { name: "web", license: "MIT", dependencies: { helper: "1" } },
        "node_modules/helper": { name: "helper", license: "ISC", dependencies: { copyleft: "1" } },
        "node_modules/helper/node_modules/copyleft": { name: "copyleft", license: "GPL-3.0-only" },
      },
    );
    const { code, out } = check(root);
    expect(code).toBe(1);
    expect(out).toContain("copyleft@1.0.0: GPL-3.0-only");
    expect(out).toContain("pulled in by web > helper");
  });

  it("fails on AGPL, SSPL, LGPL, a missing licence and an old-style GPL list; passes permissive ones and a permissive choice", () => {
    const root = project(
      { dependencies: { a: "1", b: "1", c: "1", d: "1", e: "1", ok1: "1", ok2: "1", ok3: "1", ok4: "1" } },
      {
        "node_modules/a": { name: "a", license: "AGPL-3.0-or-later" },
        "node_modules/b": { name: "b", license: "SSPL-1.0" },
        "node_modules/c": { name: "c", license: "LGPL-2.1-only" },
        "node_modules/d": { name: "d" },
        "node_modules/e": { name: "e", licenses: [{ type: "GPL-2.0" }] },
        "node_modules/ok1": { name: "ok1", license: "(MIT OR GPL-3.0-only)" },
        "node_modules/ok2": { name: "ok2", license: "Apache-2.0 AND MIT" },
        "node_modules/ok3": { name: "ok3", license: { type: "BSD-3-Clause" } },
        "node_modules/ok4": { name: "ok4", license: "BlueOak-1.0.0" },
      },
    );
    const { code, out } = check(root);
    expect(code).toBe(1);
    for (const bad of ["a@1.0.0: AGPL-3.0-or-later", "b@1.0.0: SSPL-1.0", "c@1.0.0: LGPL-2.1-only", "d@1.0.0: UNKNOWN", "e@1.0.0: GPL-2.0"])
      expect(out).toContain(bad);
    expect(out).not.toMatch(/ok\d@/);
  });

  it("passes a GPL package that only development uses, and an optional one that is not installed", () => {
    const root = project(
      { dependencies: { web: "1" }, optionalDependencies: { absent: "1" }, devDependencies: { "gpl-linter": "1" } },
      {
        "node_modules/web": { name: "web", license: "MIT" },
        "node_modules/gpl-linter": { name: "gpl-linter", license: "GPL-3.0-only" },
      },
    );
    const { code, out } = check(root);
    expect(code).toBe(0);
    expect(out).toContain("1 production packages");
  });

  it("an AND with a GPL part fails; the sharp-libvips exception holds only for the licence it names", () => {
    const root = project(
      { dependencies: { mixed: "1", "@img/sharp-libvips-linux-x64": "1", "@img/sharp-libvips-linux-arm64": "1" } },
      {
        "node_modules/mixed": { name: "mixed", license: "MIT AND GPL-2.0-only" },
        "node_modules/@img/sharp-libvips-linux-x64": { name: "@img/sharp-libvips-linux-x64", license: "LGPL-3.0-or-later" },
        "node_modules/@img/sharp-libvips-linux-arm64": { name: "@img/sharp-libvips-linux-arm64", license: "GPL-3.0-only" },
      },
    );
    const { code, out } = check(root);
    expect(code).toBe(1);
    expect(out).toContain("mixed@1.0.0: MIT AND GPL-2.0-only");
    expect(out).toContain("@img/sharp-libvips-linux-arm64@1.0.0: GPL-3.0-only");
    expect(out).not.toContain("sharp-libvips-linux-x64@");
  });

  it("passes this repository's own production tree", () => {
    expect(check(path.resolve("."))).toMatchObject({ code: 0 });
  });
});
