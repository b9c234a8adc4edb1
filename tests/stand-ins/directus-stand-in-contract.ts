/**
 * What the Directus stand-in (directus-stand-in.ts) and the edge tests in
 * workerd agree on. No imports: this file is loaded on both sides.
 */

/** The address the Worker is given as DIRECTUS_URL in these tests. */
export const STAND_IN_DIRECTUS_URL = "http://directus.internal:8056";

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
}

/**
 * The one visitor the stand-in knows, signed in with `token` (its payload's
 * `iat` lies in the future, so the Worker does not refresh it), with a full
 * list of saved recipes whose ids are those of no published recipe.
 */
export const STAND_IN_FULL_VISITOR = {
  token: "stand-in.eyJpYXQiOjQxMDI0NDQ4MDB9.signature",
  user: { id: "11111111-0000-4000-8000-000000000001", email: "voll@example.org" },
  savedCount: 1_000,
  firstSavedRecipeId: 100_001,
} as const;
