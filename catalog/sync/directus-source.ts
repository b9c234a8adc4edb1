/**
 * Reads published content from Directus through @directus/sdk, page by page,
 * as the public sees it (no token: the public policy reads published recipes
 * only, so a draft can never leak into the catalog).
 */
import { aggregate, createDirectus, readItems, rest } from "@directus/sdk";

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
  // Scheduled publishing (publication-window.ts): outside these times a published recipe is left out.
  "publish_at",
  "unpublish_at",
  "type.name",
  "servings",
  "ingredients.ingredient_id.name",
  "ingredients.ingredient_id.plural",
  "ingredients.ingredient_id.whole_pieces",
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
  "name",
  "description",
  "vegetarian",
  "vegan",
  "type.name",
  "tags.IngredientType_id.name",
];

export interface ContentSource {
  /** How many published recipes there are, for progress. */
  countRecipes(): Promise<number>;
  /** Published recipes, one page at a time, in id order. */
  recipePages(): AsyncIterable<RawRecipe[]>;
  /** All ingredients, one page at a time, in id order. */
  ingredientPages(): AsyncIterable<RawIngredient[]>;
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
  /** Per request; a slower answer fails the sync. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Keyset pagination: stable even while editors publish during the read. */
async function* pages<T extends Record<string, unknown>>(
  read: (afterId: number) => Promise<unknown>,
  what: string,
): AsyncIterable<T[]> {
  let afterId = 0;
  for (;;) {
    const page = await read(afterId);
    if (!Array.isArray(page)) throw new SourceError(`directus: a page of ${what} is not a list`);
    if (page.length === 0) return;
    const last = page.at(-1) as { id?: unknown };
    if (typeof last?.id !== "number" || last.id <= afterId) {
      throw new SourceError(`directus: a page of ${what} has no increasing numeric ids`);
    }
    afterId = last.id;
    yield page as T[];
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

  /** The items of `collection` that match `where`, a page at a time in id order (see pages()). */
  function itemPages<T extends Record<string, unknown>>(
    collection: string,
    fields: string[],
    what: string,
    where?: Record<string, unknown>,
  ): AsyncIterable<T[]> {
    return pages<T>((afterId) => {
      const after = { id: { _gt: afterId } };
      return request(what, () =>
        client.request(
          readItems(collection, {
            fields,
            filter: where ? { _and: [where, after] } : after,
            sort: ["id"],
            limit: pageSize,
          }),
        ),
      );
    }, what);
  }

  return {
    async countRecipes() {
      const result = await request("the recipe count", () =>
        client.request(
          aggregate("recipe", {
            aggregate: { count: "id" },
            query: { filter: PUBLISHED },
          }),
        ),
      );
      const count = Number((result as { count?: { id?: unknown } }[])[0]?.count?.id);
      if (!Number.isFinite(count)) throw new SourceError("directus: the recipe count is malformed");
      return count;
    },
    recipePages: () => itemPages<RawRecipe>("recipe", RECIPE_FIELDS, "recipes", PUBLISHED),
    ingredientPages: () => itemPages<RawIngredient>("ingredient", INGREDIENT_FIELDS, "ingredients"),
  };
}
