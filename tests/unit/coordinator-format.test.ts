/**
 * A deploy that changes the catalog's format (CATALOG_FORMAT_VERSION): the
 * coordinator, when it starts and in its steps, finds the live version in
 * another format than its code's and publishes the catalog again in its own,
 * by itself (decision 0032). Its real code on node:sqlite over the in-memory
 * KV (tests/model/coordinator-harness.ts).
 */
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { readManifest, readPointer } from "../../catalog/format/storage.ts";
import { CATALOG_FORMAT_VERSION } from "../../catalog/recipes/types.ts";
import { SEARCH_INDEX_VERSION } from "../../catalog/search/search-index.ts";
import { Ledger } from "../../catalog/sync/ledger.ts";
import type { LogLevel } from "../../logging/log.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { liveInOlderFormat } from "../stand-ins/older-format-version.ts";
import { memorySource, RAW_INGREDIENT, rawRecipe } from "../stand-ins/raw-content.ts";

async function setup(part: "format" | "searchIndex" = "format") {
  const store = createMemoryStore();
  const lines: { level: LogLevel; event: string; fields: Record<string, unknown> }[] = [];
  const harness = coordinatorHarness({
    store,
    source: () =>
      memorySource(() => ({ recipes: [1, 2, 3].map((id) => rawRecipe(id, 1)), ingredients: [RAW_INGREDIENT] })),
    log: (level, event, fields = {}) => {
      lines.push({ level, event, fields });
    },
  });
  const published = await harness.summary();
  const older = await liveInOlderFormat(harness.db, store, harness.clock(), part);
  // The deploy: a new instance of the object, with this code.
  harness.restart();
  const outdated = () => lines.filter((line) => line.event === "sync.format-outdated");
  return { store, harness, published, older, outdated };
}

/** The format of the version KV's pointer names. */
async function servedFormat(store: ReturnType<typeof createMemoryStore>): Promise<number | undefined> {
  const pointer = await readPointer(store);
  return pointer ? (await readManifest(store, pointer.manifest)).formatVersion : undefined;
}

describe("a live version in another catalog format", () => {
  it("gets a publish that reads everything when the object starts, logged; the catalog is in this code's format after it", async () => {
    const { store, harness, published, older, outdated } = await setup();
    expect(await servedFormat(store)).toBe(CATALOG_FORMAT_VERSION - 1);
    await harness.coordinator.start();
    const [queued] = harness.coordinator.status().queued;
    expect(queued).toMatchObject({ action: "publish", trigger: "schedule" });
    expect(outdated()).toEqual([
      {
        level: "warn",
        event: "sync.format-outdated",
        fields: {
          version: older,
          format: CATALOG_FORMAT_VERSION - 1,
          codeFormat: CATALOG_FORMAT_VERSION,
          searchIndex: SEARCH_INDEX_VERSION,
          codeSearchIndex: SEARCH_INDEX_VERSION,
          held: false,
          request: queued?.id,
        },
      },
    ]);
    expect(harness.alarmAt).not.toBeNull();

    const view = await harness.finish(queued?.id ?? -1);
    expect(view.summary).toMatchObject({ status: "published", manifest: published.manifest, read: { full: true } });
    expect(await servedFormat(store)).toBe(CATALOG_FORMAT_VERSION);
    // Started again, it has nothing to do.
    harness.restart();
    await harness.coordinator.start();
    expect(harness.coordinator.status().queued).toEqual([]);
    expect(outdated()).toHaveLength(1);
  });

  it("gets a publish from the first step, when the object was started without asking (a request came first)", async () => {
    const { store, harness, outdated } = await setup();
    const dryRun = await harness.run("dry-run");
    expect(dryRun.state).toBe("done");
    const [request] = outdated().map((line) => line.fields.request as number);
    expect((await harness.finish(request ?? -1)).summary?.status).toBe("published");
    expect(await servedFormat(store)).toBe(CATALOG_FORMAT_VERSION);
  });

  it("counts a live search index of another version the same: a publish that reads everything, logged", async () => {
    const { store, harness, published, outdated } = await setup("searchIndex");
    await harness.coordinator.start();
    const [queued] = harness.coordinator.status().queued;
    expect(queued).toMatchObject({ action: "publish", trigger: "schedule" });
    expect(outdated()).toMatchObject([
      {
        level: "warn",
        fields: { format: CATALOG_FORMAT_VERSION, searchIndex: SEARCH_INDEX_VERSION - 1, request: queued?.id },
      },
    ]);
    const view = await harness.finish(queued?.id ?? -1);
    expect(view.summary).toMatchObject({ status: "published", manifest: published.manifest });
    const pointer = await readPointer(store);
    expect(pointer && (await readManifest(store, pointer.manifest)).searchIndexVersion).toBe(SEARCH_INDEX_VERSION);
  });

  it("is joined by a publish asked for meanwhile, and asks once per instance", async () => {
    const { harness, outdated } = await setup();
    await harness.coordinator.start();
    await harness.coordinator.start();
    const { id, joined } = await harness.request("publish");
    expect(joined).toBe(true);
    expect(outdated().map((line) => line.fields.request)).toEqual([id]);
  });

  it("is not published while a rollback holds the live version: reported as an error, the hold stays", async () => {
    const { store, harness, older, outdated } = await setup();
    // A rollback of the code before holds it (this code would refuse a rollback to a version of another format).
    new Ledger(harness.db).setSetting("held", { since: new Date(harness.clock()).toISOString(), from: older });
    await harness.coordinator.start();
    expect(harness.coordinator.status().queued).toEqual([]);
    expect(outdated().at(-1)).toMatchObject({ level: "error", fields: { held: true, request: null } });
    expect(await servedFormat(store)).toBe(CATALOG_FORMAT_VERSION - 1);
  });
});
