/**
 * The CPU time workerd processes have used, read from /proc: what the bench
 * divides by the requests it sent to get a page's CPU per request. Process
 * CPU (user + system, every thread) counts what the isolate did and also
 * what shares its process (Miniflare's own Workers, V8's helper threads), so
 * a figure is only meaningful against a baseline measured the same way.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Which workerd processes count: those of a process group (wrangler dev's), or the children of one process (a Miniflare's). */
export type WorkerdOwner = { processGroup: number } | { parent: number };

/** CPU seconds (user + system) of every workerd process `owner` names, at 10 ms resolution. */
export function workerdCpuSeconds(owner: WorkerdOwner): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command, which is in parentheses and may hold spaces:
    // state, parent, process group, … user time (12th), system time (13th).
    const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (command !== "workerd") continue;
    const owned =
      "processGroup" in owner ? Number(fields[2]) === owner.processGroup : Number(fields[1]) === owner.parent;
    if (owned) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}
