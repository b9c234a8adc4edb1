/**
 * The catalog coordinator's own code in workerd, on a Durable Object's real
 * SQLite storage and the Worker's real KV binding, with a clock the test
 * moves: a publish in many small steps, an eviction between two of them,
 * and retention over hours. (The Durable Object as the site uses it, through
 * /sync and its alarm: sync-endpoint.test.ts.)
 */
import { evictDurableObject, reset, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { blobKey, manifestBlobs, manifestKey, readManifest, readPointer } from "../../../catalog/format/storage.ts";
import { Coordinator, GRACE_MS, KEEP_VERSIONS, type RequestView } from "../../../catalog/sync/coordinator.ts";
import { memorySource, RAW_INGREDIENT, rawRecipe } from "../../stand-ins/raw-content.ts";

/** A coordinator instance of its own: the site's ("catalog") is left alone. */
const stub = () => env.CATALOG_COORDINATOR.getByName("storage-test");

/** What the test's Directus holds, and the test's clock and alarm (shared by every instance it makes). */
const world = { recipes: 3, edition: 1, now: Date.UTC(2027, 0, 1), alarmAt: null as number | null };

function coordinator(state: DurableObjectState): Coordinator {
  return new Coordinator({
    db: state.storage.sql,
    store: env.CATALOG,
    source: () =>
      memorySource(() => ({
        recipes: Array.from({ length: world.recipes }, (_, index) => rawRecipe(index + 1, world.edition)),
        ingredients: [RAW_INGREDIENT],
      })),
    clock: () => world.now,
    limits: { operationsPerStep: 5 },
    log: () => {},
    alarm: {
      get: async () => world.alarmAt,
      set: async (at) => {
        world.alarmAt = at;
      },
      delete: async () => {
        world.alarmAt = null;
      },
    },
  });
}

/** Runs due steps in the Durable Object until request `id` has finished; `between` runs after each step. */
async function finish(id: number, between: () => Promise<void> = async () => {}): Promise<RequestView> {
  for (let steps = 0; steps < 500; steps++) {
    const view = await runInDurableObject(stub(), (_, state) => coordinator(state).requestStatus(id));
    if (view?.state === "done" || view?.state === "failed") return view;
    if (world.alarmAt === null) throw new Error("no alarm is set");
    world.now = Math.max(world.now, world.alarmAt);
    world.alarmAt = null;
    await runInDurableObject(stub(), (_, state) => coordinator(state).step());
    await between();
  }
  throw new Error(`request ${id} did not finish`);
}

async function publish(between?: () => Promise<void>): Promise<RequestView> {
  const { id } = await runInDurableObject(stub(), (_, state) =>
    coordinator(state).request({ action: "publish", trigger: "api" }),
  );
  return finish(id, between);
}

beforeEach(async () => {
  await reset();
  world.recipes = 3;
  world.edition = 1;
  world.alarmAt = null;
});

describe("the coordinator on a Durable Object's storage", () => {
  it("publishes in steps of at most five KV operations, and carries on after an eviction between two", async () => {
    world.recipes = 400;
    let evictions = 0;
    const view = await publish(async () => {
      if (evictions++ % 3 === 0) await evictDurableObject(stub()).catch(() => {});
    });
    expect(view.summary).toMatchObject({ status: "published", recipes: 400 });
    const { writes = 0, steps = 0, maxOperations } = view.summary ?? {};
    expect(writes).toBeGreaterThan(10);
    expect(steps).toBeGreaterThanOrEqual(Math.ceil(writes / 5));
    expect(maxOperations).toBeLessThanOrEqual(5);
    expect(evictions).toBeGreaterThan(3);
    const pointer = await readPointer(env.CATALOG);
    expect(pointer?.manifest).toBe(view.summary?.manifest);
    const manifest = await readManifest(env.CATALOG, pointer?.manifest ?? "");
    for (const blob of manifestBlobs(manifest)) expect(await env.CATALOG.get(blobKey(blob))).not.toBeNull();
  });

  it("keeps the last versions for a rollback and deletes older ones with the blobs only they used", async () => {
    const published: string[] = [];
    for (let n = 1; n <= KEEP_VERSIONS + 3; n++) {
      world.edition = n;
      published.push((await publish()).summary?.manifest ?? "");
      world.now += 2 * 60 * 60 * 1000;
    }
    // The sweep runs in the steps after the last publish.
    while (world.alarmAt !== null && world.alarmAt <= world.now) {
      world.alarmAt = null;
      await runInDurableObject(stub(), (_, state) => coordinator(state).step());
    }
    const status = await runInDurableObject(stub(), (_, state) => coordinator(state).status());
    const kept = published.slice(-1 - KEEP_VERSIONS, -1);
    expect(status.kept.map((version) => version.manifest)).toEqual([...kept].reverse());
    for (const hash of kept) {
      for (const blob of manifestBlobs(await readManifest(env.CATALOG, hash))) {
        expect(await env.CATALOG.get(blobKey(blob))).not.toBeNull();
      }
    }
    for (const gone of published.slice(0, -1 - KEEP_VERSIONS)) {
      expect(await env.CATALOG.get(manifestKey(gone))).toBeNull();
    }
    expect(GRACE_MS).toBeLessThan(2 * 60 * 60 * 1000);
  });
});
