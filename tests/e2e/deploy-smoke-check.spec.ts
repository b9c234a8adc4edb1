/**
 * The deploy's checks (scripts/operations/deploy/smoke-check.ts) against the built site
 * in workerd, with the seed's catalog published from a real Directus: what
 * the pipeline asks of a new version on Cloudflare must hold for the Worker as
 * it is built, so a change to the pages that the checks read fails here first.
 * No browser: plain requests, once (in the desktop project).
 */
import { expect, test } from "@playwright/test";
import { inScratchFolder } from "../../scripts/local-stack/scratch-folder.ts";
import { serveBuild } from "../../scripts/local-stack/site.ts";
import { smokeCheck } from "../../scripts/operations/deploy/smoke-check.ts";
import { BASE_URL } from "./stack.ts";

/** The build's Worker name; locally nothing routes by it, the checks only send it. */
const WORKER = "was-koche-ich-jetzt-lokal";

test.describe("the deploy's checks", () => {
  /** The version the served Worker names in its Worker-Version header. */
  async function servedVersion(site: string): Promise<string> {
    const response = await fetch(`${site}/impressum`);
    const version = response.headers.get("worker-version");
    expect(version).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    return version ?? "";
  }

  test("pass on the built site, aimed at the version that serves it", async () => {
    const version = await servedVersion(BASE_URL);
    const results = await smokeCheck({ site: BASE_URL, worker: WORKER, version });
    expect(results.filter((result) => !result.ok)).toEqual([]);
    expect(results.map((result) => result.name)).toEqual(["health", "home", "recipe", "search", "ingredient search"]);
  });

  test("fail, every one, when another version must answer", async () => {
    const served = await servedVersion(BASE_URL);
    const other = "00000000-0000-4000-8000-000000000000";
    const results = await smokeCheck({ site: BASE_URL, worker: WORKER, version: other });
    expect(results.every((result) => !result.ok)).toBe(true);
    expect(results[0]?.problem).toBe(`answered by version ${served}, not ${other}`);
  });

  test("fail on the built site with nothing published", async () => {
    test.setTimeout(90_000);
    const site = await inScratchFolder("deploy-check-empty-", (persistDir) =>
      serveBuild({ persistDir, directusUrl: "http://127.0.0.1:9" }),
    );
    try {
      const results = await smokeCheck({ site: site.url, worker: WORKER, version: await servedVersion(site.url) });
      expect(Object.fromEntries(results.map((result) => [result.name, result.ok]))).toEqual({
        health: false,
        home: false,
        recipe: false,
        search: false,
        "ingredient search": true,
      });
      expect(results.find((result) => result.name === "health")?.problem).toBe("answered 503");
    } finally {
      await site.stop();
    }
  });
});
