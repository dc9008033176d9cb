// Every page of the app is in e2e/axe.spec.ts's list (e2e/axe-pages.ts): a new app/**/page.tsx
// without an entry there fails here, so no page escapes the accessibility check.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AXE_PAGES, routeOfPageFile } from "@/e2e/axe-pages";

const root = path.resolve(import.meta.dirname, "../..");

function pageFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return pageFiles(rel);
    return e.name === "page.tsx" ? [rel] : [];
  });
}

describe("the axe check's page list", () => {
  it("names each page's route as app/ spells it", () => {
    expect(routeOfPageFile("app/page.tsx")).toBe("/");
    expect(routeOfPageFile("app/game/[id]/page.tsx")).toBe("/game/[id]");
    expect(routeOfPageFile("app/(site)/learn/page.tsx")).toBe("/learn");
  });

  it("has every app/**/page.tsx", () => {
    const listed = new Set(AXE_PAGES.map((p) => p.route));
    const missing = pageFiles("app")
      .map(routeOfPageFile)
      .filter((r) => !listed.has(r));
    expect(missing, "pages with no entry in e2e/axe-pages.ts (add one: see docs/ACCESSIBILITY.md)").toEqual([]);
  });

  it("lists no page that does not exist", () => {
    const routes = new Set(pageFiles("app").map(routeOfPageFile));
    expect(AXE_PAGES.map((p) => p.route).filter((r) => !routes.has(r))).toEqual([]);
  });
});
