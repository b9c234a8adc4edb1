/**
 * Reading only what changed (catalog/sync/stage-read.ts): the coordinator's
 * real code on node:sqlite over a Directus in memory that keeps
 * `date_updated` as Directus does. A publish after a change reads the
 * change, finds deletions by the count, reads every recipe again after an
 * ingredient's name changed, and always publishes what a read of everything
 * would.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import type { CoordinatorLimits, SyncSummary } from "../../catalog/sync/coordinator.ts";
import { planVersion } from "../../catalog/sync/plan-version.ts";
import { readCatalog } from "../../catalog/sync/read-catalog.ts";
import { OVERLAP_MS } from "../../catalog/sync/stage-read.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { type HeldContent, memorySource, RAW_INGREDIENT, rawRecipe } from "../stand-ins/raw-content.ts";
import { contentNameIn } from "./stored-version-checks.ts";

/** Directus in memory: recipes using the one ingredient, each saved at its own time. */
class Directus {
  #time = Date.parse("2026-11-01T12:00:00.000Z");
  readonly recipes = new Map<number, Record<string, unknown>>();
  ingredientName = String(RAW_INGREDIENT.name);
  #ingredientUpdated: string | null = null;
  #nextId = 1;
  /** Requests the sync made, and the records they gave. */
  requests = 0;
  rows = 0;

  /** A save's time, later than every one before (Directus' clock). */
  #now(): string {
    this.#time += 10 * 60 * 1000;
    return new Date(this.#time).toISOString();
  }

  add(): number {
    const id = this.#nextId++;
    this.recipes.set(id, { ...rawRecipe(id, 1), date_created: this.#now() });
    return id;
  }

  edit(id: number, { late = false, name }: { late?: boolean; name?: string } = {}): void {
    const recipe = this.recipes.get(id);
    if (!recipe) return;
    // A late save: its transaction took its time before the last read, and committed after it.
    const updated = late ? new Date(this.#time - OVERLAP_MS / 2).toISOString() : this.#now();
    this.recipes.set(id, {
      ...recipe,
      description: `${String(recipe.description)}+`,
      ...(name === undefined ? {} : { name }),
      date_updated: updated,
    });
  }

  remove(id: number): void {
    this.recipes.delete(id);
  }

  renameIngredient(name: string): void {
    this.ingredientName = name;
    this.#ingredientUpdated = this.#now();
  }

  held(): HeldContent {
    const line = { ingredient_id: { name: this.ingredientName }, amount: "500.000", unit: "ml", note: null, sort: 1 };
    return {
      recipes: [...this.recipes.values()]
        .sort((a, b) => Number(a.id) - Number(b.id))
        .map((recipe) => ({ ...recipe, ingredients: [line] })),
      ingredients: [{ ...RAW_INGREDIENT, name: this.ingredientName, date_updated: this.#ingredientUpdated }],
    };
  }

  source(pageSize: number) {
    const plain = memorySource(() => this.held(), pageSize);
    const counted =
      <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        this.requests += 1;
        const answer = await read(...args);
        if (Array.isArray(answer) && typeof answer[0] === "object") this.rows += answer.length;
        return answer;
      };
    return {
      countRecipes: counted(plain.countRecipes),
      countIngredients: counted(plain.countIngredients),
      recipePage: counted(plain.recipePage),
      ingredientPage: counted(plain.ingredientPage),
      recipeIds: counted(plain.recipeIds),
      ingredientIds: counted(plain.ingredientIds),
    };
  }
}

function setup(recipes: number, { pageSize = 50, limits = {} as Partial<CoordinatorLimits> } = {}) {
  const directus = new Directus();
  for (let index = 0; index < recipes; index++) directus.add();
  const store = createMemoryStore();
  const harness = coordinatorHarness({ store, source: () => directus.source(pageSize), limits });
  const publish = async (): Promise<SyncSummary> => {
    directus.requests = 0;
    directus.rows = 0;
    return harness.summary();
  };
  /** The version a read of everything makes of what Directus holds now. */
  const wholeRead = async () =>
    (
      await planVersion(
        (
          await readCatalog(
            memorySource(() => directus.held()),
            () => {},
            harness.clock(),
          )
        ).built,
      )
    ).hash;
  /** The content of the live version, its delta aside (decision 0069): what a read of everything builds. */
  const liveContent = () => contentNameIn(store, harness.coordinator.status().live?.manifest ?? "");
  return { directus, harness, publish, wholeRead, liveContent };
}

describe("a publish after a change", () => {
  it("reads the one recipe that changed, and the counts: nothing else", async () => {
    const { directus, publish, wholeRead, liveContent } = setup(40, { pageSize: 10 });
    const first = await publish();
    expect(first.read).toMatchObject({ full: true, rows: 41 });
    directus.edit(17);
    const second = await publish();
    expect(second.changes).toEqual({
      added: [],
      removed: [],
      changed: ["suppe-17"],
      counts: { added: 0, removed: 0, changed: 1 },
    });
    // Per collection a page of changes, an empty page after it and the count. The changes: the edit, and
    // the newest ingredient and recipe again (saved within OVERLAP_MS of the newest change seen).
    expect(second.read).toEqual({ full: false, requests: 6, rows: 3, changed: 3 });
    expect({ requests: directus.requests, rows: directus.rows }).toEqual({ requests: 6, rows: 3 });
    expect(await liveContent()).toBe(await wholeRead());
    // Nothing changed: nothing but the overlap is read again.
    const third = await publish();
    expect(third.status).toBe("unchanged");
    expect(third.read?.rows).toBe(2);
  });

  it("finds a deleted recipe by the count and its missing id, and a new one by its date_created", async () => {
    const { directus, publish, wholeRead, liveContent } = setup(30, { pageSize: 10 });
    await publish();
    directus.remove(12);
    const added = directus.add();
    const summary = await publish();
    expect(summary.changes).toEqual({
      added: [`suppe-${added}`],
      removed: ["suppe-12"],
      changed: [],
      counts: { added: 1, removed: 1, changed: 0 },
    });
    // The new recipe, and the newest ingredient and recipe before it again (the overlap).
    expect(summary.read).toMatchObject({ full: false, rows: 3 });
    expect(await liveContent()).toBe(await wholeRead());
  });

  it("reads every recipe again when the ingredient's name changes", async () => {
    const { directus, publish, wholeRead, liveContent } = setup(25, { pageSize: 10 });
    await publish();
    directus.renameIngredient("Leitungswasser");
    const summary = await publish();
    expect(summary.read).toMatchObject({ full: true, rows: 26 });
    expect(summary.changes?.changed).toHaveLength(25);
    expect(await liveContent()).toBe(await wholeRead());
    expect((await publish()).read).toMatchObject({ full: false });
  });

  it("reads everything when an operator asks for it (npm run sync -- --full), and only what changed after", async () => {
    const { harness, publish } = setup(20, { pageSize: 10 });
    await publish();
    const { id } = await harness.coordinator.request({ action: "publish", trigger: "api", full: true });
    const view = await harness.finish(id);
    expect(view.summary?.status).toBe("unchanged");
    expect(view.summary?.read).toMatchObject({ full: true, rows: 21 });
    expect((await publish()).read).toMatchObject({ full: false });
  });

  it("reads a few requests per step, and goes on after a restart mid-read", async () => {
    const { harness, publish, wholeRead, liveContent } = setup(60, { pageSize: 5, limits: { requestsPerStep: 2 } });
    const { id } = await harness.request("publish");
    for (let step = 0; step < 8; step++) await harness.nextStep();
    harness.restart();
    const view = await harness.finish(id);
    expect(view.summary?.status).toBe("published");
    expect(view.summary?.read?.requests).toBeGreaterThan(12);
    expect(view.summary?.steps).toBeGreaterThan(6);
    expect(await liveContent()).toBe(await wholeRead());
    await publish();
  });
});

describe("whatever editors do between publishes", () => {
  type Edit =
    | { kind: "add" }
    | { kind: "edit"; pick: number; late: boolean; name?: string }
    | { kind: "remove"; pick: number }
    | { kind: "rename"; name: string }
    | { kind: "publish" };
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    fc.constant({ kind: "add" as const }),
    fc.record(
      {
        kind: fc.constant("edit" as const),
        pick: fc.nat(),
        late: fc.boolean(),
        name: fc.constantFrom("Äpfelsuppe", "Apfelsuppe", "Zwiebelsuppe", "Brühe"),
      },
      { requiredKeys: ["kind", "pick", "late"] },
    ),
    fc.record({ kind: fc.constant("remove" as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant("rename" as const), name: fc.constantFrom("Wasser", "Brühe", "Milch") }),
    fc.constant({ kind: "publish" as const }),
  );

  it("publishes what a read of everything would", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { maxLength: 20 }), async (edits) => {
        const { directus, harness, publish, wholeRead, liveContent } = setup(8, {
          pageSize: 3,
          limits: { requestsPerStep: 2 },
        });
        await publish();
        const ids = () => [...directus.recipes.keys()];
        for (const step of [...edits, { kind: "publish" } satisfies Edit]) {
          if (step.kind === "add") directus.add();
          else if (step.kind === "edit") directus.edit(ids()[step.pick % Math.max(1, ids().length)] ?? 0, step);
          else if (step.kind === "remove" && ids().length > 5) directus.remove(ids()[step.pick % ids().length] ?? 0);
          else if (step.kind === "rename") directus.renameIngredient(step.name);
          else if (step.kind === "publish") {
            await harness.summary("publish", true);
            expect(await liveContent()).toBe(await wholeRead());
          }
        }
        harness.close();
      }),
      { numRuns: 60 },
    );
  });
});
