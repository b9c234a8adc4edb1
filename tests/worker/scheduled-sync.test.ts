/**
 * The cron trigger's sync as Cloudflare runs it. In this project Directus
 * cannot be reached (vitest.worker.config.ts), so the run must fail, say so
 * in one JSON log line, and leave the published catalog alone.
 */
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readPointer } from "../../app/lib/catalog/storage.ts";
import { publishRecipes, recipe } from "./catalog-fixture.ts";

/**
 * The built Worker's handlers, called directly: through the runtime's own
 * entrypoint a failed run is also reported as an uncaught exception, which
 * the test runner would count as a failure of its own.
 */
async function builtWorker(): Promise<Required<Pick<ExportedHandler<Env>, "scheduled">>> {
  // @ts-expect-error: the build output is plain JavaScript without type declarations
  return (await import("../../build/server/index.js")).default;
}

beforeAll(() => publishRecipes([recipe({ id: 1, slug: "erbsensuppe", name: "Erbsensuppe", type: "SOUP" })]));

describe("the scheduled sync", () => {
  it("fails the cron run when Directus cannot be reached, with one JSON log line, and keeps the catalog", async () => {
    const before = await readPointer(env.CATALOG);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // The handler's failure reaches the caller: the cron run counts as failed.
    const worker = await builtWorker();
    const run = worker.scheduled(createScheduledController({ cron: "*/15 * * * *" }), env, createExecutionContext());
    await expect(run).rejects.toThrow(/directus/);
    const lines = errors.mock.calls.map(([line]) => String(line));
    errors.mockRestore();

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ event: "sync", outcome: "failed", version: null, writes: null });
    expect(typeof logged[0]?.durationMs).toBe("number");
    expect(String(logged[0]?.error)).toMatch(/directus/i);
    expect((await readPointer(env.CATALOG))?.manifest).toBe(before?.manifest);
  });
});
