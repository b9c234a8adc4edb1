/**
 * Recall and precision of the name search's first page over the relevance
 * table (relevance-table.ts), on the seed catalog.
 */

import { PAGE_SIZE } from "../../app/lib/url/pagination.ts";
import { searchRecipes } from "../../catalog/view/queries.ts";
import { RELEVANCE_TABLE } from "./relevance-table.ts";
import type { SeedCatalog } from "./seed-catalog.ts";

export interface QueryRelevance {
  query: string;
  /** Recipes the table expects. */
  expected: number;
  /** Results on the first page. */
  shown: number;
  /** Expected recipes on the first page, over as many as fit on it (min(expected, page size)); 1 when none are expected. */
  recall: number;
  /** Expected recipes on the first page, over the results it shows; 1 when it shows none. */
  precision: number;
  /** Expected recipes the first page misses, and results on it the table does not expect: for reading, not for scores. */
  missed: string[];
  unexpected: string[];
  /** Results the table does not expect that come before its last expected one on the first page. */
  unexpectedBefore: number;
}

/** How many `false` come before the last `true`. */
function unexpectedBefore(expected: boolean[]): number {
  const last = expected.lastIndexOf(true);
  return expected.slice(0, last + 1).filter((isExpected) => !isExpected).length;
}

export async function measureRelevance({ view, judged }: SeedCatalog): Promise<QueryRelevance[]> {
  const rows: QueryRelevance[] = [];
  for (const { query, expected } of RELEVANCE_TABLE) {
    const wanted = new Set([...judged].filter(([, recipe]) => expected(recipe)).map(([id]) => id));
    const page = (await searchRecipes(view, query)).slice(0, PAGE_SIZE);
    const cards = await view.cardsAt(page.map((result) => result.position));
    const shownIds = new Set(cards.map((card) => card.id));
    const hits = cards.filter((card) => wanted.has(card.id)).length;
    rows.push({
      query,
      expected: wanted.size,
      shown: cards.length,
      recall: wanted.size === 0 ? 1 : hits / Math.min(wanted.size, PAGE_SIZE),
      precision: cards.length === 0 ? 1 : hits / cards.length,
      missed: [...wanted].filter((id) => !shownIds.has(id)).map((id) => judged.get(id)?.name ?? String(id)),
      unexpected: cards.filter((card) => !wanted.has(card.id)).map((card) => card.name),
      unexpectedBefore: unexpectedBefore(cards.map((card) => wanted.has(card.id))),
    });
  }
  return rows;
}
