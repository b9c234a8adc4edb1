/**
 * The cron trigger's sync as Cloudflare runs it. In this project Directus
 * cannot be reached (vitest.worker.config.ts), so the run must fail, say so
 * in one JSON log line, and leave the published catalog alone.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readPointer } from "../../app/lib/catalog/storage.ts";
import { publishRecipes, recipe } from "./catalog-fixture.ts";

/** The Worker's own entrypoint runs its cron handler (`Fetcher.scheduled`, missing from the generated types). */
const worker = exports.default as unknown as { scheduled(options: { cron: string }): Promise<unknown> };

beforeAll(() => publishRecipes([recipe({ id: 1, slug: "erbsensuppe", name: "Erbsensuppe", type: "SOUP" })]));

describe("the scheduled sync", () => {
  it("fails the cron run when Directus cannot be reached, with one JSON log line, and keeps the catalog", async () => {
    const before = await readPointer(env.CATALOG);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // The handler's failure reaches the caller: the cron run counts as failed.
    await expect(worker.scheduled({ cron: "*/15 * * * *" })).rejects.toThrow(/directus/);
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
