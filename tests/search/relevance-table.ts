/**
 * The name search's relevance table (issue 17): queries German cooks type,
 * each with the recipes of the seed they expect, given as a rule over the
 * seed (cms/seed) rather than as a list, so a recipe added to the seed is
 * judged by the same rule. The rules were written down first and the
 * resulting lists checked by hand against the seed's 89 recipes:
 *
 * - an ingredient word expects the recipes that use that ingredient or one
 *   of its kinds named in the seed (Kirschtomate, Passierte Tomaten for
 *   "Tomaten"), and those whose name says it;
 * - a category word (Suppe, Salat, Pizza …) expects the category, and the
 *   names that say it;
 * - a kind word (Käse, Nudeln, Fleisch, Obst …) expects every recipe with an
 *   ingredient of that kind in the seed's ingredient data, with the tags a
 *   cook would count (search-words.ts says which);
 * - several words expect the recipes that meet every word's rule.
 *
 * Used by tests/unit/search-relevance.test.ts and by the bench's relevance
 * line (scripts/bench/relevance.ts), which measure recall and precision of
 * the first page.
 */
import type { RecipeType } from "../../catalog/recipes/categories.ts";
import type { IngredientType } from "../../catalog/recipes/ingredient-types.ts";

export interface JudgedRecipe {
  name: string;
  type: RecipeType;
  ingredients: readonly string[];
  /** Kinds of its ingredients, as search-words.ts counts them. */
  kinds: ReadonlySet<IngredientType>;
}

type Rule = (recipe: JudgedRecipe) => boolean;

const uses =
  (...ingredients: string[]): Rule =>
  (recipe) =>
    ingredients.some((name) => recipe.ingredients.includes(name));
const ofKind =
  (kind: IngredientType): Rule =>
  (recipe) =>
    recipe.kinds.has(kind);
const inCategory =
  (type: RecipeType): Rule =>
  (recipe) =>
    recipe.type === type;
const named =
  (pattern: RegExp): Rule =>
  (recipe) =>
    pattern.test(recipe.name.toLowerCase());
const anyOf =
  (...rules: Rule[]): Rule =>
  (recipe) =>
    rules.some((rule) => rule(recipe));
const allOf =
  (...rules: Rule[]): Rule =>
  (recipe) =>
    rules.every((rule) => rule(recipe));

const tomatoes = anyOf(
  uses("Tomate", "Kirschtomate", "Passierte Tomaten", "Getrocknete Tomaten", "Tomatenmark"),
  named(/tomat/),
);
const eggs = anyOf(uses("Ei"), named(/\bei\b|spiegelei|rührei/));
const onions = anyOf(uses("Zwiebel", "Rote Zwiebel", "Frühlingszwiebel"), named(/zwiebel/));
const cheese = anyOf(ofKind("CHEESE"), named(/käse/));
const noodles = anyOf(ofKind("NOODLES"), inCategory("PASTA"));
const salad = anyOf(inCategory("SALAD"), named(/salat/));
const soup = anyOf(inCategory("SOUP"), named(/suppe/));
const salmon = anyOf(uses("Lachsfilet", "Räucherlachs"), named(/lachs/));
const chicken = anyOf(uses("Hähnchenbrust"), named(/hähnchen|chicken/));

export interface RelevanceQuery {
  query: string;
  expected: Rule;
  /**
   * Below 1 only for a gap we know and have not closed, with the reason:
   * the unit test holds the search to it, so the gap cannot widen unseen.
   */
  minRecall?: number;
}

export const RELEVANCE_TABLE: readonly RelevanceQuery[] = [
  // Kinds of ingredients.
  { query: "nudeln", expected: noodles },
  { query: "Nudel", expected: noodles },
  { query: "käse", expected: cheese },
  { query: "kaese", expected: cheese },
  { query: "fleisch", expected: ofKind("MEAT") },
  { query: "reis", expected: anyOf(ofKind("RICE"), uses("Reisnudeln"), named(/reis/)) },
  { query: "obst", expected: ofKind("FRUIT") },
  { query: "nüsse", expected: anyOf(ofKind("NUT"), named(/nuss|nüsse/)) },
  { query: "nuss", expected: anyOf(ofKind("NUT"), named(/nuss|nüsse/)) },
  { query: "gemüse", expected: anyOf(ofKind("VEGETABLE"), named(/gemüse/)) },
  { query: "curry", expected: anyOf(ofKind("CURRY"), named(/curry/)) },
  { query: "sahne", expected: anyOf(ofKind("WHIP"), named(/sahne/)) },
  { query: "essig", expected: ofKind("VINEGAR") },
  // Categories.
  { query: "pasta", expected: noodles },
  { query: "suppe", expected: soup },
  { query: "suppen", expected: soup },
  { query: "salat", expected: salad },
  { query: "salate", expected: salad },
  { query: "pizza", expected: anyOf(inCategory("PIZZA"), named(/pizza/)) },
  { query: "pizzen", expected: anyOf(inCategory("PIZZA"), named(/pizza/)) },
  { query: "burger", expected: inCategory("BURGER") },
  { query: "frühstück", expected: inCategory("BREAKFAST") },
  { query: "ofen", expected: anyOf(inCategory("BAKED_DISH"), named(/ofen/)) },
  { query: "auflauf", expected: anyOf(inCategory("BAKED_DISH"), named(/auflauf/)) },
  // Ingredients, in the singular and the plural.
  { query: "tomaten", expected: tomatoes },
  { query: "tomate", expected: tomatoes },
  { query: "eier", expected: eggs },
  { query: "ei", expected: eggs },
  { query: "zwiebeln", expected: onions },
  { query: "zwiebel", expected: onions },
  { query: "kartoffeln", expected: anyOf(uses("Kartoffel"), named(/kartoffel/)) },
  { query: "lachs", expected: salmon },
  { query: "hähnchen", expected: chicken },
  { query: "spinat", expected: anyOf(uses("Spinat"), named(/spinat/)) },
  { query: "linsen", expected: anyOf(uses("Rote Linsen"), named(/linsen/)) },
  { query: "linse", expected: anyOf(uses("Rote Linsen"), named(/linsen/)) },
  { query: "bohnen", expected: anyOf(uses("Kidneybohnen", "Grüne Bohnen"), named(/bohnen/)) },
  { query: "kichererbsen", expected: anyOf(uses("Kichererbsen"), named(/kichererbsen/)) },
  // A Kichererbse is no Erbse, Knoblauch and Schnittlauch no Lauch, Erdnussbutter no Butter (word-match.ts:
  // compounds that name another thing); only a name that holds the word is shown for it, as the spec's rule.
  { query: "erbsen", expected: anyOf(uses("Erbsen"), named(/erbsen/)) },
  { query: "lauch", expected: anyOf(uses("Lauch"), named(/lauch/)) },
  { query: "butter", expected: uses("Butter") },
  { query: "champignons", expected: anyOf(uses("Champignons"), named(/champignon/)) },
  // Not a kind of the spec: "Pilze" finds Champignons as a member of its family (search-words.ts).
  { query: "pilze", expected: anyOf(uses("Champignons"), named(/pilz|champignon/)) },
  { query: "zitronen", expected: anyOf(uses("Zitrone"), named(/zitrone/)) },
  { query: "äpfel", expected: anyOf(uses("Apfel"), named(/apfel/)) },
  { query: "avocados", expected: anyOf(uses("Avocado"), named(/avocado/)) },
  { query: "feta", expected: uses("Feta") },
  { query: "mozzarella", expected: uses("Mozzarella") },
  { query: "spaghetti", expected: uses("Spaghetti") },
  { query: "kokos", expected: anyOf(uses("Kokosmilch"), named(/kokos/)) },
  // Fish is MEAT in the spec's kinds, with the chicken: "Fisch" finds Lachs as a member of its family.
  { query: "fisch", expected: anyOf(uses("Lachsfilet", "Räucherlachs", "Thunfisch"), named(/fisch|lachs/)) },
  { query: "geflügel", expected: anyOf(uses("Hähnchenbrust", "Putenbrust"), named(/hähnchen|chicken|pute/)) },
  // Names for one thing (word-families.ts): no seed recipe is called "Huhn" or holds a Möhre, a Paradeiser, an
  // Erdapfel or Shrimps.
  { query: "huhn", expected: chicken },
  { query: "chicken", expected: chicken },
  { query: "möhren", expected: anyOf(uses("Karotte"), named(/karotte|möhre/)) },
  { query: "paradeiser", expected: tomatoes },
  { query: "erdäpfel", expected: anyOf(uses("Kartoffel"), named(/kartoffel/)) },
  { query: "shrimps", expected: anyOf(uses("Garnelen"), named(/garnele|shrimp/)) },
  { query: "porree", expected: anyOf(uses("Lauch"), named(/(^|[\s-])lauch/)) },
  { query: "meeresfrüchte", expected: anyOf(uses("Garnelen"), named(/garnele/)) },
  // Several words.
  { query: "tomate mozzarella", expected: allOf(tomatoes, uses("Mozzarella")) },
  { query: "salat mit feta", expected: allOf(salad, uses("Feta")) },
  { query: "nudeln mit lachs", expected: allOf(noodles, salmon) },
  { query: "suppe mit kokos", expected: allOf(soup, anyOf(uses("Kokosmilch"), named(/kokos/))) },
  { query: "käse burger", expected: allOf(cheese, inCategory("BURGER")) },
];
