import { beforeAll, describe, expect, it } from "vitest";
import { searchTerms } from "../../catalog/search/engine/terms.ts";
import { measureRelevance, type QueryRelevance } from "../search/measure-relevance.ts";
import { RELEVANCE_TABLE } from "../search/relevance-table.ts";
import { seedCatalog } from "../search/seed-catalog.ts";

// The relevance table (tests/search/relevance-table.ts) on the seed catalog, built by the real sync code.
let rows: QueryRelevance[] = [];
beforeAll(async () => {
  rows = await measureRelevance(seedCatalog());
});

const isSeveralWords = (query: string) => searchTerms(query).length > 1;

describe("name search relevance on the seed", () => {
  it("has at least 40 queries", () => {
    expect(RELEVANCE_TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(RELEVANCE_TABLE.map((row) => [row.query, row.minRecall ?? 1] as const))(
    "%j shows what a cook expects on its first page (recall at least %d)",
    (query, minRecall) => {
      const row = rows.find((entry) => entry.query === query);
      expect(row?.expected, "the rule expects something of the seed").toBeGreaterThan(0);
      expect(row?.recall, `missed: ${row?.missed.join("; ")}`).toBeGreaterThanOrEqual(minRecall);
    },
  );

  it("shows mostly what a cook expects for a single word", () => {
    const single = rows.filter((row) => !isSeveralWords(row.query));
    for (const row of single) {
      expect(row.precision, `${row.query}: ${row.unexpected.join("; ")}`).toBeGreaterThanOrEqual(0.5);
    }
    const mean = single.reduce((sum, row) => sum + row.precision, 0) / single.length;
    expect(mean).toBeGreaterThanOrEqual(0.85);
  });

  it("puts the recipes that meet every word first for several words", () => {
    for (const row of rows.filter((entry) => isSeveralWords(entry.query))) {
      // The first `expected` results are the expected ones: nothing that meets fewer words comes between.
      expect(row.unexpectedBefore, row.query).toBe(0);
    }
  });
});
