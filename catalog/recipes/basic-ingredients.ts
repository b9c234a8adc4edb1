/**
 * The basics a kitchen has at hand (Grundzutaten): the ingredient search
 * counts them as there unless the visitor says one is missing (`fehlt=` in
 * the address), so they are never what a recipe still needs and never stand
 * between a recipe and "Es fehlt nichts!". They change neither a recipe's
 * score nor the order (the product rules' matching stays as it is).
 *
 * The rule that chose them is decision 0040: every ingredient whose own
 * type is SEASONING or OIL and that at least 15 % of the seed's recipes
 * need, plus water from the tap. tests/unit/basic-ingredients.test.ts
 * applies the rule to the seed and holds this list to it.
 */

/** A basic: its slug (the address names it by this) and its name (matching compares names). */
export interface BasicIngredient {
  slug: string;
  name: string;
}

/** The basics, in the order the page names them ("Salz, Pfeffer … setzen wir voraus"). */
export const BASIC_INGREDIENTS: readonly BasicIngredient[] = [
  { slug: "salz", name: "Salz" },
  { slug: "pfeffer", name: "Pfeffer" },
  { slug: "olivenoel", name: "Olivenöl" },
  { slug: "rapsoel", name: "Rapsöl" },
  { slug: "wasser", name: "Wasser" },
];

/** The basic with this slug, or undefined: the allow-list the address is read against. */
export function basicBySlug(slug: string): BasicIngredient | undefined {
  return BASIC_INGREDIENTS.find((basic) => basic.slug === slug);
}

/** The basics at hand when the visitor lacks those in `missing` (slugs), in the list's order. */
export function basicsAtHand(missing: readonly string[]): BasicIngredient[] {
  return BASIC_INGREDIENTS.filter((basic) => !missing.includes(basic.slug));
}
