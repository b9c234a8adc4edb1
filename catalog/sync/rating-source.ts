/**
 * What the coordinator reads of visitors' ratings in Directus
 * (`recipe_ratings`: one row per account and recipe, 1–5 `stars`): never a
 * row, only aggregates. A signature of the whole collection (count, sum,
 * newest creation and update), one request, tells whether anything changed
 * since the last read; only then are the tallies read, grouped by recipe,
 * in pages by recipe id (decision 0066). Read as the "Website (Status)"
 * user (DIRECTUS_STATUS_TOKEN, decision 0050): the public reads no ratings,
 * and that user reads their stars and times, never who gave them.
 */
import { aggregate, createDirectus, rest, staticToken } from "@directus/sdk";
import { SourceError } from "./directus-source.ts";

/** One recipe's ratings as a page of the grouped aggregate gives them. */
export interface RatingGroup {
  recipe: number;
  count: number;
  sum: number;
}

export interface RatingSource {
  /** A text that changes whenever any rating is added, changed or removed. */
  signature(): Promise<string>;
  /** The tallies of the recipes with ids above `afterRecipe`, in id order, at most `limit`. */
  groups(afterRecipe: number, limit: number): Promise<RatingGroup[]>;
}

/** The collection the ratings lie in. */
export const RATINGS_COLLECTION = "recipe_ratings";

/** A count or sum as Directus answers it: a number, or a numeric text (PostgreSQL's bigint). */
function wholeNumber(value: unknown): number | null {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/** A Directus time, or null; anything else is garbage. */
function timeOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string" || Number.isNaN(Date.parse(value))) {
    throw new SourceError("directus: the ratings' signature has a time that is none");
  }
  return new Date(Date.parse(value)).toISOString();
}

/** Checks the signature's answer; throws a SourceError on anything but one row of numbers and times. */
export function checkedSignature(answer: unknown): string {
  const row = Array.isArray(answer) && answer.length === 1 ? (answer[0] as Record<string, unknown>) : null;
  const field = (name: string, key: string) => (row?.[name] as Record<string, unknown> | null | undefined)?.[key];
  const count = wholeNumber(field("count", "id"));
  // A collection without rows sums to null.
  const sum = count === 0 ? 0 : wholeNumber(field("sum", "stars"));
  if (row === null || count === null || sum === null) {
    throw new SourceError("directus: the ratings' signature is malformed");
  }
  return JSON.stringify([
    count,
    sum,
    timeOrNull(field("max", "date_created")),
    timeOrNull(field("max", "date_updated")),
  ]);
}

/**
 * Checks a page of tallies: recipe ids increasing past `afterRecipe`, at
 * most `limit`, each a count of at least one and stars of 1–5 each. A page
 * that fails is garbage, and nothing of it is taken.
 */
export function checkedGroups(answer: unknown, afterRecipe: number, limit: number): RatingGroup[] {
  if (!Array.isArray(answer) || answer.length > limit)
    throw new SourceError("directus: a page of ratings is malformed");
  let previous = afterRecipe;
  return answer.map((row: Record<string, unknown> | null) => {
    const recipe = row?.recipe;
    const count = wholeNumber((row?.count as Record<string, unknown> | undefined)?.stars);
    const sum = wholeNumber((row?.sum as Record<string, unknown> | undefined)?.stars);
    if (
      typeof recipe !== "number" ||
      !Number.isSafeInteger(recipe) ||
      recipe <= previous ||
      count === null ||
      count < 1 ||
      sum === null ||
      sum < count ||
      sum > count * 5
    ) {
      throw new SourceError("directus: a page of ratings is malformed");
    }
    previous = recipe;
    return { recipe, count, sum };
  });
}

interface DirectusRatingSourceOptions {
  url: string;
  /** The "Website (Status)" user's static token. */
  token: string;
  /** Sent with every request (the Access service token in production), as directus-source.ts sends them. */
  headers?: Readonly<Record<string, string>>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The ratings of the Directus at `url`, read as the sync reads content. */
export function createDirectusRatingSource({
  url,
  token,
  headers: originHeaders = {},
  timeoutMs = 15_000,
  fetch: fetchImpl = fetch,
}: DirectusRatingSourceOptions): RatingSource {
  const timedFetch: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(originHeaders)) headers.set(name, value);
    return fetchImpl(input, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
  };
  const client = createDirectus(url, { globals: { fetch: timedFetch } })
    .with(rest())
    .with(staticToken(token));
  async function request(what: string, run: () => Promise<unknown>): Promise<unknown> {
    try {
      return await run();
    } catch (error) {
      const reason = error instanceof Error && error.message ? error.message : String(error);
      throw new SourceError(`directus: reading ${what} from ${url} failed: ${reason}`);
    }
  }
  return {
    signature: async () =>
      checkedSignature(
        await request("the ratings' signature", () =>
          client.request(
            aggregate(RATINGS_COLLECTION, {
              aggregate: { count: "id", sum: "stars", max: ["date_created", "date_updated"] },
            }),
          ),
        ),
      ),
    groups: async (afterRecipe, limit) =>
      checkedGroups(
        await request("ratings", () =>
          client.request(
            aggregate(RATINGS_COLLECTION, {
              aggregate: { count: "stars", sum: "stars" },
              groupBy: ["recipe"],
              query: { filter: { recipe: { _gt: afterRecipe } }, sort: ["recipe"], limit },
            }),
          ),
        ),
        afterRecipe,
        limit,
      ),
  };
}
