/**
 * The reference workload timed in a Node process of its own:
 * `node scripts/bench/reference-workload-process.ts` prints its CPU ms, the
 * median of TIMED_RUNS runs after WARM_RUNS that let V8 optimise it. Timed
 * inside the bench's process, the figure took in whatever that process was
 * doing besides (likely its garbage collector's threads, which count in its
 * CPU time): 109–154 ms there against 80 here (decision 0055).
 */
import { runReferenceWorkload } from "./reference-workload.ts";
import { median } from "./statistics.ts";

const WARM_RUNS = 3;
const TIMED_RUNS = 3;

for (let run = 0; run < WARM_RUNS; run++) runReferenceWorkload();
const times = Array.from({ length: TIMED_RUNS }, () => {
  const before = process.cpuUsage();
  if (runReferenceWorkload() === 0) throw new Error("reference-workload: no work was done");
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
});
process.stdout.write(String(median(times)));
