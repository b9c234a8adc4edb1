import type { RecipeType } from "./categories.ts";
import type { IngredientType } from "./ingredient-types.ts";
import type { Unit } from "./units.ts";

/** One line of a recipe's ingredient list, as written for the recipe's `servings`. */
export interface IngredientLine {
  /** The ingredient's name, as in `ingredients` / `optionalIngredients`. */
  name: string;
  /**
   * The ingredient's plural where it differs from the name ("Zwiebeln", "Eier"); null for
   * things that have none or are named in the plural already ("Salz", "Spaghetti").
   */
  plural: string | null;
  /** Counted in whole pieces only: a scaled count rounds to whole numbers, at least 1 (Ei, Burgerbrötchen). */
  wholePieces: boolean;
  /** Positive; null for a line that is the name alone ("Salz", "Pfeffer, nach Geschmack"). A range's lower end. */
  amount: number | null;
  /**
   * A range's upper end, in the same unit ("2–3 EL": amount 2, amountMax 3); always above `amount`,
   * and null for a single amount and for a line without amount.
   */
  amountMax: number | null;
  /** Null counts the thing itself ("2 Eier") or goes with a null amount. */
  unit: Unit | null;
  /** At most 40 characters, true for any number of servings ("fein gehackt", "à 400 ml"). */
  note: string | null;
  optional: boolean;
}

/**
 * Energy and the EU label's nutrients (regulation 1169/2011, annex XV): per 100 g on an ingredient, per portion
 * on a recipe. Energy in kcal, the rest in grams; `salt` is sodium × 2.5, as labels give it.
 */
export interface Nutrients {
  kcal: number;
  fat: number;
  /** Of `fat`. */
  saturates: number;
  /** Available carbohydrate, without fibre (the EU label's definition). */
  carbohydrate: number;
  /** Of `carbohydrate`. */
  sugars: number;
  protein: number;
  salt: number;
}

/** Bumped whenever the shape below or how it lies in KV changes; readers ignore catalogs of another version. */
export const CATALOG_FORMAT_VERSION = 16;

/**
 * What list cards, queries and the search index read of a recipe; the rest
 * (RecipeDetails) is what its page and a card's opened disclosure print.
 * They lie in card and detail buckets cut alike, a recipe per line
 * (stored-catalog.ts).
 */
export interface RecipeSummary {
  id: number;
  slug: string;
  name: string;
  cuisine: string | null;
  /** Directus file id of the image. */
  image: string | null;
  totalTime: number;
  vegetarian: boolean;
  vegan: boolean;
  type: RecipeType;
  /** ISO date the recipe was created in the CMS. */
  published: string;
  /** Ingredient names (the spec compares ingredients by name); search and matching use these. */
  ingredients: string[];
  /** A line or two; list cards print it. */
  description: string | null;
  /** The source; list cards link it. */
  recipeUrl: string | null;
  /**
   * Kcal per portion, as `RecipeDetails.nutrition.kcal`, for the list card; absent without nutrition. Written
   * into the card bucket from the details (stored-catalog.ts `cardOf`), never set by the sync on its own.
   */
  kcal?: number;
  /**
   * Its visitors' ratings, from the version's ratings column (catalog/format/ratings-column.ts), never from the
   * bucket: set by the view for a recipe with at least 3 ratings, absent otherwise.
   */
  rating?: RecipeRating;
}

/** A recipe's ratings as Directus counts them: how many, and their stars added up. */
export interface RatingTally {
  count: number;
  sum: number;
}

/** What a page shows of a recipe's ratings: how many, and their mean stars (1–5, not rounded). */
export interface RecipeRating {
  count: number;
  mean: number;
}

/** The rest of a recipe: what its page, and a list card's opened disclosure, print. */
export interface RecipeDetails {
  /** Free-text instructions, shown when there are no steps. */
  instructions: string | null;
  /** Preparation steps from instructionList; empty when the recipe has only free text. */
  steps: string[];
  prepTime: number;
  cookTime: number;
  manyGuests: boolean;
  /** How many servings the amounts in `ingredientLines` are for (1–12). */
  servings: number;
  optionalIngredients: string[];
  /** Every ingredient with amount, unit and note, in display order: required lines, then optional ones. */
  ingredientLines: IngredientLine[];
  /**
   * Per portion, rounded (kcal whole, salt to 0.01 g, the rest to 0.1 g), computed by the sync from the
   * ingredients' values (catalog/sync/nutrition-per-portion.ts); null when a line cannot be weighed.
   */
  nutrition: Nutrients | null;
}

/** A published recipe as the site shows it, built by the sync from Directus. */
export interface CatalogRecipe extends RecipeSummary, RecipeDetails {}

/** An ingredient with its URL slug and how many recipes use it. */
export interface CatalogIngredient {
  slug: string;
  name: string;
  description: string | null;
  vegetarian: boolean;
  vegan: boolean;
  type: IngredientType | null;
  tags: IngredientType[];
  /** Recipes that need it (optional uses not counted). */
  recipeCount: number;
}

/** Everything anonymous pages need, as the sync builds it; stored-catalog.ts cuts it into the pieces KV holds. */
export interface Catalog {
  formatVersion: typeof CATALOG_FORMAT_VERSION;
  /** Recipes sorted by id. */
  recipes: CatalogRecipe[];
  /** Ingredients sorted by recipe count, descending, then name. */
  ingredients: CatalogIngredient[];
  /** Recipe count per category, in the spec's order. */
  categories: { type: RecipeType; count: number }[];
  /** Each recipe's ratings by id (decision 0066); none when absent. Only tallies of 3 ratings or more are published. */
  ratings?: ReadonlyMap<number, RatingTally>;
}
