/**
 * Directus' `recipe_ratings` in memory, for the coordinator's tests and the
 * bench: rows of one account's stars for one recipe, and the aggregate
 * answers Directus gives for them (the signature, tallies grouped by recipe
 * in pages), passed through the same checks as the real source's
 * (catalog/sync/rating-source.ts). It can be down, or answer garbage.
 */
import { checkedGroups, checkedSignature, type RatingSource } from "../../catalog/sync/rating-source.ts";

interface RatingRow {
  id: number;
  user: string;
  recipe: number;
  stars: number;
  date_created: string;
  date_updated: string | null;
}

/** How the stand-in answers: as Directus, not at all, or with garbage of one kind. */
export type RatingsMood = "well" | "down" | "garbage-signature" | "garbage-page" | "stars-out-of-range";

export class RatingsStandIn {
  readonly #rows = new Map<string, RatingRow>();
  #nextId = 1;
  mood: RatingsMood = "well";
  /** Requests answered (any mood): signatures and pages. */
  requests = 0;
  readonly #clock: () => number;

  constructor(clock: () => number) {
    this.#clock = clock;
  }

  /** An account rates a recipe, or changes its rating (one row per account and recipe, as the database holds). */
  rate(user: string, recipe: number, stars: number): void {
    const key = `${user}|${recipe}`;
    const now = new Date(this.#clock()).toISOString();
    const row = this.#rows.get(key);
    if (row) {
      row.stars = stars;
      row.date_updated = now;
    } else this.#rows.set(key, { id: this.#nextId++, user, recipe, stars, date_created: now, date_updated: null });
  }

  /** An account takes its rating back. */
  remove(user: string, recipe: number): void {
    this.#rows.delete(`${user}|${recipe}`);
  }

  /** What Directus answers to the signature's aggregate query. */
  #signatureAnswer(): unknown {
    const rows = [...this.#rows.values()];
    const latest = (times: (string | null)[]) =>
      times.reduce<string | null>((max, time) => (time !== null && (max === null || time > max) ? time : max), null);
    return [
      {
        count: { id: rows.length },
        sum: { stars: rows.length === 0 ? null : String(rows.reduce((sum, row) => sum + row.stars, 0)) },
        max: {
          date_created: latest(rows.map((row) => row.date_created)),
          date_updated: latest(rows.map((row) => row.date_updated)),
        },
      },
    ];
  }

  /** What Directus answers to a page of the grouped aggregate. */
  #groupsAnswer(afterRecipe: number, limit: number): unknown {
    const groups = new Map<number, { count: number; sum: number }>();
    for (const row of this.#rows.values()) {
      if (row.recipe <= afterRecipe) continue;
      const group = groups.get(row.recipe) ?? { count: 0, sum: 0 };
      group.count += 1;
      group.sum += row.stars;
      groups.set(row.recipe, group);
    }
    return [...groups.entries()]
      .sort(([a], [b]) => a - b)
      .slice(0, limit)
      .map(([recipe, { count, sum }]) => ({
        recipe,
        count: { stars: String(count) },
        sum: { stars: this.mood === "stars-out-of-range" ? String(count * 7) : String(sum) },
      }));
  }

  /** The source the coordinator reads. */
  source(): RatingSource {
    return {
      signature: async () => {
        this.requests++;
        if (this.mood === "down") throw new Error("directus: 503");
        if (this.mood === "garbage-signature") return checkedSignature([{ count: "viele" }]);
        return checkedSignature(this.#signatureAnswer());
      },
      groups: async (afterRecipe, limit) => {
        this.requests++;
        if (this.mood === "down") throw new Error("directus: 503");
        if (this.mood === "garbage-page")
          return checkedGroups([{ recipe: "eins", count: {}, sum: null }], afterRecipe, limit);
        return checkedGroups(this.#groupsAnswer(afterRecipe, limit), afterRecipe, limit);
      },
    };
  }
}
