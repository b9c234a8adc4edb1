/**
 * The signed-in visitor's ratings in Directus (decision 0065): the
 * collection `recipe_ratings`, one row per user and recipe (a unique index,
 * cms/migrations/20261129A-recipe-ratings-rules.js), read and written with
 * the visitor's own session. The access policy lets a user read, create,
 * change and delete only their own rows (cms/access-policies.ts); the filter
 * on the current user below says the same again, so a wrong policy shows as
 * no rating, never someone else's.
 *
 * Two tabs rating one recipe at once never make two rows: the database takes
 * the first create and refuses the second (RECORD_NOT_UNIQUE), which then
 * reads the row the first made and writes its stars there. Each write is
 * stored in the order the database takes it, so the last one to arrive is
 * what stays; none is lost for a row that changed or vanished in between.
 */
import type { Stars } from "../ratings/rating-form.ts";
import { DirectusUnavailableError, errorCode, type VisitorCaller } from "./user-api.server.ts";

/**
 * How often a change tries again when another tab's create or removal of the
 * same rating came between its read and its write. Each retry means another
 * write was stored just then; three in a row take four tabs at the same moment.
 */
export const RATING_ATTEMPTS = 4;

/** Directus refused the recipe: it is not (or no longer) published there, whatever the catalog still says. */
export class RecipeNotRateableError extends Error {
  constructor(recipeId: number) {
    super(`directus: recipe ${recipeId} cannot be rated (not published)`);
    this.name = "RecipeNotRateableError";
  }
}

/** Other writes of the same rating came in between on every attempt: nothing of this one was stored. */
export class RatingBusyError extends Error {
  constructor(recipeId: number) {
    super(`directus: rating of recipe ${recipeId} met another change ${RATING_ATTEMPTS} times`);
    this.name = "RatingBusyError";
  }
}

export interface RatingsApi {
  /** The visitor's stars for the recipe, or null when they have not rated it. */
  own(recipeId: number): Promise<Stars | null>;
  /** Creates or changes the visitor's rating of the recipe. */
  set(recipeId: number, stars: Stars): Promise<void>;
  /** Removes the visitor's rating of the recipe; nothing to remove is no error. */
  remove(recipeId: number): Promise<void>;
}

interface RatingRow {
  id: number;
  stars: unknown;
}

function isRows(value: unknown): value is RatingRow[] {
  return Array.isArray(value) && value.every((row) => Number.isInteger((row as { id?: unknown })?.id));
}

function ownFilter(recipeId: number): string {
  return encodeURIComponent(JSON.stringify({ user: { _eq: "$CURRENT_USER" }, recipe: { _eq: recipeId } }));
}

function asStars(value: unknown): Stars | null {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5 ? (value as Stars) : null;
}

/** The rating calls of the visitor whose session `caller` carries. */
export function ratingsApi({ call, data }: VisitorCaller): RatingsApi {
  async function ownRow(recipeId: number): Promise<RatingRow | undefined> {
    const response = await call(
      "GET",
      `/items/recipe_ratings?fields=id,stars&limit=1&filter=${ownFilter(recipeId)}`,
      "reading a rating",
    );
    return (await data(response, "reading a rating", isRows))[0];
  }

  /** Creates the row; false when one exists already (another tab's create came first). */
  async function create(recipeId: number, stars: Stars): Promise<boolean> {
    // `user` is Directus' to fill from the session, never ours.
    const response = await call(
      "POST",
      "/items/recipe_ratings",
      "creating a rating",
      { recipe: recipeId, stars },
      [400],
    );
    if (response.ok) {
      await response.body?.cancel();
      return true;
    }
    const code = await errorCode(response);
    if (code === "RECORD_NOT_UNIQUE") return false;
    // The database's trigger: only published recipes can be rated.
    if (code === "INVALID_FOREIGN_KEY") throw new RecipeNotRateableError(recipeId);
    throw new DirectusUnavailableError("creating a rating", `status 400 ${code ?? ""}`.trim());
  }

  /** Changes the row's stars; false when the row is gone (removed in another tab since it was read). */
  async function update(id: number, stars: Stars): Promise<boolean> {
    // Directus answers a write to a row the visitor cannot see, or that no longer exists, with 403.
    const response = await call("PATCH", `/items/recipe_ratings/${id}`, "changing a rating", { stars }, [403]);
    await response.body?.cancel();
    return response.ok;
  }

  return {
    async own(recipeId) {
      const row = await ownRow(recipeId);
      return row ? asStars(row.stars) : null;
    },

    async set(recipeId, stars) {
      for (let attempt = 0; attempt < RATING_ATTEMPTS; attempt += 1) {
        if (await create(recipeId, stars)) return;
        const existing = await ownRow(recipeId);
        if (existing && (await update(existing.id, stars))) return;
        // The row went between the refused create and the write: start again with a create.
      }
      throw new RatingBusyError(recipeId);
    },

    async remove(recipeId) {
      const query = { filter: { user: { _eq: "$CURRENT_USER" }, recipe: { _eq: recipeId } } };
      for (let attempt = 0; attempt < RATING_ATTEMPTS; attempt += 1) {
        // Directus deletes by query in two steps, the keys it finds and then those keys: a row another tab
        // removed in between makes it answer 403. The row is gone then, but another tab's set may have made a
        // new one since, so the query is asked again rather than taken as done.
        const response = await call("DELETE", "/items/recipe_ratings", "removing a rating", { query }, [403]);
        await response.body?.cancel();
        if (response.ok) return;
      }
      throw new RatingBusyError(recipeId);
    },
  };
}
