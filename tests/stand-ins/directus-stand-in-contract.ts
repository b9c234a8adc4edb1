/**
 * What the Directus stand-in (directus-stand-in.ts) and the edge tests in
 * workerd agree on. No imports: this file is loaded on both sides.
 */

/** The address the Worker is given as DIRECTUS_URL in these tests. */
export const STAND_IN_DIRECTUS_URL = "http://directus.internal:8056";

/**
 * The Cloudflare Access service token the Worker is given in these tests
 * (DIRECTUS_ACCESS_CLIENT_ID and DIRECTUS_ACCESS_CLIENT_SECRET), and the
 * headers that carry it: the stand-ins answer as Access does without them.
 */
export const STAND_IN_ACCESS_TOKEN = {
  clientId: "0123456789abcdef0123456789abcdef.access",
  clientSecret: "stand-in-access-secret-0123456789abcdef0123456789abcdef",
} as const;
export const ACCESS_HEADERS = {
  "cf-access-client-id": STAND_IN_ACCESS_TOKEN.clientId,
  "cf-access-client-secret": STAND_IN_ACCESS_TOKEN.clientSecret,
} as const;

/** Whether a request carries the service token, as Cloudflare Access checks it. */
export function passesAccess(headers: { get(name: string): string | null }): boolean {
  return Object.entries(ACCESS_HEADERS).every(([name, value]) => headers.get(name) === value);
}

/** Access' answer to a request without the token: a 403 page, not Directus. */
export const ACCESS_DENIED = { status: 403, body: "Forbidden: Cloudflare Access" } as const;

/** Asset ids with a special answer, for the tests. */
export const STAND_IN_ASSETS = {
  png: "11111111-2222-4333-8444-555555555555",
  svg: "22222222-3333-4444-8555-666666666666",
  html: "33333333-4444-4555-8666-777777777777",
  failing: "44444444-5555-4666-8777-888888888888",
} as const;

export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body of a write, as text. */
  body?: string;
}

/**
 * The one visitor the stand-in knows, signed in with `token` (its payload's
 * `id` is the user's, its `iat` lies in the future, so the Worker does not refresh it), with a full
 * list of saved recipes whose ids are those of no published recipe.
 */
export const STAND_IN_FULL_VISITOR = {
  // {"iat":4102444800,"id":"11111111-0000-4000-8000-000000000001"}, as Directus puts the account id into its tokens.
  token: "stand-in.eyJpYXQiOjQxMDI0NDQ4MDAsImlkIjoiMTExMTExMTEtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDAxIn0.signature",
  user: { id: "11111111-0000-4000-8000-000000000001", email: "voll@example.org" },
  savedCount: 1_000,
  firstSavedRecipeId: 100_001,
} as const;

/** A recipe the catalog may still show but Directus holds as unpublished: the stand-in refuses to rate it. */
export const STAND_IN_NOT_PUBLISHED_RECIPE_ID = 777;
