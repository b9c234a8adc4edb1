/**
 * Once a version is live, its publication statuses are settled a share a
 * step (`settleStatusesPerStep`: a first publish settles one a recipe), and
 * a publish that comes while some are unsettled waits for them: every
 * status ends as a read of everything gives it, written back to Directus.
 */
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { MemoryPublications } from "../model/memory-publications.ts";
import { memorySource, RAW_INGREDIENT, rawRecipe } from "../stand-ins/raw-content.ts";

const START = Date.parse("2026-11-25T00:00:00Z");

describe("a live version's statuses", () => {
  it("are settled a share a step, and a publish asked for meanwhile waits for them", async () => {
    const held = {
      recipes: Array.from({ length: 40 }, (_, index) => rawRecipe(index + 1, 1)),
      ingredients: [RAW_INGREDIENT],
    };
    const publications = new MemoryPublications();
    const harness = coordinatorHarness({
      store: createMemoryStore(),
      source: () => memorySource(() => held, 40),
      start: START,
      publications,
      limits: { settleStatusesPerStep: 3, settleMs: 0, maxSettleMs: 0 },
    });
    const first = await harness.summary("publish");
    expect(first.status).toBe("published");
    // The flip's step settled its share only: most statuses wait for the steps after.
    await harness.nextStep();
    expect(publications.rows.size).toBeLessThan(40);

    // A recipe broken and one gone, published while the first version's statuses are still being settled.
    held.recipes[4] = { ...rawRecipe(5, 2, new Date(START + 60_000).toISOString()), servings: 0 };
    held.recipes.splice(9, 1);
    harness.advance(60_000);
    const second = await harness.summary("publish");
    expect(second.status).toBe("published");
    await harness.settle();
    expect(publications.rows.size).toBe(40);
    expect(publications.of(5)?.state).toBe("left_out");
    expect(publications.of(10)?.state).toBe("left_out");
    for (const recipe of [1, 2, 20, 40]) expect(publications.of(recipe)?.state).toBe("live");
    harness.close();
  });
});
