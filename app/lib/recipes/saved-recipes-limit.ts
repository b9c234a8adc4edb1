/**
 * How many recipes one visitor may save. The site refuses the next save with
 * a notice (routes/saved-recipes.tsx), reads at most this many
 * (directus/user-api.server.ts), and Directus' database enforces it too, as
 * a backstop for concurrent saves (cms/migrations/, a trigger with the same
 * number written out, since a migration cannot import this module).
 */
export const SAVED_RECIPES_LIMIT = 1_000;
