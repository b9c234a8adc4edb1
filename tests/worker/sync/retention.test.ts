/**
 * Which versions KV keeps: the live one, the last KEEP_VERSIONS for a
 * rollback, and anything retired within the grace period; the rest and the
 * blobs only they used are deleted. Real publish code on the local KV.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { blobKey, manifestBlobs, manifestKey, readManifest, readPointer } from "../../../app/lib/catalog/storage.ts";
import { buildCatalog } from "../../../workers/sync/build-catalog.ts";
import { GRACE_MS, KEEP_VERSIONS, publish, VERIFY_EVERY_MS } from "../../../workers/sync/publish.ts";
import { rollback } from "../../../workers/sync/rollback.ts";
import { recipe } from "../catalog-fixture.ts";

function edition(n: number) {
  return buildCatalog(
    [
      recipe({ id: 1, slug: "suppe", name: `Suppe ${n}`, type: "SOUP" }),
      recipe({ id: 2, slug: "salat", name: "Salat" }),
    ],
    [],
  );
}

async function exists(key: string): Promise<boolean> {
  return (await env.CATALOG.get(key, "text")) !== null;
}

describe("retention", () => {
  it("keeps the last versions for a rollback and deletes older ones with their own blobs", async () => {
    const start = Date.UTC(2026, 10, 1);
    const hour = 3_600_000;
    const published: string[] = [];
    // One edition every two hours: every retired version is past the grace period soon after.
    for (let n = 1; n <= KEEP_VERSIONS + 3; n++) {
      const result = await publish(env.CATALOG, edition(n), { now: new Date(start + n * 2 * hour) });
      expect(result.status).toBe("published");
      published.push(result.manifest);
    }
    const pointer = await readPointer(env.CATALOG);
    expect(pointer?.manifest).toBe(published.at(-1));
    const kept = published.slice(-1 - KEEP_VERSIONS, -1);
    expect(pointer?.retired.map((entry) => entry.manifest)).toEqual(kept);
    expect(pointer?.retired.every((entry) => entry.counts?.recipes === 2)).toBe(true);

    for (const hash of kept) {
      const manifest = await readManifest(env.CATALOG, hash);
      for (const blob of manifestBlobs(manifest)) expect(await exists(blobKey(blob))).toBe(true);
    }
    for (const gone of published.slice(0, -1 - KEEP_VERSIONS)) expect(await exists(manifestKey(gone))).toBe(false);

    // A rollback reaches the newest kept one.
    const back = await rollback(env.CATALOG, { now: new Date(start + 100 * hour) });
    expect(back.manifest).toBe(kept.at(-1));
  });

  it("keeps a version replaced within the grace period even beyond the count", async () => {
    const start = Date.UTC(2026, 11, 1);
    const results = [];
    for (let n = 1; n <= KEEP_VERSIONS + 2; n++) {
      results.push(await publish(env.CATALOG, edition(100 + n), { now: new Date(start + n * 60_000) }));
    }
    const pointer = await readPointer(env.CATALOG);
    // All within minutes: none is past GRACE_MS, so none is deleted yet.
    expect(GRACE_MS).toBeGreaterThan((KEEP_VERSIONS + 2) * 60_000);
    for (const result of results.slice(0, -1)) {
      expect(pointer?.retired.map((entry) => entry.manifest)).toContain(result.manifest);
    }
  });

  it("marks an unchanged version as confirmed at most once per VERIFY_EVERY_MS", async () => {
    const start = Date.UTC(2027, 0, 1);
    await publish(env.CATALOG, edition(500), { now: new Date(start) });
    const soon = await publish(env.CATALOG, edition(500), { now: new Date(start + VERIFY_EVERY_MS / 2) });
    expect(soon).toMatchObject({ status: "unchanged", writes: 0 });
    const later = await publish(env.CATALOG, edition(500), { now: new Date(start + VERIFY_EVERY_MS + 1) });
    expect(later).toMatchObject({ status: "unchanged", writes: 1 });
    expect((await readPointer(env.CATALOG))?.verifiedAt).toBe(new Date(start + VERIFY_EVERY_MS + 1).toISOString());
  });
});
