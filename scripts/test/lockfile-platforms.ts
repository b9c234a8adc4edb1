/**
 * Keeps `npm ci` working: every optional dependency a locked package declares
 * must have an entry in the lockfile, or `npm ci` stops with "Missing: … from
 * lock file" before installing anything.
 *
 * Why entries go missing: `npm install` treats an optional dependency it
 * cannot fetch as one to skip, and writes the lockfile without it. The
 * registry this project is developed against does not have every platform
 * build of every release (in November 2026 it lacked the macOS, Windows and
 * musl builds of @biomejs/biome 2.6.8 and workerd 1.20261117.1), so a lockfile
 * made here lost them without a word. tests/unit/lockfile.test.ts checks both
 * lockfiles; this script repairs one:
 *
 *   node scripts/test/lockfile-platforms.ts [--fix] [package-lock.json …]
 *
 * A repaired entry has the exact version the parent asks for. Its integrity
 * comes from the registry when the registry has that version; otherwise the
 * entry has no integrity and its platform fields (os, cpu, libc) come from the
 * newest version the registry has, or from the package's name if it has none:
 * `npm ci` on a matching machine then fetches it by version from its registry
 * (the public one has them), and every other machine skips it.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

/** One entry of a lockfile's `packages` (lockfileVersion 3), as far as this script reads it. */
interface LockEntry {
  version?: string;
  integrity?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}

export interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

/** An optional dependency that a locked package declares and the lockfile does not hold. */
interface MissingOptional {
  /** The declaring package's path in the lockfile, e.g. `node_modules/workerd`. */
  parent: string;
  name: string;
  /** The version range the parent declares. */
  spec: string;
}

/** Where Node's resolution would find `name` from the package at `from`, if the lockfile has it. */
function resolveInLock(packages: Lockfile["packages"], from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base === "" ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === "") return undefined;
    const parentEnd = base.lastIndexOf("/node_modules/");
    base = parentEnd < 0 ? "" : base.slice(0, parentEnd);
  }
}

/** Every optional dependency declared in the lockfile that `npm ci` would find missing. */
export function missingOptionalPackages(lock: Lockfile): MissingOptional[] {
  if (lock.lockfileVersion < 2) throw new Error("lockfile-platforms: needs lockfileVersion 2 or 3");
  const missing: MissingOptional[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!resolveInLock(lock.packages, path, name)) missing.push({ parent: path, name, spec });
    }
  }
  return missing;
}

/** Package metadata from the registry through the npm client; undefined when it has none. */
function npmView(spec: string): Record<string, unknown> | undefined {
  const result = spawnSync("npm", ["view", spec, "--json"], { encoding: "utf8" });
  if (result.status !== 0 || result.stdout.trim() === "") return undefined;
  const parsed = JSON.parse(result.stdout) as Record<string, unknown> | Record<string, unknown>[];
  // A range that matches several versions gives a list; the last is the newest.
  return Array.isArray(parsed) ? parsed.at(-1) : parsed;
}

const OS_TOKENS: Record<string, string> = {
  android: "android",
  darwin: "darwin",
  linux: "linux",
  win32: "win32",
  windows: "win32",
  freebsd: "freebsd",
  openbsd: "openbsd",
  sunos: "sunos",
  aix: "aix",
};
const CPU_TOKENS: Record<string, string> = {
  arm64: "arm64",
  x64: "x64",
  "64": "x64",
  arm: "arm",
  ia32: "ia32",
  ppc64: "ppc64",
  s390x: "s390x",
  riscv64: "riscv64",
};

/**
 * The platform a build is for, read from its name (`cli-darwin-arm64`,
 * `workerd-windows-64`, `…-musl`): the last resort for a package the registry
 * has never heard of, so that `npm ci` elsewhere still skips it.
 */
export function platformFromName(name: string): { os?: string[]; cpu?: string[]; libc?: string[] } {
  const tokens = (name.split("/").at(-1) ?? "").split("-");
  const os = tokens.map((token) => OS_TOKENS[token]).find(Boolean);
  const cpu = tokens.map((token) => CPU_TOKENS[token]).find(Boolean);
  return {
    ...(cpu ? { cpu: [cpu] } : {}),
    ...(tokens.includes("musl") ? { libc: ["musl"] } : {}),
    ...(os ? { os: [os] } : {}),
  };
}

/** A lockfile entry for a missing optional dependency, as close as this registry allows to what `npm install` writes. */
function entryFor(missing: MissingOptional, parent: LockEntry): { entry: LockEntry; source: string } {
  if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(missing.spec)) {
    throw new Error(`lockfile-platforms: ${missing.name}@${missing.spec} is not an exact version; add it by hand`);
  }
  const exact = npmView(`${missing.name}@${missing.spec}`);
  const newest = exact ? undefined : npmView(missing.name);
  const manifest = exact ??
    newest ?? { ...platformFromName(missing.name), license: parent.license, engines: parent.engines };
  const source = exact
    ? "from the registry"
    : newest
      ? `platform from ${missing.name}@${String(newest.version)}, no integrity`
      : "platform from its name, no integrity";
  const dist = manifest.dist as { integrity?: string } | undefined;
  const entry: LockEntry = { version: missing.spec };
  if (exact && dist?.integrity) entry.integrity = dist.integrity;
  // npm's own order of fields in a lockfile entry.
  for (const field of ["cpu", "dev", "libc", "license", "optional", "os", "engines"]) {
    if (field === "dev") {
      if (parent.dev) entry.dev = true;
    } else if (field === "optional") {
      entry.optional = true;
    } else if (manifest[field] !== undefined) {
      entry[field] = manifest[field];
    }
  }
  return { entry, source };
}

/** Adds an entry for every missing optional dependency, beside its parent's other dependencies; returns what it added. */
function repairLockfile(lock: Lockfile, log: (line: string) => void = () => {}): MissingOptional[] {
  const missing = missingOptionalPackages(lock);
  for (const item of missing) {
    const parent = lock.packages[item.parent] ?? {};
    const top = `node_modules/${item.name}`;
    const path = lock.packages[top] ? `${item.parent}/node_modules/${item.name}` : top;
    const { entry, source } = entryFor(item, parent);
    lock.packages[path] = entry;
    log(`added ${path}@${entry.version} (${source})`);
  }
  // npm keeps the entries sorted by path.
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, "en")));
  return missing;
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    options: { fix: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const files = positionals.length > 0 ? positionals : ["package-lock.json", "cms/package-lock.json"];
  let failed = false;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const lock = JSON.parse(text) as Lockfile;
    if (values.fix) {
      const added = repairLockfile(lock, (line) => console.log(`${file}: ${line}`));
      if (added.length > 0) writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
      else console.log(`${file}: complete`);
    } else {
      const missing = missingOptionalPackages(lock);
      for (const item of missing) console.error(`${file}: ${item.parent} declares ${item.name}@${item.spec}: missing`);
      if (missing.length > 0) failed = true;
      else console.log(`${file}: complete`);
    }
  }
  if (failed) {
    console.error("lockfile-platforms: `npm ci` would fail; run `node scripts/test/lockfile-platforms.ts --fix`");
    process.exit(1);
  }
}
