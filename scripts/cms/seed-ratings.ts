/**
 * The seed's ratings (cms/seed/ratings.json, decision 0065): a few accounts
 * in the "Nutzer" role that rated the seed recipes, so a local site and the
 * tests show counts, means and the structured data's aggregateRating without
 * anyone rating by hand. The accounts have no password and no Google
 * identity: nobody can sign in as them.
 *
 * Idempotent: an account that exists is not made again, and one that has
 * ratings already gets none. Ratings of a recipe the database no longer has
 * (deleted or renamed since) are left out.
 */
import { USER_ROLE } from "../../cms/access-policies.ts";
import type { DirectusAdmin } from "./directus-admin.ts";
import { readSeedFile } from "./seed.ts";

/** cms/seed/ratings.json: the accounts, and per recipe slug each account's stars (null: not rated) in their order. */
export interface SeedRatings {
  accounts: string[];
  ratings: Record<string, (number | null)[]>;
}

/** How the Data Studio names the seed's accounts: plainly not a visitor. */
function accountNames(index: number) {
  return { first_name: "Testkonto", last_name: `Bewertungen ${index + 1}` };
}

/** Makes the seed's rating accounts and their ratings where missing; returns how many ratings it made. */
export async function seedRatings(admin: DirectusAdmin): Promise<number> {
  const seed = await readSeedFile<SeedRatings>("ratings.json");
  const emails = encodeURIComponent(JSON.stringify({ email: { _in: seed.accounts } }));
  const existing = await admin.request<{ id: string; email: string }[]>(
    "GET",
    `/users?fields=id,email&limit=-1&filter=${emails}`,
  );
  const ids = new Map(existing.map((user) => [user.email, user.id]));
  for (const [index, email] of seed.accounts.entries()) {
    if (ids.has(email)) continue;
    const created = await admin.request<{ id: string }>("POST", "/users", {
      email,
      role: USER_ROLE.id,
      status: "active",
      ...accountNames(index),
    });
    ids.set(email, created.id);
  }

  const recipes = await admin.request<{ id: number; slug: string }[]>("GET", "/items/recipe?fields=id,slug&limit=-1");
  const recipeIds = new Map(recipes.map((recipe) => [recipe.slug, recipe.id]));
  let made = 0;
  for (const [index, email] of seed.accounts.entries()) {
    const user = ids.get(email) ?? "";
    const rated = await admin.request<unknown[]>(
      "GET",
      `/items/recipe_ratings?fields=id&limit=1&filter[user][_eq]=${encodeURIComponent(user)}`,
    );
    if (rated.length > 0) continue;
    const rows = Object.entries(seed.ratings).flatMap(([slug, stars]) => {
      const recipe = recipeIds.get(slug);
      const given = stars[index];
      return recipe === undefined || given === null || given === undefined ? [] : [{ recipe, stars: given }];
    });
    if (rows.length === 0) continue;
    // Directus fills `user` with whoever creates a row (here the admin), one recipe once per batch as the
    // unique index wants; the rows are then handed to the account they belong to.
    const created = await admin.request<{ id: number }[]>("POST", "/items/recipe_ratings", rows);
    await admin.request("PATCH", "/items/recipe_ratings", { keys: created.map((row) => row.id), data: { user } });
    made += created.length;
  }
  return made;
}
