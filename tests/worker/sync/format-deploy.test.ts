/**
 * A deploy of code with a new catalog format, in workerd: the coordinator's
 * Durable Object restarts with the new code, and its first call (here the
 * deploy's own check, /healthz) finds the live version in the format before;
 * it publishes the catalog in its own format by itself (decision 0032).
 * Project worker-sync of vitest.worker.config.ts.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, expect, it } from "vitest";
import { readManifest, readPointer } from "../../../catalog/format/storage.ts";
import { CATALOG_FORMAT_VERSION } from "../../../catalog/recipes/types.ts";
import type { CoordinatorStatus } from "../../../catalog/sync/coordinator.ts";
import { liveInOlderFormat } from "../../stand-ins/older-format-version.ts";
import { loggedEvents } from "../log-lines.ts";
import { freshSite, get, health, sync } from "../sync-site.ts";

beforeEach(freshSite);

const servedFormat = async () => {
  const pointer = await readPointer(env.CATALOG);
  return pointer ? (await readManifest(env.CATALOG, pointer.manifest)).formatVersion : null;
};

it("publishes the catalog again in the code's format when the object starts after the deploy, by itself", async () => {
  const first = await sync();
  const coordinator = env.CATALOG_COORDINATOR.getByName("catalog");
  const older = await runInDurableObject(coordinator, (_, state) =>
    liveInOlderFormat(state.storage.sql, env.CATALOG, Date.now()),
  );
  expect(await servedFormat()).toBe(CATALOG_FORMAT_VERSION - 1);
  // The deploy: the object's instance ends; the next call starts one with this code.
  await evictDurableObject(coordinator);
  expect(loggedEvents("sync.format-outdated")).toEqual([]);

  // The deploy's check asks /healthz (a version this isolate has no kept answer for): nothing else asks.
  await health();
  for (let wait = 0; wait < 200 && (await servedFormat()) !== CATALOG_FORMAT_VERSION; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await servedFormat()).toBe(CATALOG_FORMAT_VERSION);
  expect((await readPointer(env.CATALOG))?.manifest).toBe(first.summary?.manifest);
  const [line] = loggedEvents("sync.format-outdated");
  expect(line).toMatchObject({
    level: "warn",
    version: older,
    format: CATALOG_FORMAT_VERSION - 1,
    codeFormat: CATALOG_FORMAT_VERSION,
    held: false,
  });
  const { body: status } = await get<CoordinatorStatus>("/sync");
  expect(status.last).toMatchObject({
    id: line?.request,
    trigger: "schedule",
    action: "publish",
    summary: { status: "published", read: { full: true } },
  });
});
