/**
 * Where `npm start` tells other commands about the site it serves: its
 * address and the SYNC_TOKEN it made for this run, in a file only the user
 * can read. `npm run sync` asks that site's coordinator instead of starting
 * a second one on the same state folder (two would be two writers).
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { SiteSync } from "./site-sync.ts";

const RUNNING_SITE_FILE = ".wrangler/running-site.json";

interface RunningSite extends SiteSync {
  pid: number;
}

/** Records the site `npm start` (process `pid`) serves. */
export function announceRunningSite(site: SiteSync, pid = process.pid): void {
  mkdirSync(dirname(RUNNING_SITE_FILE), { recursive: true });
  writeFileSync(RUNNING_SITE_FILE, JSON.stringify({ ...site, pid } satisfies RunningSite), { mode: 0o600 });
  chmodSync(RUNNING_SITE_FILE, 0o600);
}

export function forgetRunningSite(): void {
  rmSync(RUNNING_SITE_FILE, { force: true });
}

/** The site `npm start` serves, if its process still runs. */
export function runningSite(): SiteSync | undefined {
  let site: RunningSite;
  try {
    site = JSON.parse(readFileSync(RUNNING_SITE_FILE, "utf8")) as RunningSite;
  } catch {
    return undefined;
  }
  try {
    process.kill(site.pid, 0);
  } catch {
    return undefined;
  }
  return { url: site.url, token: site.token };
}
