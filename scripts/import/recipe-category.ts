/**
 * The site's category (catalog/recipes/categories.ts) from what a page calls its recipe: German and
 * English words in `recipeCategory`, then `keywords`, then the recipe's name. A German compound counts
 * by its last part ("Linsensuppe" is a soup, "Nudelsalat" a salad).
 *
 * "Hauptgericht" (DISH) is the fallback: a soup that is also a main course is a soup. Two other
 * categories in the same place ("Salat, Pasta") are left for an editor to choose.
 */
import { CATEGORY_HEADINGS, type RecipeType } from "../../catalog/recipes/categories.ts";

/** Whole words, lower-case. */
const WORDS = new Map<string, RecipeType>();
/** The last part of a German compound ("…suppe"), lower-case. */
const ENDINGS: [string, RecipeType][] = [];
/** Phrases of more than one word, lower-case, single spaces. */
const PHRASES = new Map<string, RecipeType>();

function words(type: RecipeType, list: string): void {
  for (const word of list.split(" ")) WORDS.set(word, type);
}
function endings(type: RecipeType, list: string): void {
  for (const ending of list.split(" ")) ENDINGS.push([ending, type]);
}
function phrases(type: RecipeType, list: string[]): void {
  for (const phrase of list) PHRASES.set(phrase, type);
}

words("SOUP", "suppe suppen eintopf eintöpfe soup soups stew stews chowder");
endings("SOUP", "suppe suppen eintopf eintöpfe");
words("PIZZA", "pizza pizzen pizzas flammkuchen");
endings("PIZZA", "pizza pizzen flammkuchen");
words(
  "PASTA",
  "pasta nudeln nudel nudelgericht nudelgerichte spaghetti penne tagliatelle fusilli linguine farfalle rigatoni " +
    "makkaroni maccaroni tortellini ravioli gnocchi spätzle noodles lasagne",
);
endings("PASTA", "pasta nudeln nudelgericht nudelgerichte spaghetti");
words("BURGER", "burger burgers hamburger cheeseburger");
endings("BURGER", "burger");
words("SALAD", "salat salate salad salads");
endings("SALAD", "salat salate");
words("BREAKFAST", "frühstück fruehstueck breakfast brunch porridge müsli muesli granola");
endings("BREAKFAST", "frühstück");
words(
  "BAKED_DISH",
  "auflauf aufläufe gratin gratins ofen ofengericht ofengerichte blechgericht überbacken casserole bake",
);
endings("BAKED_DISH", "auflauf aufläufe gratin ofengericht ofengerichte");
phrases("BAKED_DISH", ["aus dem ofen", "im ofen", "vom blech", "oven bake", "sheet pan"]);
phrases("COLD_DISH", [
  "kalte küche",
  "kalte gerichte",
  "kaltes gericht",
  "kalte speisen",
  "kalte speise",
  "ohne kochen",
  "ohne herd",
  "cold dish",
  "cold dishes",
  "cold meal",
  "no cook",
]);
words("DISH", "hauptgericht hauptgerichte hauptspeise hauptspeisen hauptgang hauptmahlzeit entree entrée");
endings("DISH", "hauptgericht hauptgerichte");
phrases("DISH", ["main course", "main courses", "main dish", "main dishes"]);

function normalized(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/[-_]+/g, " ").replace(/\s+/g, " ").trim();
}

/** The categories one phrase ("Kalte Küche", "Linsensuppe", "Pasta") names. */
function categoriesOf(item: string): Set<RecipeType> {
  const found = new Set<RecipeType>();
  const phrase = normalized(item);
  const whole = PHRASES.get(phrase);
  if (whole !== undefined) found.add(whole);
  for (const [words, type] of PHRASES) {
    if (words !== phrase && ` ${phrase} `.includes(` ${words} `)) found.add(type);
  }
  for (const word of phrase.split(/[^\p{L}]+/u)) {
    if (word === "") continue;
    const exact = WORDS.get(word);
    if (exact !== undefined) {
      found.add(exact);
      continue;
    }
    for (const [ending, type] of ENDINGS) if (word.length > ending.length && word.endsWith(ending)) found.add(type);
  }
  return found;
}

/** Items of a `recipeCategory` or `keywords` value: a list, or text separated by commas. */
function items(values: readonly string[]): string[] {
  return values.flatMap((value) => value.split(/[,;|/#]+/)).filter((item) => item.trim() !== "");
}

export type CategoryReading = { category: RecipeType; problem: null } | { category: null; problem: string };

function heading(type: RecipeType): string {
  return `„${CATEGORY_HEADINGS[type]}“`;
}

/**
 * The category of a recipe, from its `recipeCategory`, else its `keywords`, else its name (each plain
 * text); or none, with the German problem an editor reads.
 */
export function recipeCategory(given: {
  categories: readonly string[];
  keywords: readonly string[];
  name: string;
}): CategoryReading {
  let fallback = false;
  for (const source of [items(given.categories), items(given.keywords), [given.name]]) {
    const found = new Set(source.flatMap((item) => [...categoriesOf(item)]));
    if (found.delete("DISH")) fallback = true;
    const [first, second] = found;
    if (first !== undefined && second !== undefined) {
      const names = [...found].map(heading);
      return {
        category: null,
        problem: `Kategorie unklar: ${names.slice(0, -1).join(", ")} und ${names.at(-1)} passen; bitte eine wählen.`,
      };
    }
    if (first !== undefined) return { category: first, problem: null };
  }
  if (fallback) return { category: "DISH", problem: null };
  const named = items([...given.categories, ...given.keywords]).map((item) => item.trim());
  if (named.length === 0) return { category: null, problem: "Keine Kategorie angegeben; bitte eine wählen." };
  const shown = named.slice(0, 5).map((item) => `„${item.length > 40 ? `${item.slice(0, 39)}…` : item}“`);
  return { category: null, problem: `Kategorie nicht erkannt (${shown.join(", ")}); bitte eine wählen.` };
}
