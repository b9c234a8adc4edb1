/**
 * Scheduled publishing on the built Worker: a published recipe whose publish
 * time lies ahead is on no page, in no sitemap, no search and no ingredient
 * count, and the catalog coordinator (a real Durable Object) publishes it by
 * its own alarm at that time, without a cron or a call of /sync. Real time:
 * the Durable Object's clock cannot be moved from here, so the time is a few
 * seconds ahead.
 */
import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { CoordinatorStatus } from "../../../catalog/sync/coordinator.ts";
import { freshSite, get, holds, ORIGIN, sync } from "../sync-site.ts";

beforeEach(freshSite);

const page = (path: string) => exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual" }));

/** Where the site shows suppe-3, as a visitor and a crawler see it. */
async function seen(): Promise<{ page: boolean; search: boolean; sitemap: boolean; waterCount: number }> {
  const recipe = await page("/rezepte/suppe-3");
  await recipe.arrayBuffer();
  const search = await (await page("/suche?q=Suppe")).text();
  const index = await (await page("/sitemap.xml")).text();
  let sitemap = "";
  for (const [, part] of index.matchAll(/<loc>[^<]*(\/sitemap\/[^<]+)<\/loc>/g)) {
    sitemap += await (await page(part as string)).text();
  }
  const { ingredients } = (await (await page("/zutatensuche/zutaten.json")).json()) as {
    ingredients: [string, string, number, number][];
  };
  return {
    page: recipe.status === 200,
    search: search.includes('data-slug="suppe-3"'),
    sitemap: sitemap.includes("/rezepte/suppe-3"),
    waterCount: ingredients.find(([slug]) => slug === "wasser")?.[2] ?? 0,
  };
}

describe("a recipe with a publish time", () => {
  it("is nowhere on the site before its time, and everywhere after it, published by the coordinator's alarm", async () => {
    const at = Date.now() + 4_000;
    await holds({ recipes: 3, flawed: { "3": { publish_at: new Date(at).toISOString() } } });
    const first = await sync();
    expect(first.summary).toMatchObject({ status: "published", recipes: 2 });
    const { body: status } = await get<CoordinatorStatus>("/sync");
    expect(status.dueAt).toBe(new Date(at).toISOString());
    expect(await seen()).toEqual({ page: false, search: false, sitemap: false, waterCount: 2 });

    // No cron, no call of /sync: the alarm wakes the coordinator at the time. Then each isolate looks
    // for a new version within 5 s.
    let after = await seen();
    while (!after.page && Date.now() < at + 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await seen();
    }
    expect(after).toEqual({ page: true, search: true, sitemap: true, waterCount: 3 });
    const { body: later } = await get<CoordinatorStatus>("/sync");
    expect(later.last).toMatchObject({ trigger: "schedule", summary: { status: "published", recipes: 3 } });
    expect(Date.parse(later.live?.publishedAt ?? "")).toBeGreaterThanOrEqual(at);
    expect(Date.parse(later.live?.publishedAt ?? "") - at).toBeLessThan(60_000);
    expect(later.dueAt).toBeNull();
  });

  it("leaves the site at its time to go offline", async () => {
    const at = Date.now() + 3_000;
    await holds({ recipes: 3, flawed: { "3": { unpublish_at: new Date(at).toISOString() } } });
    expect((await sync()).summary).toMatchObject({ recipes: 3 });
    let after = await seen();
    expect(after.page).toBe(true);
    while (after.page && Date.now() < at + 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await seen();
    }
    expect(after).toEqual({ page: false, search: false, sitemap: false, waterCount: 2 });
  });
});
