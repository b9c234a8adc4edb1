import type { ReadIngredientLine } from "../../catalog/ingredient-lines/read-line.ts";
import type { RecipeType } from "../../catalog/recipes/categories.ts";

/**
 * A schema.org Recipe as `npm run import` read it, before anything is written:
 * what the draft in Directus will hold, and what an editor must look at.
 */
export interface ImportedRecipe {
  /** Where it came from, for messages: a file path (with the position in it) or a URL. */
  source: string;
  /**
   * What identifies the recipe across runs (docs/operations.md): its http(s) `url`, else its `@id`,
   * else the source and its name.
   */
  key: string;
  name: string;
  /** Plain text: entities decoded, tags removed. */
  description: string | null;
  cuisine: string | null;
  /** 1–12, or null when recipeYield gave none. */
  servings: number | null;
  prepMinutes: number | null;
  cookMinutes: number | null;
  totalMinutes: number | null;
  category: RecipeType | null;
  vegetarian: boolean;
  vegan: boolean;
  /** http(s) only. */
  sourceUrl: string | null;
  /** Plain-text steps, in order. */
  steps: string[];
  /** http(s) only; downloaded into Directus' files by the writer. */
  imageUrl: string | null;
  /** Every line that could be read, in order (required lines first, optional after). */
  ingredients: ReadIngredientLine[];
  /** German, one sentence each: what an editor must look at (stored on the draft, printed). */
  problems: string[];
}

/** A source, or a recipe in it, that was not imported, and why (German). */
export interface SkippedSource {
  source: string;
  reason: string;
}

/** What `npm run import -- --dry-run --json` prints: the contract tests and tools rely on. */
export interface ImportReport {
  recipes: {
    name: string;
    servings: number | null;
    totalMinutes: number | null;
    category: RecipeType | null;
    sourceUrl: string | null;
    steps: string[];
    ingredients: {
      line: string;
      amount: number | null;
      amountMax: number | null;
      unit: string | null;
      ingredient: string;
      known: boolean;
      note: string | null;
      optional: boolean;
    }[];
    problems: string[];
  }[];
  skipped: SkippedSource[];
}

/** An ingredient Directus already has: what matching lines and deciding the diet need. */
export interface KnownIngredientFacts {
  id: number;
  name: string;
  plural: string | null;
  vegetarian: boolean;
  vegan: boolean;
  /** False for an ingredient an earlier import proposed and no editor has confirmed yet. */
  confirmed: boolean;
}

/**
 * What happened to one recipe in Directus:
 * - created: a new draft;
 * - updated: the draft the last import wrote, with the source's changes;
 * - unchanged: the source holds what the last import wrote; nothing was sent;
 * - kept: an editor changed or published the recipe since the last import; it is left as it is.
 */
export type WriteOutcome = "created" | "updated" | "unchanged" | "kept";

export interface WriteResult {
  outcome: WriteOutcome;
  /** The recipe's Directus id. */
  id: number;
  /** What the write itself found (an image that could not be fetched); German, added to the recipe's problems. */
  problems: string[];
}

/** The Directus an import writes to (scripts/import/directus-target.ts). */
export interface ImportTarget {
  /** Every ingredient, confirmed or proposed, read once per run. */
  knownIngredients(): Promise<KnownIngredientFacts[]>;
  /** Writes one recipe as a draft, with its lines, in one request (or not at all). */
  write(recipe: ImportedRecipe): Promise<WriteResult>;
}

/** One thing `readRecipes` (scripts/import/read-recipes.ts) found: a recipe to write, or one to skip. */
export type ReadOutcome = { recipe: ImportedRecipe } | { skipped: SkippedSource };
