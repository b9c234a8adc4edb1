/**
 * A step of the catalog coordinator killed by the runtime in the middle of a
 * publish, in workerd: the built Worker's Durable Object (its SQLite storage
 * and its real alarm) is aborted while its alarm's step waits on Directus,
 * so no `catch` of the step runs. The alarm the step set for its retry
 * before its work wakes the object again; that step counts the cut-off one
 * as failed (decision 0032, Faults). Project worker-sync of
 * vitest.worker.config.ts.
 */
import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, expect, it } from "vitest";
import { readPointer } from "../../../catalog/format/storage.ts";
import type { CoordinatorStatus } from "../../../catalog/sync/coordinator.ts";
import { loggedEvents } from "../log-lines.ts";
import { ask, finished, freshSite, get, holds, ORIGIN, standIn, sync } from "../sync-site.ts";

beforeEach(freshSite);

/** Waits until `done` holds, asking every 50 ms for at most `ms`. */
async function until(done: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  for (const start = Date.now(); Date.now() - start < ms; ) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("test: waited in vain");
}

const coordinator = () => env.CATALOG_COORDINATOR.getByName("catalog");
const page = async () => (await exports.default.fetch(new Request(`${ORIGIN}/rezepte/suppe-1`))).text();

it("counts a step aborted while it publishes as failed when its alarm wakes the object; the live version stays, the publish completes", async () => {
  const live = (await sync()).summary?.manifest;
  expect(await page()).toContain("Ausgabe 1");

  // Directus holds every request: the publish's read step waits on it, and the object is aborted meanwhile.
  await holds({ edition: 2, stall: true });
  const asked = Date.now();
  const { body } = await ask();
  await until(async () => (await standIn()).stalled > 0);
  expect(loggedEvents("sync.step-failed")).toEqual([]);
  // Before its first call of Directus the step set the alarm for its own retry, 2 s on: what wakes the object.
  const alarm = await runInDurableObject(coordinator(), (_, state) => state.storage.getAlarm());
  expect(alarm).toBeGreaterThanOrEqual(asked + 2_000);
  expect(alarm).toBeLessThanOrEqual(Date.now() + 2_000);
  await abortAllDurableObjects();

  // Nothing asks the object to work: its alarm wakes it, and that step counts the one cut off.
  await until(() => loggedEvents("sync.step-failed").length > 0);
  expect(loggedEvents("sync.step-failed")).toEqual([
    expect.objectContaining({ level: "error", work: "request", request: body.request, failures: 1, killed: true }),
  ]);
  const { body: status } = await get<CoordinatorStatus>("/sync");
  expect(status.faults.failing).toMatchObject({ request: body.request, failures: 1, killed: true });
  expect(status.running?.id).toBe(body.request);
  expect((await readPointer(env.CATALOG))?.manifest).toBe(live);
  expect(await page()).toContain("Ausgabe 1");

  // Directus answers again: the retried step reads, and the request completes.
  await holds({ stall: false });
  const view = await finished(body.request);
  expect(view.summary).toMatchObject({ status: "published" });
  expect((await readPointer(env.CATALOG))?.manifest).toBe(view.summary?.manifest);
  expect(loggedEvents("sync.step-failed")).toHaveLength(1);
  const { body: after } = await get<CoordinatorStatus>("/sync");
  expect(after.faults).toMatchObject({ failing: null, stepUnderWay: null, gaveUp: null });

  // And the next publish, too.
  await holds({ edition: 3 });
  expect((await sync()).summary?.status).toBe("published");
});
