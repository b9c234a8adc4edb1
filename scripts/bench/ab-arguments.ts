/**
 * The command line of the A/B tools (render-ab.ts, worker-ab.ts):
 * `<build dir>… -- <argument>…`. Exits with `usage` when either side is
 * empty.
 */
import { resolve } from "node:path";

export function abArguments(usage: string): { builds: string[]; rest: string[] } {
  const separator = process.argv.indexOf("--");
  const builds = process.argv.slice(2, separator === -1 ? undefined : separator).map((dir) => resolve(dir));
  const rest = separator === -1 ? [] : process.argv.slice(separator + 1);
  if (builds.length === 0 || rest.length === 0) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return { builds, rest };
}
