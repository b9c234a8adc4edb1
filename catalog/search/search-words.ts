/**
 * The words German cooks search with for a whole category of recipes or a
 * whole kind of ingredient (issue 17): "Nudeln" means the Pasta category
 * and every recipe with a noodle, "Käse" every recipe with a cheese. This
 * is the one reviewed table of them; the search index (search-index.ts)
 * turns a query word into these kinds through its stem (german-stem.ts),
 * so "Nuss" and "Nüsse", "Suppe" and "Suppen" name the same thing.
 *
 * Words are single words as a visitor types them. A word may name several
 * things ("Nudeln": a category and a kind).
 */
import type { RecipeType } from "../recipes/categories.ts";
import { INGREDIENT_TYPES, type IngredientType } from "../recipes/ingredient-types.ts";
import { foldTerm } from "./engine/fold.ts";
import { stemOf } from "./engine/german-stem.ts";
import { searchTerms } from "./engine/terms.ts";

/** The words for each recipe category of the spec. */
export const CATEGORY_WORDS: Record<RecipeType, readonly string[]> = {
  SOUP: ["Suppe", "Eintopf"],
  PIZZA: ["Pizza"],
  PASTA: ["Pasta", "Nudeln", "Nudelgericht"],
  BURGER: ["Burger"],
  DISH: ["Hauptgericht", "Klassiker"],
  SALAD: ["Salat"],
  BREAKFAST: ["Frühstück", "Brunch"],
  COLD_DISH: ["kalt"],
  BAKED_DISH: ["Ofen", "Backofen", "Auflauf", "überbacken", "Ofengericht"],
};

interface KindWords {
  /** How the ingredient search names the kind as a whole: "Nudeln (alle Sorten)". */
  label: string;
  /** Its name in the ingredient search's address, after KIND_VALUE_PREFIX: ASCII, lower case. */
  slug: string;
  words: readonly string[];
  /**
   * Whether an ingredient that only has this kind among its tags counts
   * (Frischkäse is a MILK_PRODUCT tagged CHEESE: it is a cheese). Off where
   * the tags are botanical or culinary side notes a cook would not mean:
   * the tomato tagged FRUIT is no "Obst", basil tagged VEGETABLE no
   * "Gemüse", nutmeg tagged NUT no "Nüsse".
   */
  viaTags: boolean;
}

/** The words for each ingredient kind of the spec, and whether its tags count. */
export const KIND_WORDS: Record<IngredientType, KindWords> = {
  CHEESE: { label: "Käse", slug: "kaese", words: ["Käse"], viaTags: true },
  NOODLES: { label: "Nudeln", slug: "nudeln", words: ["Nudeln", "Pasta", "Teigwaren"], viaTags: true },
  RICE: { label: "Reis", slug: "reis", words: ["Reis"], viaTags: true },
  MILK_PRODUCT: {
    label: "Milchprodukte",
    slug: "milchprodukte",
    words: ["Milchprodukt", "Milchprodukte"],
    viaTags: true,
  },
  VINEGAR: { label: "Essig", slug: "essig", words: ["Essig"], viaTags: true },
  OIL: { label: "Öl", slug: "oel", words: ["Öl", "Speiseöl"], viaTags: false },
  VEGETABLE: { label: "Gemüse", slug: "gemuese", words: ["Gemüse"], viaTags: false },
  SEASONING: { label: "Gewürze", slug: "gewuerze", words: ["Gewürz", "Gewürze"], viaTags: false },
  BASIC_FOOD_ITEM: {
    label: "Grundnahrungsmittel",
    slug: "grundnahrungsmittel",
    words: ["Grundnahrungsmittel", "Vorrat"],
    viaTags: false,
  },
  NUT: { label: "Nüsse", slug: "nuesse", words: ["Nuss", "Nüsse", "Kerne"], viaTags: false },
  WHIP: { label: "Sahne", slug: "sahne", words: ["Sahne"], viaTags: true },
  CURRY: { label: "Curry", slug: "curry", words: ["Curry"], viaTags: false },
  ASIAN: { label: "Asiatische Zutaten", slug: "asiatisch", words: ["asiatisch", "Asia"], viaTags: true },
  MEAT: { label: "Fleisch und Fisch", slug: "fleisch", words: ["Fleisch"], viaTags: false },
  FRUIT: { label: "Obst", slug: "obst", words: ["Obst", "Früchte", "Frucht"], viaTags: false },
};

const KIND_BY_SLUG = new Map(
  (Object.entries(KIND_WORDS) as [IngredientType, KindWords][]).map(([kind, { slug }]) => [slug, kind]),
);

/** How the ingredient search names a kind chosen as a whole. */
export function kindLabel(kind: IngredientType): string {
  return `${KIND_WORDS[kind].label} (alle Sorten)`;
}

/**
 * Kinds as one number, a bit per place in INGREDIENT_TYPES: how the
 * ingredient search sends each ingredient's kinds. A number per ingredient
 * is less for the page's data to carry and encode than a list per ingredient.
 */
export function kindMask(kinds: readonly IngredientType[]): number {
  let mask = 0;
  for (const kind of kinds) mask |= 1 << INGREDIENT_TYPES.indexOf(kind);
  return mask;
}

/** Whether `mask` (of `kindMask`) holds `kind`. */
export function maskHasKind(mask: number, kind: IngredientType): boolean {
  return (mask & (1 << INGREDIENT_TYPES.indexOf(kind))) !== 0;
}

/** The kinds of a `kindMask`, in INGREDIENT_TYPES order. */
export function kindsOfMask(mask: number): IngredientType[] {
  return INGREDIENT_TYPES.filter((_, place) => (mask & (1 << place)) !== 0);
}

/** The kind an address names by its slug, or undefined. */
export function kindBySlug(slug: string): IngredientType | undefined {
  return KIND_BY_SLUG.get(slug);
}

/** How the index names a kind in a recipe's kinds field: upper case, which no folded word is. */
export function kindToken(kind: IngredientType): string {
  return `#KIND-${kind}`;
}

/** How the index names a category in a recipe's category field. */
export function categoryToken(type: RecipeType): string {
  return `#CATEGORY-${type}`;
}

/** The kinds an ingredient belongs to for the search: its type, and its tags where the kind lets them count. */
export function kindsOfIngredient(ingredient: {
  type: IngredientType | null;
  tags: readonly IngredientType[];
}): IngredientType[] {
  const kinds: IngredientType[] = [];
  if (ingredient.type) kinds.push(ingredient.type);
  for (const tag of ingredient.tags) {
    if (KIND_WORDS[tag].viaTags && !kinds.includes(tag)) kinds.push(tag);
  }
  return kinds;
}

/** The kinds (`kindsOfIngredient`) of each ingredient, by name; a name not in it has none. */
export type IngredientKinds = ReadonlyMap<string, readonly IngredientType[]>;

/** Each ingredient's kinds, by name: for the search index and the search's reasons. */
export function ingredientKinds(
  ingredients: readonly { name: string; type: IngredientType | null; tags: readonly IngredientType[] }[],
): IngredientKinds {
  return new Map(ingredients.map((ingredient) => [ingredient.name, kindsOfIngredient(ingredient)]));
}

export interface WordMeaning {
  kinds: readonly IngredientType[];
  categories: readonly RecipeType[];
}

/** Stem → the kinds it names, or the categories; each table built once from the tables above. */
type ByStem<Named> = Map<string, Named[]>;

function byStem<Named extends string>(table: readonly (readonly [Named, readonly string[]])[]): ByStem<Named> {
  const named: ByStem<Named> = new Map();
  for (const [thing, words] of table) {
    for (const word of words) {
      const stem = stemOf(foldTerm(word));
      const things = named.get(stem) ?? [];
      if (!things.includes(thing)) things.push(thing);
      named.set(stem, things);
    }
  }
  return named;
}

const KINDS_BY_STEM = byStem(
  (Object.entries(KIND_WORDS) as [IngredientType, KindWords][]).map(([kind, { words }]) => [kind, words] as const),
);

/**
 * The categories' table is made when the server's search first asks: the
 * browser's ingredient filter (kindsNamedIn) needs the kinds alone, and so
 * its bundle carries no category words.
 */
let categoriesByStem: ByStem<RecipeType> | undefined;

/** The categories and kinds a stemmed query word names, or undefined if it names none. */
export function meaningOfStem(stem: string): WordMeaning | undefined {
  categoriesByStem ??= byStem(Object.entries(CATEGORY_WORDS) as [RecipeType, readonly string[]][]);
  const kinds = KINDS_BY_STEM.get(stem);
  const categories = categoriesByStem.get(stem);
  return kinds || categories ? { kinds: kinds ?? [], categories: categories ?? [] } : undefined;
}

/** The kinds the words of `text` name ("Käse" → CHEESE; "Nudeln mit Käse" → NOODLES, CHEESE). */
export function kindsNamedIn(text: string): IngredientType[] {
  const kinds: IngredientType[] = [];
  for (const term of searchTerms(text)) {
    for (const kind of KINDS_BY_STEM.get(stemOf(term)) ?? []) if (!kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}
