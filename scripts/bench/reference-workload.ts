/**
 * A fixed piece of JavaScript work the bench times beside the pages, so
 * that CPU figures from hosts of different speed can be put on one scale
 * (decision 0055): a page's CPU times the reference time over this run's
 * time of the workload is what the page would cost on the reference host.
 *
 * The workload is what a page render does most, in small: objects made and
 * thrown away, strings joined and escaped, JSON written and read, a sort, map
 * lookups. It is deterministic (a seeded generator, no clock, no locale), the
 * same work on every host, and returns a checksum so the engine cannot skip it.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Recipes-like records the workload makes per round, and its rounds. */
const RECORDS = 2_000;
const ROUNDS = 12;

/**
 * The reference speed: the median CPU time of the workload on the
 * reference host, the bench's 2-core host of issue 44 (Lighthouse's
 * benchmark index about 1,500–1,800 in Debian's Chromium), Node 24, taken on
 * 2026-11-29 as the median of 15 runs in one process after a run to warm
 * up (undisturbed, that is what `timeReferenceWorkloadApart()` measures
 * too: decision 0055). Figures normalised to it say what a
 * page costs on that host; a faster host's raw figures come out higher, a
 * slower one's lower. Change it only with decision 0055.
 */
export const REFERENCE_WORKLOAD_MS = 58;

/** A small linear congruential generator: the same numbers on every host. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state;
  };
}

const SYLLABLES = ["ka", "to", "mi", "spä", "tz", "le", "zwie", "bel", "nu", "del", "&", "<", "ö", "sup", "pe"];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) =>
    character === "&" ? "&amp;" : character === "<" ? "&lt;" : character === ">" ? "&gt;" : "&quot;",
  );
}

/** One run of the workload; its result only proves the work was done. */
export function runReferenceWorkload(): number {
  const next = generator(44);
  let checksum = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const records = Array.from({ length: RECORDS }, (_, id) => {
      let name = "";
      for (let part = 0; part < 3 + (next() % 4); part++) name += SYLLABLES[next() % SYLLABLES.length];
      return {
        id,
        name,
        minutes: 5 + (next() % 26),
        ingredients: Array.from({ length: 4 + (next() % 8) }, () => next() % 500),
      };
    });
    const parsed = JSON.parse(JSON.stringify(records)) as typeof records;
    parsed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    const byIngredient = new Map<number, number[]>();
    for (const record of parsed) {
      for (const ingredient of record.ingredients) {
        const list = byIngredient.get(ingredient);
        if (list) list.push(record.id);
        else byIngredient.set(ingredient, [record.id]);
      }
    }
    const html = parsed
      .slice(0, 500)
      .map(
        (record) =>
          `<li><a href="/rezepte/${record.id}">${escapeHtml(record.name)}</a> <span>${record.minutes} Min.</span> ${record.ingredients.map((ingredient) => byIngredient.get(ingredient)?.length ?? 0).join(",")}</li>`,
      )
      .join("");
    checksum = (checksum + html.length + byIngredient.size) >>> 0;
  }
  return checksum;
}

/**
 * The workload's CPU time in a Node process of its own (reference-workload-process.ts), in ms: what the
 * host's speed is, whatever the caller's process holds and does.
 */
export function timeReferenceWorkloadApart(): number {
  const run = spawnSync(
    process.execPath,
    [fileURLToPath(new URL("./reference-workload-process.ts", import.meta.url))],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const workloadMs = Number(run.stdout);
  if (run.status !== 0 || !(workloadMs > 0)) {
    throw new Error(
      `reference-workload: its process failed (exit ${run.status ?? run.signal}, printed "${run.stdout}")`,
    );
  }
  return workloadMs;
}

/**
 * `cpuMs` measured on a host where the workload took `workloadMs`, as it
 * would be on the reference host: scaled by reference over measured, so a
 * host twice as fast as the reference has its figures doubled.
 */
export function normalisedCpuMs(
  cpuMs: number,
  workloadMs: number,
  referenceMs: number = REFERENCE_WORKLOAD_MS,
): number {
  if (!(workloadMs > 0) || !(referenceMs > 0)) throw new Error("reference-workload: times must be positive");
  return cpuMs * (referenceMs / workloadMs);
}
