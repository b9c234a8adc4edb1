/**
 * The ingredient search's pantry questions (decision 0040), answered on the
 * version's view beside the product rules' matching (queries.ts), which they
 * leave as it is: how many of the matches need nothing the visitor lacks,
 * and which single ingredient would make the most more recipes complete.
 *
 * Runs on every ingredient-search page, at 350,000 recipes too: it counts
 * the chosen ingredients of the recipes that need one (through the inverted
 * index), passes over those that lack two or more whatever basics are at
 * hand (by their counts alone), and for the rest and the few that need at
 * most one ingredient besides the basics (PantryLookup.nearlyBasic) reads
 * each one's ingredients as small numbers and stops at the second one
 * missing.
 */
import { BASIC_INGREDIENTS } from "../recipes/basic-ingredients.ts";
import type { CatalogView, IngredientLookup } from "./catalog-view.ts";
import type { ChosenCounts } from "./queries.ts";

export interface PantryQuestion {
  /** What the visitor chose, by name: the selected ingredients and the members of selected kinds. */
  covering: Iterable<string>;
  /**
   * The basics at hand, by name (some of BASIC_INGREDIENTS; other names are
   * not read): at hand like `covering`, but a recipe does not match for them.
   */
  basics: Iterable<string>;
  /** What a recipe must not need, by name: the excluded ingredients and the members of excluded kinds. */
  excluded: Iterable<string>;
  /** The list's filter (diet, time; catalog-view.ts `filtered`): only the recipes it keeps count. */
  keep?: (position: number) => boolean;
  /**
   * The chosen counts matching made for the same question (queries.ts
   * `matchIngredients`): used when they are for exactly `covering`, so the
   * chosen ingredients' recipes are walked once for both; counted here
   * otherwise.
   */
  chosen?: ChosenCounts;
}

/** An ingredient that would complete `recipes` more recipes, were it at hand. */
export interface OneMoreIngredient {
  name: string;
  recipes: number;
}

export interface PantryAnswer {
  /**
   * How many matches (recipes with a chosen ingredient and none excluded:
   * those matchIngredients lists) need nothing that is not at hand.
   */
  complete: number;
  /**
   * The ingredients that would make the most more recipes complete, most
   * first, at most the limit asked for. Each counts the recipes whose only
   * ingredient not at hand it is: with it chosen, exactly so many more
   * recipes are complete.
   */
  oneMore: OneMoreIngredient[];
}

/** How many suggestions the page shows under its results. */
export const ONE_MORE_SHOWN = 5;

const AT_HAND = 1;
const CHOSEN = 2;
const EXCLUDED = 4;
const BASIC_NAMES = new Set(BASIC_INGREDIENTS.map((basic) => basic.name));
/**
 * German order, made once: `localeCompare(other, "de")` orders the same but
 * makes a collator on every call, and a sort of a hundred suggestions calls
 * it hundreds of times.
 */
const GERMAN_ORDER = new Intl.Collator("de");

/**
 * What is complete with the visitor's pantry, and the best "one more"
 * ingredients: ties go to the ingredient more recipes need, then to the name
 * in German order.
 */
export async function pantryAnswer(
  catalog: CatalogView,
  question: PantryQuestion,
  limit: number = ONE_MORE_SHOWN,
): Promise<PantryAnswer> {
  const [pantry, matching] = await Promise.all([catalog.pantryLookup(), catalog.ingredientLookup()]);
  const { ingredientIds, runStarts, names } = pantry;
  const flags = new Uint8Array(names.length);
  const mark = (marked: Iterable<string>, flag: number) => {
    for (const name of marked) {
      const id = pantry.idOf(name);
      if (id !== undefined) flags[id] = (flags[id] ?? 0) | flag;
    }
  };
  const covering = new Set(question.covering);
  mark(covering, AT_HAND | CHOSEN);
  // nearlyBasic is complete only for basics among BASIC_INGREDIENTS.
  mark(
    [...question.basics].filter((name) => BASIC_NAMES.has(name)),
    AT_HAND,
  );
  mark(question.excluded, EXCLUDED);

  const oneShort = new Uint32Array(names.length);
  let complete = 0;
  /** Counts the recipe at `position` as complete or one short; one that needs a chosen ingredient not if `unchosenOnly`. */
  const visit = (position: number, unchosenOnly: boolean) => {
    if (question.keep && !question.keep(position)) return;
    let chosen = false;
    let missing = 0;
    let missingId = 0;
    const end = runStarts[position + 1] ?? 0;
    for (let at = runStarts[position] ?? 0; at < end; at++) {
      const id = ingredientIds[at] ?? 0;
      const flag = flags[id] ?? 0;
      // Dropped from the matches, and still dropped with one more ingredient.
      if ((flag & EXCLUDED) !== 0) return;
      if ((flag & CHOSEN) !== 0) {
        // Reached by the pass over the recipes with a chosen ingredient.
        if (unchosenOnly) return;
        chosen = true;
      } else if ((flag & AT_HAND) === 0) {
        missing++;
        if (missing > 1) return;
        missingId = id;
      }
    }
    if (missing === 1) oneShort[missingId] = (oneShort[missingId] ?? 0) + 1;
    else if (chosen) complete++;
  };
  // The recipes that need nothing chosen: only the nearly basic ones can be complete or one short. Those that
  // need a chosen ingredient are left to the pass below, which reaches each once.
  for (const position of pantry.nearlyBasic) visit(position, true);
  // How many chosen ingredients each recipe that has one needs (a recipe names each once in its run):
  // counted through the inverted index, so most recipes are passed over by their counts alone.
  const { positions, counts } = sameNames(question.chosen?.names, covering)
    ? (question.chosen as ChosenCounts)
    : countChosen(matching, covering);
  for (let at = 0; at < positions.length; at++) {
    const position = positions[at] ?? 0;
    // At least two missing, whichever basics are at hand.
    if ((pantry.otherCounts[position] ?? 0) - (counts[at] ?? 0) >= 2) continue;
    visit(position, false);
  }

  // How many recipes need each: looked up once per suggestion, not per comparison of the sort.
  const candidates: (OneMoreIngredient & { used: number })[] = [];
  oneShort.forEach((recipes, id) => {
    const name = names[id] ?? "";
    if (recipes > 0) candidates.push({ name, recipes, used: matching.positionsWith(name).length });
  });
  candidates.sort((a, b) => b.recipes - a.recipes || b.used - a.used || GERMAN_ORDER.compare(a.name, b.name));
  return {
    complete,
    oneMore: candidates.slice(0, Math.max(0, limit)).map(({ name, recipes }) => ({ name, recipes })),
  };
}

/** Whether `names` holds exactly the names of `covering`. */
function sameNames(names: ReadonlySet<string> | undefined, covering: ReadonlySet<string>): boolean {
  if (names === undefined || names.size !== covering.size) return false;
  for (const name of covering) if (!names.has(name)) return false;
  return true;
}

/** The chosen counts of the recipes that need one of `covering`, through the inverted index (queries.ts `ChosenCounts`). */
function countChosen(matching: IngredientLookup, covering: ReadonlySet<string>): ChosenCounts {
  // Borrowed, and given back as they were below: nothing from here to there awaits (recipe-scratch.ts).
  const counted = matching.scratch.borrowBytes();
  const touched = matching.scratch.borrowPositions();
  let touchedCount = 0;
  for (const name of covering) {
    for (const position of matching.positionsWith(name)) {
      if (counted[position] === 0) touched[touchedCount++] = position;
      counted[position] = Math.min((counted[position] ?? 0) + 1, 255);
    }
  }
  const positions = touched.slice(0, touchedCount);
  const counts = new Uint8Array(touchedCount);
  for (let at = 0; at < touchedCount; at++) {
    const position = positions[at] ?? 0;
    counts[at] = counted[position] ?? 0;
    // Read for the last time: set back to 0 for the array's return (recipe-scratch.ts).
    counted[position] = 0;
  }
  matching.scratch.giveBytesBack(counted);
  matching.scratch.givePositionsBack(touched);
  return { names: covering, positions, counts };
}
