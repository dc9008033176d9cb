// The catalogues (messages/<locale>/<namespace>.json) kept whole: every key in both languages with
// the same arguments, every message valid ICU, every key the code uses defined, every server error
// code worded, and no user-visible literal text left in the pages' JSX (./sources.ts scans them).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parse } from "@formatjs/icu-messageformat-parser";
import { LOCALES } from "@/i18n/locales";
import { LOCALE_VALUES } from "@/lib/shared/identity";
import { readCatalogue } from "@/i18n/messages";
import { argumentsOf, flatten, keyProblems, literalTexts, sourceFiles, usedKeys } from "./sources";

const catalogues = Object.fromEntries(LOCALES.map((l) => [l, flatten(readCatalogue(l))])) as Record<(typeof LOCALES)[number], Map<string, string>>;
const en = catalogues.en;
const zh = catalogues["zh-CN"];

describe("the catalogues", () => {
  it("exist for every locale, and the profile's locales (lib/shared/identity) are the site's", () => {
    expect([...LOCALE_VALUES]).toEqual([...LOCALES]);
  });

  it("have the same keys in every locale", () => {
    const missingInZh = [...en.keys()].filter((k) => !zh.has(k));
    const missingInEn = [...zh.keys()].filter((k) => !en.has(k));
    expect({ missingInZh, missingInEn }).toEqual({ missingInZh: [], missingInEn: [] });
  });

  it("hold only ICU messages that parse, with the same arguments in every locale", () => {
    const bad: string[] = [];
    for (const [locale, messages] of Object.entries(catalogues))
      for (const [key, text] of messages) {
        try {
          parse(text);
        } catch (e) {
          bad.push(`${locale} ${key}: ${(e as Error).message}`);
        }
      }
    expect(bad).toEqual([]);
    const differ = [...en].filter(([k, text]) => zh.has(k) && argumentsOf(text).join() !== argumentsOf(zh.get(k)!).join()).map(([k]) => k);
    expect(differ).toEqual([]);
  });

  it('define every key the code uses (t("…") under useTranslations / getTranslations, and /learn\'s step messages)', () => {
    const uses = usedKeys(sourceFiles());
    expect(uses.length).toBeGreaterThan(300); // the scan finds the calls at all
    expect(keyProblems(uses, new Set(en.keys()))).toEqual([]);
  });

  it("word every error code the server sends (lib/shared/protocol's ErrorCode) in namespace errors", () => {
    const protocol = readFileSync("lib/shared/protocol/errors.ts", "utf8");
    const union = /export type ErrorCode =([^;]+);/.exec(protocol)![1];
    const codes = [...union.matchAll(/"([A-Z_]+)"/g)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThan(20);
    expect(codes.filter((c) => !en.has(`errors.${c}`))).toEqual([]);
  });
});

describe("the pages' JSX", () => {
  it("has no user-visible literal text outside the catalogue", () => {
    expect(literalTexts(sourceFiles().filter((f) => f.file.endsWith(".tsx")))).toEqual([]);
  });
});

describe("the check itself", () => {
  it("fails on a key used but not defined, a literal in JSX, and a message that does not parse", () => {
    const fake = [{ file: "app/x.tsx", text: 'const t = useTranslations("lobby");\nexport const X = () => <p title="Hello there">{t("nope")} Play now</p>;' }];
    expect(keyProblems(usedKeys(fake), new Set(en.keys()))).toEqual(["app/x.tsx:2 lobby.nope"]);
    expect(literalTexts(fake)).toEqual(['app/x.tsx:2 title="Hello there"', 'app/x.tsx:2 text "Play now"']);
    expect(() => parse("{n, plural, one {# move}")).toThrow();
  });
});
