/**
 * Random catalogs as Directus holds them, for the tests that publish one
 * round of changes after another and compare with a publish from nothing
 * (catalog-delta, stage-build-incremental): a recipe is a spec of small
 * numbers (its name, category, ingredients, cuisine, image and description
 * drawn from short lists, so that recipes share words and ingredients),
 * written out as the record the sync reads.
 */
import fc from "fast-check";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import type { ShardedLayout } from "../../catalog/search/engine/sharded-format.ts";
import { RAW_INGREDIENT, rawRecipe } from "../stand-ins/raw-content.ts";

/** A search index layout whose pieces are small, so that a few dozen recipes make many shards. */
export const TINY_SEARCH_LAYOUT: ShardedLayout = {
  lengthPieceDocuments: 4,
  orderPieceNumbers: 2,
  // Small enough that a word or token of a dozen recipes is cut into parts (decision 0072).
  shardChars: 16,
  partChars: 4,
  termPieceChars: 64,
};
export const INGREDIENT_NAMES = ["Wasser", "Zwiebel", "Knoblauch", "Tomate", "Reis", "Feta"];
export const RECIPE_NAMES = [
  "Kürbissuppe",
  "Linsen-Eintopf",
  "Pasta mit Feta",
  "Tomatenreis",
  "Zwiebelkuchen",
  "Käsespätzle",
];

/** A recipe as indexes into the lists above (cuisine 2 and image or description 0: none). */
export interface RecipeSpec {
  id: number;
  name: number;
  type: number;
  ingredients: number[];
  cuisine: number;
  image: number;
  description: number;
}

const recipeSpec = (id: fc.Arbitrary<number>): fc.Arbitrary<RecipeSpec> =>
  fc.record({
    id,
    name: fc.nat(RECIPE_NAMES.length - 1),
    type: fc.nat(RECIPE_TYPES.length - 1),
    ingredients: fc.uniqueArray(fc.nat(INGREDIENT_NAMES.length - 1), { minLength: 1, maxLength: 4 }),
    cuisine: fc.nat(2),
    image: fc.nat(3),
    description: fc.nat(3),
  });

/** A catalog of 1 to `maxLength` recipes, their ids drawn from `ids` (each at most once), in no order. */
export const randomSpecs = (ids: fc.Arbitrary<number>, maxLength: number): fc.Arbitrary<RecipeSpec[]> =>
  fc.uniqueArray(recipeSpec(ids), { selector: (recipe) => recipe.id, minLength: 1, maxLength });

/** The record Directus holds for a spec; `updated`: its `date_updated` (none: never updated). */
export function rawRecipeOf(recipe: RecipeSpec, updated: string | null = null): Record<string, unknown> {
  return {
    ...rawRecipe(recipe.id, recipe.description, updated),
    name: `${RECIPE_NAMES[recipe.name]} ${recipe.id}`,
    slug: `rezept-${recipe.id}`,
    type: { name: RECIPE_TYPES[recipe.type] },
    cuisine: ["Deutsch", "Italienisch", null][recipe.cuisine],
    image: recipe.image === 0 ? null : `Bild-${recipe.id}-${recipe.image}`,
    ingredients: recipe.ingredients.map((ingredient, index) => ({
      ingredient_id: { name: INGREDIENT_NAMES[ingredient] },
      amount: "100.000",
      unit: "g",
      note: null,
      sort: index + 1,
    })),
  };
}

/** The ingredient records Directus holds, one for each name, ids from 1. */
export const RAW_INGREDIENTS = INGREDIENT_NAMES.map((name, index) => ({ ...RAW_INGREDIENT, id: index + 1, name }));

/** What Directus holds of a catalog of `specs`: their records in that order, and the ingredients. */
export function heldCatalog(specs: readonly RecipeSpec[]) {
  return { recipes: specs.map((recipe) => rawRecipeOf(recipe)), ingredients: RAW_INGREDIENTS };
}

/**
 * `count` recipes with ids 1 to `count`, each field cycling through its
 * list: a catalog with no gaps in its ids, where every name, category and
 * ingredient is held. Each recipe has one ingredient unless
 * `ingredientsOf` (by its index) says otherwise.
 */
export function denseSpecs(
  count: number,
  ingredientsOf: (index: number) => number[] = (index) => [index % INGREDIENT_NAMES.length],
): RecipeSpec[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: index % RECIPE_NAMES.length,
    type: index % RECIPE_TYPES.length,
    ingredients: ingredientsOf(index),
    cuisine: index % 3,
    image: index % 4,
    description: index % 4,
  }));
}

/** One change to a catalog: a recipe added, one removed, or one edited in anything (so it may move in every order). */
export type CatalogChange =
  | { kind: "add"; recipe: RecipeSpec }
  | { kind: "remove"; at: number }
  | { kind: "edit"; at: number; recipe: RecipeSpec };

/** A random change; an add draws its id from one of `addedIds` (each an alternative of its own). */
export const catalogChange = (...addedIds: fc.Arbitrary<number>[]): fc.Arbitrary<CatalogChange> =>
  fc.oneof(
    ...addedIds.map((id) => fc.record({ kind: fc.constant("add" as const), recipe: recipeSpec(id) })),
    fc.record({ kind: fc.constant("remove" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("edit" as const), at: fc.nat(), recipe: recipeSpec(fc.constant(0)) }),
  );

/**
 * Makes `changes` to the specs and to the records Directus holds (the same
 * recipes in the same order), the records of those added or edited
 * updated at `updated`. An add of an id already held is passed over; a
 * remove or an edit of the last recipe left changes nothing. Returns the
 * changes less the adds passed over.
 */
export function applyChanges(
  current: RecipeSpec[],
  held: Record<string, unknown>[],
  changes: readonly CatalogChange[],
  updated: string,
): CatalogChange[] {
  const made: CatalogChange[] = [];
  for (const change of changes) {
    if (change.kind === "add") {
      if (current.some((recipe) => recipe.id === change.recipe.id)) continue;
      current.push(change.recipe);
      held.push(rawRecipeOf(change.recipe, updated));
    } else if (current.length > 1) {
      const at = change.at % current.length;
      if (change.kind === "remove") {
        current.splice(at, 1);
        held.splice(at, 1);
      } else {
        const after = { ...change.recipe, id: (current[at] as RecipeSpec).id };
        current[at] = after;
        held[at] = rawRecipeOf(after, updated);
      }
    }
    made.push(change);
  }
  return made;
}
