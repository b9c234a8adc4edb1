/**
 * The edge page cache (workers/page-cache.ts), miss against hit, side by
 * side in one run: the built site in `wrangler dev` (workerd, local mode,
 * with Miniflare's Cache API) on a synthetic catalog published with the real
 * publish code, the same recipe pages requested once (each a miss: rendered
 * and stored) and then again (each a hit: looked up, nonce rewritten).
 * Wall time is seen from the client, one request at a time; CPU is workerd's
 * own (user + system, from /proc) over each pass, per request.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import { withLocalCatalogStore } from "../local-stack/local-kv.ts";
import { serveBuild } from "../local-stack/site.ts";
import { syntheticCatalog } from "./catalog.ts";
import { percentile } from "./statistics.ts";
import { workerdCpuSeconds } from "./workerd-cpu.ts";

export interface PassFigures {
  requests: number;
  medianMs: number;
  p95Ms: number;
  /** workerd's CPU time over the pass, per request. */
  cpuMsPerRequest: number;
}

export interface PageCacheBench {
  recipes: number;
  miss: PassFigures;
  hit: PassFigures;
  /** `/healthz` (one KV read, a line of JSON): what any request costs around the page. */
  baseline: PassFigures;
}

/** Requests every URL once, in order, checking each answer's Cache-Status. */
async function pass(urls: string[], group: number, expected: RegExp | null): Promise<PassFigures> {
  const times: number[] = [];
  const cpuBefore = workerdCpuSeconds({ processGroup: group });
  for (const url of urls) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    const status = response.headers.get("cache-status") ?? "";
    if (!response.ok || (expected && !expected.test(status))) {
      throw new Error(`bench: ${url} answered ${response.status} with Cache-Status "${status}"`);
    }
  }
  const cpu = workerdCpuSeconds({ processGroup: group }) - cpuBefore;
  times.sort((a, b) => a - b);
  return {
    requests: urls.length,
    medianMs: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    cpuMsPerRequest: (cpu * 1000) / urls.length,
  };
}

/** Serves the build in `buildDir` on a synthetic catalog of `recipes` and measures `pages` recipe pages missed, then hit. */
export async function benchPageCache(buildDir: string, recipes: number, pages: number): Promise<PageCacheBench> {
  const persistDir = mkdtempSync(join(tmpdir(), "bench-page-cache-"));
  try {
    await withLocalCatalogStore(persistDir, (store) => publishWithoutCoordinator(store, syntheticCatalog(recipes)));
    // Nothing listens on port 9: anonymous pages never ask Directus.
    const site = await serveBuild({ buildDir, persistDir, directusUrl: "http://127.0.0.1:9" });
    try {
      // Spread over the catalog, so no page shares its render with another.
      const step = Math.max(1, Math.floor(recipes / pages));
      const urls = Array.from({ length: pages }, (_, i) => `${site.url}/rezepte/rezept-${1 + i * step}`);
      // The first request of a cold isolate loads the catalog: not part of either pass.
      await (await fetch(`${site.url}/rezepte/rezept-${recipes}`)).arrayBuffer();
      const miss = await pass(urls, site.processGroup, /fwd=miss; stored/);
      const hit = await pass(urls, site.processGroup, /^wkij; hit$/);
      const baseline = await pass(
        urls.map(() => `${site.url}/healthz`),
        site.processGroup,
        null,
      );
      return { recipes, miss, hit, baseline };
    } finally {
      await site.stop();
    }
  } finally {
    rmSync(persistDir, { recursive: true, force: true });
  }
}
