#!/usr/bin/env node
// Fails (exit 1) when a production dependency — what the site serves and runs: package.json's
// `dependencies` and `optionalDependencies`, and everything they pull in — has a licence the project
// cannot ship under MIT (GPL, AGPL, LGPL, SSPL, a non-commercial clause, none at all, …). Dev
// dependencies are not shipped and not checked. Part of `npm run lint`.
//
// It reads node_modules/*/package.json the way Node resolves packages, without npm (`npm ls` or a
// licence-checker package would take seconds, and license-checker-rseidelsohn wants Node ≥ 24 and
// 139 packages). Usage: node scripts/check-licences.mjs [project folder, default: the current one]
import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";

// SPDX ids we may ship under MIT: permissive licences, and MPL-2.0 (its copyleft is per file: it binds
// changes to the library's own files, which we do not make). CC-BY-4.0 is caniuse-lite's data.
const ALLOWED = [
  "MIT",
  "MIT-0",
  "ISC",
  "BSD-2-Clause",
  "BSD-3-Clause",
  "Apache-2.0",
  "0BSD",
  "BlueOak-1.0.0",
  "CC0-1.0",
  "Unlicense",
  "Python-2.0",
  "Zlib",
  "CC-BY-3.0",
  "CC-BY-4.0",
  "MPL-2.0",
];
const ALLOWED_IDS = new Set(ALLOWED.map((id) => id.toUpperCase()));

// Packages shipped despite a licence outside the list: each with the licence it must still have and why it is fine.
const EXCEPTIONS = [
  {
    name: /^@img\/sharp-libvips-/,
    licence: "LGPL-3.0-or-later",
    why: "libvips, loaded unmodified as a shared library by sharp (Next's image optimiser): the LGPL allows shipping it so",
  },
];

/** Whether an SPDX expression ("MIT", "(MIT OR GPL-3.0)", "Apache-2.0 AND MIT") lets us ship the package. */
function isAllowed(expression) {
  const tokens = expression.match(/[()]|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at]?.toUpperCase();
  const anyOf = () => {
    let ok = allOf();
    while (peek() === "OR") {
      at++;
      ok = allOf() || ok;
    }
    return ok;
  };
  const allOf = () => {
    let ok = one();
    while (peek() === "AND") {
      at++;
      ok = one() && ok;
    }
    return ok;
  };
  const one = () => {
    if (peek() === "(") {
      at++;
      const ok = anyOf();
      if (peek() === ")") at++;
      return ok;
    }
    const id = tokens[at++]?.toUpperCase() ?? "";
    if (peek() === "WITH") at += 2; // an exception to a licence we refuse does not make it one we take
    return ALLOWED_IDS.has(id);
  };
  const ok = tokens.length > 0 && anyOf();
  return ok && at === tokens.length;
}

/** The licence a package.json declares, as an SPDX expression ("UNKNOWN" when it declares none). */
function licenceOf(pkg) {
  const asText = (value) => (typeof value === "string" ? value : value?.type);
  if (pkg.license) return asText(pkg.license) ?? "UNKNOWN";
  if (Array.isArray(pkg.licenses) && pkg.licenses.length > 0) return pkg.licenses.map(asText).join(" OR "); // the old dual-licence form
  return "UNKNOWN";
}

function readJson(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** The folder Node would load `name` from when required inside `from`, not looking above `root`. */
function resolvePackage(name, from, root) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return realpathSync(candidate);
    if (dir === root || path.dirname(dir) === dir) return null;
  }
}

/** Every production package under `root`, each once, with the chain of packages that pulls it in. */
function productionPackages(root) {
  const top = readJson(path.join(root, "package.json"));
  const found = new Map(); // folder -> { name, version, licence, via }
  const queue = [{ from: root, pkg: top, via: [] }];
  while (queue.length > 0) {
    const { from, pkg, via } = queue.shift();
    const wanted = { ...pkg.peerDependencies, ...pkg.optionalDependencies, ...pkg.dependencies };
    for (const name of Object.keys(wanted)) {
      const dir = resolvePackage(name, from, root);
      if (dir === null || found.has(dir)) continue; // an optional or peer package not installed here is not shipped
      const child = readJson(path.join(dir, "package.json"));
      found.set(dir, { name: child.name ?? name, version: child.version, licence: licenceOf(child), via });
      queue.push({ from: dir, pkg: child, via: [...via, name] });
    }
  }
  return [...found.entries()].map(([dir, info]) => ({ dir: path.relative(root, dir), ...info }));
}

/** The packages we may not ship: not allowed, and not an exception with the licence it names. */
function offenders(packages) {
  const excused = (p) => EXCEPTIONS.some((e) => e.name.test(p.name) && e.licence === p.licence);
  return packages.filter((p) => !isAllowed(p.licence) && !excused(p));
}

function main() {
  const root = path.resolve(process.argv[2] ?? ".");
  const packages = productionPackages(root);
  const bad = offenders(packages);
  if (bad.length === 0) {
    console.log(`licences: ${packages.length} production packages, all shippable under MIT`);
    return;
  }
  console.error(`licences: ${bad.length} production package(s) with a licence this MIT project cannot ship:`);
  for (const p of bad) {
    const via = p.via.length > 0 ? `, pulled in by ${p.via.join(" > ")}` : ", a direct dependency";
    console.error(`  ${p.name}@${p.version}: ${p.licence} (${p.dir}${via})`);
  }
  console.error(`Allowed: ${ALLOWED.join(", ")}.`);
  console.error("Replace the package, move it to devDependencies if the site does not use it, or, when its licence");
  console.error("really allows shipping it as we do, add it to EXCEPTIONS in scripts/check-licences.mjs with the reason.");
  process.exitCode = 1;
}

main();
