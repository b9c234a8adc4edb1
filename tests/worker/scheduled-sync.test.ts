/**
 * The cron trigger as Cloudflare runs it: it only asks the catalog
 * coordinator for a sync. In this project Directus cannot be reached
 * (vitest.worker.config.ts), so the coordinator's run must fail, say so in
 * one JSON log line, and leave the published catalog alone, while the cron
 * run itself succeeds at what it does: asking.
 */
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { readPointer } from "../../catalog/format/storage.ts";
import { publishRecipes, recipe } from "./catalog-fixture.ts";
import { loggedDuring } from "./log-lines.ts";

/** The built Worker's handlers, called directly. */
async function builtWorker(): Promise<Required<Pick<ExportedHandler<Env>, "scheduled">>> {
  // @ts-expect-error: the build output is plain JavaScript without type declarations
  return (await import("../../build/server/index.js")).default;
}

beforeAll(() => publishRecipes([recipe({ id: 1, slug: "erbsensuppe", name: "Erbsensuppe", type: "SOUP" })]));

describe("the scheduled sync", () => {
  it("asks the coordinator, whose run fails with one JSON log line when Directus cannot be reached; the catalog stays", async () => {
    const before = await readPointer(env.CATALOG);
    const coordinator = env.CATALOG_COORDINATOR.getByName("catalog");
    const { entries: logged } = await loggedDuring(async () => {
      const worker = await builtWorker();
      await worker.scheduled(createScheduledController({ cron: "*/15 * * * *" }), env, createExecutionContext());
      for (let attempt = 0; attempt < 200 && !(await coordinator.status()).last; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }, "sync");
    const last = (await coordinator.status()).last;
    expect(last).toMatchObject({ trigger: "cron", state: "failed", error: { kind: "source" } });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: "error",
      event: "sync",
      trigger: "cron",
      outcome: "failed",
      version: null,
      writes: null,
    });
    expect(typeof logged[0]?.durationMs).toBe("number");
    expect(String(logged[0]?.error)).toMatch(/directus/i);
    expect((await readPointer(env.CATALOG))?.manifest).toBe(before?.manifest);
  });
});
