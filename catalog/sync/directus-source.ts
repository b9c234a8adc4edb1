/**
 * Reads published content from Directus through @directus/sdk, page by page,
 * as the public sees it (no token: the public policy reads published recipes
 * only, so a draft can never leak into the catalog).
 */
import { aggregate, createDirectus, readItems, rest } from "@directus/sdk";
import { INGREDIENT_FACT_FIELDS } from "./ingredient-facts.ts";

/** A recipe as Directus returns it for RECIPE_FIELDS; validated before use. */
export type RawRecipe = Record<string, unknown>;
export type RawIngredient = Record<string, unknown>;

/** What the sync reads of a recipe; the draft preview reads the same (draft-preview.ts). */
export const RECIPE_FIELDS = [
  "id",
  "status",
  "slug",
  "name",
  "cuisine",
  "description",
  "instructions",
  "instructionList",
  "image",
  "recipeUrl",
  "prepTime",
  "cookTime",
  "totalTime",
  "vegetarian",
  "vegan",
  "manyGuests",
  "date_created",
  // What the coordinator's stage reads since its last read (catalog/sync/source-stage.ts).
  "date_updated",
  // Scheduled publishing (publication-window.ts): outside these times a published recipe is left out.
  "publish_at",
  "unpublish_at",
  "type.name",
  "servings",
  "ingredients.ingredient_id.name",
  "ingredients.ingredient_id.plural",
  "ingredients.ingredient_id.whole_pieces",
  // What nutrition per portion is computed from (ingredient-facts.ts); optional lines do not count.
  ...INGREDIENT_FACT_FIELDS.map((field) => `ingredients.ingredient_id.${field}`),
  "ingredients.amount",
  "ingredients.amount_max",
  "ingredients.unit",
  "ingredients.note",
  "ingredients.sort",
  "optionalIngredients.ingredient_id.name",
  "optionalIngredients.ingredient_id.plural",
  "optionalIngredients.ingredient_id.whole_pieces",
  "optionalIngredients.amount",
  "optionalIngredients.amount_max",
  "optionalIngredients.unit",
  "optionalIngredients.note",
  "optionalIngredients.sort",
];

const INGREDIENT_FIELDS = [
  "id",
  "date_created",
  "date_updated",
  "name",
  // What recipes embed of an ingredient: a change of these reads the recipes again (source-stage.ts).
  "plural",
  "whole_pieces",
  ...INGREDIENT_FACT_FIELDS,
  "description",
  "vegetarian",
  "vegan",
  "type.name",
  "tags.IngredientType_id.name",
];

/** Which records of a collection one page reads. */
export interface PageQuery {
  /** Keyset pagination: records with ids above this, in id order. */
  afterId: number;
  /**
   * Only records created or updated at or after this time (ISO 8601, Directus' clock); null for all. A
   * record Directus never updated has no `date_updated`, so its `date_created` counts.
   */
  changedSince: string | null;
}

export interface ContentSource {
  /** How many published recipes there are. */
  countRecipes(): Promise<number>;
  /** How many ingredients the sync can see. */
  countIngredients(): Promise<number>;
  /** One page of published recipes, in id order; empty after the last. */
  recipePage(query: PageQuery): Promise<RawRecipe[]>;
  /** One page of ingredients, in id order; empty after the last. */
  ingredientPage(query: PageQuery): Promise<RawIngredient[]>;
  /** The ids of published recipes above `afterId`, one page in id order: what finds deleted ones. */
  recipeIds(afterId: number): Promise<number[]>;
  ingredientIds(afterId: number): Promise<number[]>;
}

/** Thrown for any failed or malformed read; the sync then keeps the last good catalog. */
export class SourceError extends Error {
  override name = "SourceError";
}

interface DirectusSourceOptions {
  url: string;
  /** Sent with every request: the Access service token in production (app/lib/directus/directus-origin.ts). */
  headers?: Readonly<Record<string, string>>;
  pageSize?: number;
  /** Ids per page when only ids are read (to find deleted records); Directus allows QUERY_LIMIT_MAX (1,000 here). */
  idPageSize?: number;
  /** Per request; a slower answer fails the sync. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Checks a page: a list whose ids increase past `afterId` (what keyset pagination relies on). */
export function checkedPage<T extends Record<string, unknown>>(page: unknown, afterId: number, what: string): T[] {
  if (!Array.isArray(page)) throw new SourceError(`directus: a page of ${what} is not a list`);
  let previous = afterId;
  for (const record of page as { id?: unknown }[]) {
    if (typeof record?.id !== "number" || record.id <= previous) {
      throw new SourceError(`directus: a page of ${what} has no increasing numeric ids`);
    }
    previous = record.id;
  }
  return page as T[];
}

/** Every page `read` gives, from the first id on (keyset: stable even while editors publish during the read). */
export async function* everyPage<T>(read: (query: PageQuery) => Promise<T[]>): AsyncIterable<T[]> {
  let afterId = 0;
  for (;;) {
    const page = await read({ afterId, changedSince: null });
    if (page.length === 0) return;
    afterId = (page.at(-1) as { id: number }).id;
    yield page;
  }
}

/**
 * A readable reason from whatever the SDK threw; a broken or non-JSON answer must not break this too. The SDK
 * throws a RequestError whose message is Directus' first error message, and empty when the answer had none (a 502
 * page from a proxy, say): then its status says more.
 */
function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const errors = (error as { errors?: unknown } | null)?.errors;
  const messages = Array.isArray(errors)
    ? errors.map((entry) => (entry as { message?: unknown } | null)?.message).filter((m) => typeof m === "string")
    : [];
  if (messages.length) return messages.join("; ");
  const status = (error as { response?: Response })?.response?.status;
  return status ? `HTTP ${status}` : String(error);
}

/** Published items only: the public policy lets no others through, and the request asks for no others either. */
const PUBLISHED = { status: { _eq: "published" } };

/** A content source reading the Directus at `url`. */
export function createDirectusSource({
  url,
  headers: originHeaders = {},
  pageSize = 500,
  idPageSize = 1_000,
  timeoutMs = 15_000,
  fetch: fetchImpl = fetch,
}: DirectusSourceOptions): ContentSource {
  const timedFetch: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(originHeaders)) headers.set(name, value);
    return fetchImpl(input, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
  };
  const client = createDirectus(url, { globals: { fetch: timedFetch } }).with(rest());

  async function request<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new SourceError(`directus: reading ${what} from ${url} failed: ${errorText(error)}`);
    }
  }

  /** One page of `collection`'s items that match `where`, in id order. */
  async function itemPage<T extends Record<string, unknown>>(
    collection: string,
    fields: string[],
    what: string,
    { afterId, changedSince }: PageQuery,
    where: Record<string, unknown> | null,
    limit = pageSize,
  ): Promise<T[]> {
    const filters = [
      ...(where ? [where] : []),
      ...(changedSince === null
        ? []
        : [{ _or: [{ date_updated: { _gte: changedSince } }, { date_created: { _gte: changedSince } }] }]),
      { id: { _gt: afterId } },
    ];
    const page = await request(what, () =>
      client.request(
        readItems(collection, {
          fields,
          filter: filters.length === 1 ? filters[0] : { _and: filters },
          sort: ["id"],
          limit,
        }),
      ),
    );
    return checkedPage<T>(page, afterId, what);
  }

  async function count(collection: string, what: string, where: Record<string, unknown> | null): Promise<number> {
    const result = await request(what, () =>
      client.request(aggregate(collection, { aggregate: { count: "id" }, query: where ? { filter: where } : {} })),
    );
    const counted = Number((result as { count?: { id?: unknown } }[])[0]?.count?.id);
    if (!Number.isFinite(counted)) throw new SourceError(`directus: ${what} is malformed`);
    return counted;
  }

  const ids = async (collection: string, what: string, afterId: number, where: Record<string, unknown> | null) =>
    (await itemPage<{ id: number }>(collection, ["id"], what, { afterId, changedSince: null }, where, idPageSize)).map(
      (record) => record.id,
    );

  return {
    countRecipes: () => count("recipe", "the recipe count", PUBLISHED),
    countIngredients: () => count("ingredient", "the ingredient count", null),
    recipePage: (query) => itemPage<RawRecipe>("recipe", RECIPE_FIELDS, "recipes", query, PUBLISHED),
    ingredientPage: (query) => itemPage<RawIngredient>("ingredient", INGREDIENT_FIELDS, "ingredients", query, null),
    recipeIds: (afterId) => ids("recipe", "recipe ids", afterId, PUBLISHED),
    ingredientIds: (afterId) => ids("ingredient", "ingredient ids", afterId, null),
  };
}
