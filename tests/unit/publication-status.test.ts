/**
 * Publication statuses and scheduled publishing in the catalog coordinator
 * (catalog/sync/coordinator.ts, publication.ts): its real code on
 * node:sqlite over the in-memory KV, with Directus' status rows in memory
 * (tests/model/memory-publications.ts). What is written back after a
 * publish, only what changed, a write-back that fails (before or after it
 * took effect) never holding up publishing, and the alarm that wakes for a
 * recipe's publish time. Against the real Directus: tests/cms/publication.test.ts.
 */
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { readPointer } from "../../catalog/format/storage.ts";
import { STATUS_BATCH } from "../../catalog/sync/coordinator.ts";
import {
  type DesiredStatus,
  NOT_PUBLISHED,
  pendingChanges,
  type RecipeStatus,
  settledStatus,
  VERSION_CHARS,
} from "../../catalog/sync/publication.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { MemoryPublications } from "../model/memory-publications.ts";
import { memorySource, RAW_INGREDIENT, rawRecipe } from "../stand-ins/raw-content.ts";

const START = Date.parse("2026-11-28T09:00:00Z");
const MINUTE = 60_000;

/** Directus' recipes: soups, each with its own overrides (a broken field, publish times). */
class Recipes {
  count = 3;
  readonly overrides = new Map<number, Record<string, unknown>>();
  set(id: number, fields: Record<string, unknown>): void {
    this.overrides.set(id, { ...this.overrides.get(id), ...fields });
  }
  held() {
    return {
      recipes: Array.from({ length: this.count }, (_, index) => ({
        ...rawRecipe(index + 1, 1),
        ...this.overrides.get(index + 1),
      })),
      ingredients: [RAW_INGREDIENT],
    };
  }
}

function setup({ writer = true } = {}) {
  const recipes = new Recipes();
  const store = createMemoryStore();
  const directus = new MemoryPublications();
  const lines: { level: string; event: string; fields: Record<string, unknown> }[] = [];
  const harness = coordinatorHarness({
    store,
    source: () => memorySource(() => recipes.held()),
    start: START,
    publications: writer ? directus : null,
    log: (level, event, fields = {}) => {
      lines.push({ level, event, fields });
    },
  });
  /** Publishes, then runs the steps due now (the write-back's). */
  async function publish() {
    const summary = await harness.summary();
    await harness.settle(harness.clock());
    return summary;
  }
  const events = (name: string) => lines.filter((line) => line.event === name);
  return { recipes, store, directus, harness, publish, events };
}

describe("what a read means for each status", () => {
  const live = (recipe: number, digest: string): DesiredStatus => ({ recipe, state: "live", reason: null, digest });

  it("changes only what differs: a new reason, new content, a recipe no longer read", () => {
    const held = new Map<number, DesiredStatus>([
      [1, live(1, "a")],
      [2, live(2, "b")],
      [3, { recipe: 3, state: "left_out", reason: "„Name“ fehlt.", digest: null }],
      [4, live(4, "d")],
      [5, { recipe: 5, state: "left_out", reason: NOT_PUBLISHED, digest: null }],
    ]);
    const changes = pendingChanges(
      [
        live(1, "a"),
        live(2, "b2"),
        { recipe: 3, state: "left_out", reason: "„Slug“ fehlt.", digest: null },
        live(6, "f"),
      ],
      held,
    );
    expect(changes.map((change) => [change.recipe, change.state, change.reason])).toEqual([
      [2, "live", null],
      [3, "left_out", "„Slug“ fehlt."],
      [6, "live", null],
      [4, "left_out", NOT_PUBLISHED],
    ]);
  });

  it("keeps when a recipe went live while it stays, and names the version of its current content", () => {
    const before: RecipeStatus = { ...live(1, "a"), liveSince: 100, version: "v1", changedAt: 100 };
    const at = { version: "v2", at: 200 };
    expect(settledStatus(live(1, "a"), before, at, 300)).toMatchObject({ liveSince: 100, version: "v1" });
    expect(settledStatus(live(1, "b"), before, at, 300)).toMatchObject({ liveSince: 100, version: "v2" });
    const left = { recipe: 1, state: "left_out" as const, reason: "x", digest: null };
    expect(settledStatus(left, before, at, 300)).toMatchObject({ liveSince: null, version: null, changedAt: 300 });
    expect(settledStatus(live(1, "b"), { ...before, ...left, liveSince: null }, at, 300)).toMatchObject({
      liveSince: 200,
      version: "v2",
    });
  });
});

describe("the write-back", () => {
  it("writes every recipe's status after the first publish: live with time and version, or why not", async () => {
    const { recipes, directus, publish, events } = setup();
    recipes.set(2, { servings: 0 });
    const summary = await publish();
    expect(summary).toMatchObject({ status: "published", recipes: 2, skippedCount: 1 });
    const flippedAt = new Date(START + 1_000).toISOString();
    expect(directus.rows.get(1)).toEqual({
      recipe: 1,
      state: "live",
      reason: null,
      live_since: flippedAt,
      version: summary.manifest.slice(0, VERSION_CHARS),
      checked_at: flippedAt,
    });
    expect(directus.of(2)).toEqual({
      state: "left_out",
      reason: "„Portionen“ muss eine ganze Zahl von 1 bis 12 sein (ist „0“).",
    });
    expect(events("sync.status-written").at(-1)?.fields).toMatchObject({ rows: 3, unwritten: 0 });
    // The log keeps the sync's own words.
    expect(events("sync.skipped")[0]?.fields.problems).toEqual(["servings must be a whole number from 1 to 12, got 0"]);
  });

  it("says of a live recipe without nutrition which line lacks what, and drops it once the line can be weighed", async () => {
    const { recipes, directus, publish, harness } = setup();
    const line = { amount: 2, unit: "Zehe", note: null, sort: 1 };
    recipes.set(2, { ingredients: [{ ...line, ingredient_id: { name: "Knoblauch", kcal: 149 } }] });
    await publish();
    expect(directus.of(2)).toEqual({
      state: "live",
      reason:
        "Ohne Nährwerte auf der Website: „Knoblauch“ (2 Zehe): der Zutat fehlt ein „Gewicht je Einheit“ für " +
        "„Zehe“, und die Notiz nennt keins („à 400 g“).",
    });
    const garlic = { name: "Knoblauch", kcal: 149, fat: 0.5, saturates: 0.1, carbohydrate: 31, sugars: 1 };
    const weighed = { ...garlic, protein: 6.4, salt: 0, unit_grams: [{ unit: "Zehe", grams: 3 }] };
    recipes.set(2, { ingredients: [{ ...line, ingredient_id: weighed }], date_updated: "2026-11-28T09:05:00.000Z" });
    await harness.run("publish", true);
    await harness.settle(harness.clock());
    expect(directus.of(2)).toEqual({ state: "live", reason: null });
  });

  it("writes only what changed: a fixed recipe goes live, the others are left alone; nothing new, nothing written", async () => {
    const { recipes, directus, harness, publish } = setup();
    recipes.set(2, { servings: 0 });
    await publish();
    const liveSince = directus.rows.get(1)?.live_since;
    harness.advance(MINUTE);
    recipes.set(2, { servings: 2 });
    const fixed = await publish();
    expect(directus.calls).toEqual([3, 1]);
    expect(directus.rows.get(2)).toMatchObject({
      state: "live",
      reason: null,
      live_since: new Date(START + MINUTE + 2_000).toISOString(),
      version: fixed.manifest.slice(0, VERSION_CHARS),
    });
    expect(directus.rows.get(1)?.live_since).toBe(liveSince);
    harness.advance(MINUTE);
    expect((await publish()).status).toBe("unchanged");
    expect(directus.calls).toEqual([3, 1]);
  });

  it("names a new version for an edited recipe and keeps when it went live", async () => {
    const { recipes, directus, harness, publish } = setup();
    const first = await publish();
    harness.advance(MINUTE);
    recipes.set(3, { description: "Neu" });
    const second = await publish();
    expect(directus.rows.get(3)?.version).toBe(second.manifest.slice(0, VERSION_CHARS));
    expect(directus.rows.get(1)?.version).toBe(first.manifest.slice(0, VERSION_CHARS));
    expect(directus.rows.get(3)?.live_since).toBe(directus.rows.get(1)?.live_since);
  });

  it("marks a recipe no longer published, and forgets one Directus deleted", async () => {
    const { recipes, directus, harness, publish } = setup();
    await publish();
    recipes.count = 2;
    directus.deleted.add(3);
    harness.advance(MINUTE);
    await publish();
    expect(harness.coordinator.status().statuses.unwritten).toBe(0);
    directus.deleted.clear();
    await publish();
    // Not written again: the coordinator forgot it with Directus' row.
    expect(directus.calls.at(-1)).toBe(1);
    recipes.count = 1;
    harness.advance(MINUTE);
    await publish();
    expect(directus.of(2)).toEqual({ state: "left_out", reason: NOT_PUBLISHED });
  });

  it("a refused write-back never holds up publishing; it is tried again, backing off, and catches up", async () => {
    const { recipes, directus, harness, publish, events } = setup();
    directus.fault = "refused";
    const first = await publish();
    expect(first.status).toBe("published");
    for (let edition = 2; edition <= 6; edition++) {
      harness.advance(10 * MINUTE);
      recipes.set(1, { description: `Ausgabe ${edition}` });
      const view = await harness.run();
      expect(view.summary?.status).toBe("published");
      await harness.settle(harness.clock());
    }
    const failures = events("sync.status-failed");
    expect(failures.length).toBeGreaterThanOrEqual(5);
    const pauses = failures.map((line) => Number(line.fields.retryInMs));
    expect(pauses.slice(0, 4)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(failures.map((line) => line.level)).not.toContain("error");
    expect(harness.coordinator.status()).toMatchObject({ statuses: { unwritten: 3, failures: failures.length } });
    expect(harness.coordinator.status().last?.state).toBe("done");
    expect(directus.rows.size).toBe(0);

    directus.fault = "none";
    await harness.settle(harness.clock() + 10 * MINUTE);
    expect(directus.rows.size).toBe(3);
    expect(directus.rows.get(1)?.version).toBe(harness.coordinator.status().live?.manifest.slice(0, VERSION_CHARS));
    expect(harness.coordinator.status().statuses).toMatchObject({ unwritten: 0, failures: 0, retryAt: null });
  });

  it("a write that took effect but lost its answer is written again, as an update: one row per recipe", async () => {
    const { directus, harness, publish } = setup();
    directus.fault = "lost-answer";
    await publish();
    expect(directus.rows.size).toBe(3);
    expect(harness.coordinator.status().statuses.unwritten).toBe(3);
    directus.fault = "none";
    await harness.settle(harness.clock() + MINUTE);
    expect(directus.rows.size).toBe(3);
    expect(harness.coordinator.status().statuses.unwritten).toBe(0);
  });

  it("writes in batches of a few per step, publishing first", async () => {
    const { recipes, directus, harness, publish } = setup();
    recipes.count = 3 * STATUS_BATCH * 5 + 7;
    await publish();
    expect(directus.rows.size).toBe(recipes.count);
    expect(Math.max(...directus.calls)).toBe(STATUS_BATCH);
    expect(harness.coordinator.status().statuses.unwritten).toBe(0);
  });

  it("without a token keeps the statuses and says once that it writes none", async () => {
    const { recipes, harness, publish, events } = setup({ writer: false });
    await publish();
    recipes.set(1, { description: "Neu" });
    harness.advance(MINUTE);
    await publish();
    expect(events("sync.status-off")).toHaveLength(1);
    expect(harness.coordinator.status().statuses).toMatchObject({ enabled: false, unwritten: 3 });
  });
});

describe("scheduled publishing", () => {
  it("keeps a recipe off the site until its time, and publishes it then, woken by the alarm", async () => {
    const { recipes, store, directus, harness, publish } = setup();
    const at = START + 5 * MINUTE;
    recipes.set(3, { publish_at: new Date(at).toISOString() });
    const first = await publish();
    expect(first.recipes).toBe(2);
    expect(directus.of(3)).toEqual({ state: "scheduled", reason: "Erscheint am 28.11.2026, 10:05 Uhr." });
    expect(harness.coordinator.status().dueAt).toBe(new Date(at).toISOString());
    // The one alarm is set for it, though nothing else waits.
    expect(harness.alarmAt).toBe(at);

    await harness.settle(at + MINUTE);
    expect((await readPointer(store))?.counts.recipes).toBe(3);
    const last = harness.coordinator.status().last;
    expect(last).toMatchObject({
      trigger: "schedule",
      summary: { status: "published", changes: { added: ["suppe-3"] } },
    });
    const liveAt = Date.parse(directus.rows.get(3)?.live_since ?? "");
    expect(directus.of(3)?.state).toBe("live");
    expect(liveAt - at).toBeLessThan(MINUTE);
    expect(liveAt).toBeGreaterThanOrEqual(at);
    expect(harness.coordinator.status().dueAt).toBeNull();
  });

  it("takes a recipe off the site at its time to go offline, and says since when", async () => {
    const { recipes, store, directus, harness, publish } = setup();
    const at = START + 2 * MINUTE;
    recipes.set(1, { unpublish_at: new Date(at).toISOString() });
    await publish();
    expect(directus.of(1)).toEqual({ state: "live", reason: "Wird am 28.11.2026, 10:02 Uhr offline genommen." });
    await harness.settle(at + MINUTE);
    expect((await readPointer(store))?.counts.recipes).toBe(2);
    expect(directus.of(1)).toEqual({
      state: "left_out",
      reason: "Offline seit 28.11.2026, 10:02 Uhr („Offline nehmen am“).",
    });
  });

  it("a publish time moved earlier by a save wakes the coordinator for the earlier one", async () => {
    const { recipes, harness, publish } = setup();
    recipes.set(3, { publish_at: new Date(START + 60 * MINUTE).toISOString() });
    await publish();
    expect(harness.alarmAt).toBe(START + 60 * MINUTE);
    recipes.set(3, { publish_at: new Date(START + 10 * MINUTE).toISOString() });
    await publish();
    expect(harness.alarmAt).toBe(START + 10 * MINUTE);
    await harness.settle(START + 11 * MINUTE);
    expect(harness.coordinator.status().live?.recipes).toBe(3);
  });

  it("a recipe whose times make no sense is left out with the reason", async () => {
    const { recipes, directus, publish } = setup();
    recipes.set(2, { publish_at: "2026-12-02T00:00:00Z", unpublish_at: "2026-12-01T00:00:00Z" });
    await publish();
    expect(directus.of(2)).toEqual({
      state: "left_out",
      reason: "„Offline nehmen am“ liegt nicht nach „Veröffentlichen am“.",
    });
  });
});
