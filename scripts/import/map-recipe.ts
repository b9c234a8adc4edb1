/**
 * One schema.org Recipe node → the ImportedRecipe a draft is written from, with every problem an
 * editor must look at; or the reason it cannot be a draft at all (no name, no ingredients).
 *
 * Every text is plain text (plain-text.ts) and capped; every address is http(s). Ingredient lines go
 * through the line reader it is given: in production the German parser of catalog/ingredient-lines/,
 * built from the ingredients Directus already has.
 */
import type { IngredientLineReading, ReadIngredientLine } from "../../catalog/ingredient-lines/read-line.ts";
import { MAX_LINE_LENGTH, UNREAD_REASONS } from "../../catalog/ingredient-lines/unread-reasons.ts";
import type { ImportedRecipe, KnownIngredientFacts, ReadOutcome } from "./imported-recipe.ts";
import { durationMinutes } from "./iso-duration.ts";
import { asList, isObject, type JsonObject, schemaTerm } from "./json-ld.ts";
import { fittedNote, ingredientNamesProblem, unreadLineProblem } from "./line-problems.ts";
import { capText, plainLines, plainText, quoted } from "./plain-text.ts";
import { recipeCategory } from "./recipe-category.ts";
import { recipeServings } from "./recipe-yield.ts";
import { fittingKey, refusal, webAddress } from "./web-address.ts";

/** Reads one ingredient line: the parser of catalog/ingredient-lines/, or a test's stand-in. */
export type ReadLine = (line: string) => IngredientLineReading;

/** Where a recipe node was found. */
export interface RecipeOrigin {
  /** For messages: the file (with the position in it) or the URL. */
  source: string;
  /** The file or URL without a position: with the name, the key of a recipe that has neither `url` nor `@id`. */
  document: string;
  /** The page's address after redirects, for relative addresses and as the source; null for a file. */
  pageUrl: string | null;
  /** Follows a `{ "@id": … }` reference to the node it names in the same documents. */
  resolve(value: unknown): unknown;
}

/** The site's recipes take 30 minutes at most (the name's promise). */
export const MAX_MINUTES = 30;
export const MAX_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 2_000;
export const MAX_CUISINE_LENGTH = 100;
export const MAX_STEP_LENGTH = 2_000;
export const MAX_STEPS = 50;
export const MAX_LINES = 100;
/** The CMS' `recipeUrl` holds 255 characters. */
export const MAX_SOURCE_URL_LENGTH = 255;
/** How deep `recipeInstructions` sections may nest before the rest is ignored. */
const MAX_STEP_DEPTH = 16;

const TIME_FIELDS = [
  ["prepTime", "Vorbereitungszeit"],
  ["cookTime", "Koch- oder Backzeit"],
  ["totalTime", "Gesamtzeit"],
] as const;

/** Text values of a property: strings and numbers, a `name` of an object (DefinedTerm), lists of them. */
function texts(value: unknown, resolve: RecipeOrigin["resolve"]): string[] {
  return asList(value).flatMap((entry) => {
    const item = resolve(entry);
    if (typeof item === "string") return [item];
    if (typeof item === "number" && Number.isFinite(item)) return [String(item)];
    if (isObject(item) && typeof item.name === "string") return [item.name];
    return [];
  });
}

/** The first non-empty plain text of a property. */
function firstText(value: unknown, resolve: RecipeOrigin["resolve"]): string {
  for (const text of texts(value, resolve)) {
    const plain = plainText(text);
    if (plain !== "") return plain;
  }
  return "";
}

/** Plain text capped to `max`, with a problem when it was cut. */
function capped(text: string, max: number, what: string, problems: string[]): string {
  const { text: kept, cut } = capText(text, max);
  if (cut) problems.push(`${what} auf ${max} Zeichen gekürzt.`);
  return kept;
}

/** Steps of `recipeInstructions`: text with line breaks, strings, HowToStep, HowToSection, nested. */
function stepTexts(value: unknown, resolve: RecipeOrigin["resolve"], depth = 0): string[] {
  if (depth > MAX_STEP_DEPTH) return [];
  if (typeof value === "string") return depth === 0 ? plainLines(value) : [plainText(value)];
  if (Array.isArray(value)) return value.flatMap((entry) => stepTexts(entry, resolve, depth + 1));
  const node = resolve(value);
  if (!isObject(node)) return [];
  if (node.itemListElement !== undefined) return stepTexts(asList(node.itemListElement), resolve, depth + 1);
  for (const field of ["text", "name", "description"]) {
    const text = node[field];
    if (typeof text === "string" && plainText(text) !== "") return [plainText(text)];
  }
  return [];
}

/** "1. ", "2) ", "Schritt 3: " before a step: the site numbers its steps itself. */
const STEP_NUMBER = /^(?:(?:schritt|step)\s*)?\d{1,2}\s*[.):]\s+/i;

function recipeSteps(node: JsonObject, resolve: RecipeOrigin["resolve"], problems: string[]): string[] {
  const found = stepTexts(node.recipeInstructions, resolve)
    .map((step) => step.replace(STEP_NUMBER, "").trim())
    .filter((step) => step !== "");
  if (found.length === 0) problems.push("Keine Zubereitungsschritte angegeben (recipeInstructions); bitte eintragen.");
  if (found.length > MAX_STEPS)
    problems.push(`Mehr als ${MAX_STEPS} Schritte; nur die ersten ${MAX_STEPS} übernommen.`);
  let cut = false;
  const steps = found.slice(0, MAX_STEPS).map((step) => {
    const capped = capText(step, MAX_STEP_LENGTH);
    cut ||= capped.cut;
    return capped.text;
  });
  if (cut) problems.push(`Ein Schritt ist länger als ${MAX_STEP_LENGTH} Zeichen und wurde gekürzt.`);
  return steps;
}

function recipeTimes(
  node: JsonObject,
  problems: string[],
): Pick<ImportedRecipe, "prepMinutes" | "cookMinutes" | "totalMinutes"> {
  const minutes: (number | null)[] = [];
  let given = false;
  for (const [field, label] of TIME_FIELDS) {
    const value = node[field];
    if (value === undefined || value === null || value === "") {
      minutes.push(null);
      continue;
    }
    given = true;
    const read = typeof value === "string" ? durationMinutes(value) : null;
    if (read === null) {
      // JSON.stringify, not String: a parsed object may carry its own "toString".
      const shown = typeof value === "string" ? value : JSON.stringify(value);
      problems.push(`${label} ${quoted(shown)} ist keine Dauer nach ISO 8601 (etwa „PT20M“).`);
    }
    minutes.push(read);
  }
  const [prepMinutes = null, cookMinutes = null, givenTotal = null] = minutes;
  const totalMinutes =
    givenTotal ?? (prepMinutes !== null || cookMinutes !== null ? (prepMinutes ?? 0) + (cookMinutes ?? 0) : null);
  if (!given) problems.push("Keine Zeit angegeben (totalTime, prepTime, cookTime); bitte eintragen.");
  else if (totalMinutes === 0) problems.push("Dauert 0 Minuten; bitte die Zeit eintragen.");
  else if (totalMinutes !== null && totalMinutes > MAX_MINUTES) {
    problems.push(`Dauert ${totalMinutes} Minuten, die Website zeigt nur Rezepte bis ${MAX_MINUTES} Minuten.`);
  }
  return { prepMinutes, cookMinutes, totalMinutes };
}

function recipeImage(node: JsonObject, origin: RecipeOrigin, base: string | null, problems: string[]): string | null {
  const candidates = asList(origin.resolve(node.image)).flatMap((entry): string[] => {
    const image = origin.resolve(entry);
    if (typeof image === "string") return [image];
    if (!isObject(image)) return [];
    return [image.url, image.contentUrl].filter((url): url is string => typeof url === "string");
  });
  let firstRefusal: string | null = null;
  for (const candidate of candidates) {
    const reading = webAddress(candidate, base);
    if (reading.ok) return reading.url;
    firstRefusal ??= refusal(reading);
  }
  if (firstRefusal !== null) problems.push(`Bild nicht übernommen: ${firstRefusal}.`);
  return null;
}

/** The page a recipe is the main entity of (how Yoast's graph names it instead of a `url`), when http(s). */
function pageOf(node: JsonObject, origin: RecipeOrigin): string | null {
  const page = origin.resolve(node.mainEntityOfPage);
  const address = isObject(page) ? (page.url ?? page["@id"]) : page;
  if (typeof address !== "string") return null;
  const reading = webAddress(address, origin.pageUrl);
  return reading.ok ? reading.url : null;
}

/** `suitableForDiet`'s terms, lower-case ("vegandiet"). */
function declaredDiets(node: JsonObject, resolve: RecipeOrigin["resolve"]): Set<string> {
  const terms = asList(node.suitableForDiet).flatMap((entry) => {
    const diet = resolve(entry);
    if (typeof diet === "string") return [diet];
    if (isObject(diet)) return [diet["@id"], diet.name].filter((term): term is string => typeof term === "string");
    return [];
  });
  return new Set(terms.map(schemaTerm));
}

function ingredientLines(node: JsonObject, resolve: RecipeOrigin["resolve"]): string[] {
  const given = node.recipeIngredient ?? node.ingredients;
  return texts(given, resolve).flatMap((text) => plainLines(text));
}

interface ReadLines {
  ingredients: ReadIngredientLine[];
  /** Every line's reading, in order: the diet needs to know about the ones that could not be read. */
  readings: IngredientLineReading[];
}

function readLines(lines: string[], readLine: ReadLine, problems: string[]): ReadLines {
  if (lines.length > MAX_LINES) problems.push(`Mehr als ${MAX_LINES} Zutaten; nur die ersten ${MAX_LINES} übernommen.`);
  const all = lines.slice(0, MAX_LINES).map((line): IngredientLineReading => {
    // The parser says the same; a line reader given by a test need not meet such a line.
    if (line.length > MAX_LINE_LENGTH) return { ok: false, line, reason: UNREAD_REASONS.tooLong };
    try {
      return readLine(line);
    } catch (error) {
      return {
        ok: false,
        line,
        reason: `Fehler beim Lesen: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  });
  // A group's heading ("Für den Teig:") names no ingredient, and a draft has no groups: it goes.
  const readings = all.filter((reading) => reading.ok || reading.reason !== UNREAD_REASONS.heading);
  const proposed: string[] = [];
  const ingredients: ReadIngredientLine[] = [];
  for (const reading of readings) {
    if (!reading.ok) {
      problems.push(unreadLineProblem(reading.line, reading.reason));
      continue;
    }
    if (!reading.known && !proposed.includes(reading.ingredient)) proposed.push(reading.ingredient);
    const { note, problem } = fittedNote(reading.note, reading.ingredient);
    if (problem) problems.push(problem);
    ingredients.push({ ...reading, note });
  }
  if (proposed.length > 0) {
    problems.push(ingredientNamesProblem(proposed, "Neue Zutat", "Neue Zutaten", "vorgeschlagen"));
  }
  if (ingredients.length === 0) problems.push("Keine Zutat lesbar; bitte die Zutaten eintragen.");
  // Required lines first, optional after, each in the source's order.
  ingredients.sort((a, b) => Number(a.optional) - Number(b.optional));
  return { ingredients, readings };
}

/** The facts of a known ingredient, by the name the parser gives. */
function factsFinder(known: readonly KnownIngredientFacts[]): (name: string) => KnownIngredientFacts | undefined {
  const byName = new Map<string, KnownIngredientFacts>();
  for (const facts of known) if (!byName.has(facts.name)) byName.set(facts.name, facts);
  const byLowerName = new Map<string, KnownIngredientFacts>();
  for (const facts of known) {
    const lower = facts.name.toLowerCase();
    if (!byLowerName.has(lower)) byLowerName.set(lower, facts);
  }
  return (name) => byName.get(name) ?? byLowerName.get(name.toLowerCase());
}

function recipeDiet(
  node: JsonObject,
  resolve: RecipeOrigin["resolve"],
  readings: IngredientLineReading[],
  known: readonly KnownIngredientFacts[],
  problems: string[],
): Pick<ImportedRecipe, "vegetarian" | "vegan"> {
  const findFacts = factsFinder(known);
  const facts = readings.map((reading) => (reading.ok && reading.known ? findFacts(reading.ingredient) : undefined));
  const unconfirmed = new Set<string>();
  for (const fact of facts) if (fact !== undefined && !fact.confirmed) unconfirmed.add(fact.name);
  if (unconfirmed.size > 0) {
    const names = [...unconfirmed].map((name) => quoted(name)).join(", ");
    problems.push(`Noch nicht bestätigte Zutat aus einem früheren Import: ${names}; bitte prüfen.`);
  }
  const diets = declaredDiets(node, resolve);
  const declaredVegan = diets.has("vegandiet") || diets.has("vegan");
  const declaredVegetarian = declaredVegan || diets.has("vegetariandiet") || diets.has("vegetarian");
  if (declaredVegetarian) {
    const flag = declaredVegan ? "vegan" : "vegetarian";
    const contrary = facts.find((fact) => fact?.confirmed === true && !fact[flag]);
    if (contrary !== undefined) {
      const word = declaredVegan ? "vegan" : "vegetarisch";
      problems.push(`Laut Quelle ${word}, aber ${quoted(contrary.name)} ist es nicht; bitte prüfen.`);
    }
    return { vegetarian: true, vegan: declaredVegan };
  }
  // Without a statement: only when every line is a known, confirmed ingredient with the flag.
  const every = (flag: "vegetarian" | "vegan") =>
    facts.length > 0 && facts.every((fact) => fact?.confirmed === true && fact[flag]);
  const vegan = every("vegan");
  return { vegetarian: vegan || every("vegetarian"), vegan };
}

/**
 * The recipe `node` read for a draft, or skipped when it has no name or no ingredient lines. Never
 * throws for any JSON value (the caller still guards against the line reader's failures).
 */
export function mapRecipe(
  node: JsonObject,
  origin: RecipeOrigin,
  readLine: ReadLine,
  known: readonly KnownIngredientFacts[],
): ReadOutcome {
  const { resolve, source } = origin;
  const problems: string[] = [];
  const fullName = firstText(node.name, resolve);
  if (fullName === "") return { skipped: { source, reason: "Rezept ohne Namen (name)." } };
  const lines = ingredientLines(node, resolve);
  if (lines.length === 0) {
    return { skipped: { source, reason: `Rezept ${quoted(fullName)} ohne Zutaten (recipeIngredient).` } };
  }
  const name = capped(fullName, MAX_NAME_LENGTH, "Name", problems);

  const times = recipeTimes(node, problems);
  const yields = asList(resolve(node.recipeYield)).flatMap((entry): (string | number)[] => {
    const value = isObject(entry) ? entry.value : entry;
    if (typeof value === "number") return [value];
    return typeof value === "string" ? [plainText(value)] : [];
  });
  const servings = recipeServings(yields);
  if (servings.problem !== null) problems.push(servings.problem);
  const category = recipeCategory({
    categories: texts(node.recipeCategory, resolve).map(plainText),
    keywords: texts(node.keywords, resolve).map(plainText),
    name,
  });
  if (category.problem !== null) problems.push(category.problem);

  const { ingredients, readings } = readLines(lines, readLine, problems);
  const steps = recipeSteps(node, resolve, problems);
  const diet = recipeDiet(node, resolve, readings, known, problems);

  const description = capped(firstText(node.description, resolve), MAX_DESCRIPTION_LENGTH, "Beschreibung", problems);
  const cuisine = capped(
    texts(node.recipeCuisine, resolve)
      .map(plainText)
      .filter((text) => text !== "")
      .join(", "),
    MAX_CUISINE_LENGTH,
    "Küche (recipeCuisine)",
    problems,
  );

  const givenUrl = typeof node.url === "string" && node.url.trim() !== "" ? node.url : null;
  const urlReading = givenUrl === null ? null : webAddress(givenUrl, origin.pageUrl);
  if (urlReading !== null && !urlReading.ok) problems.push(`Quelladresse nicht übernommen: ${refusal(urlReading)}.`);
  const recipeUrl = urlReading?.ok ? urlReading.url : null;
  let sourceUrl = recipeUrl ?? pageOf(node, origin) ?? origin.pageUrl;
  if (sourceUrl !== null && sourceUrl.length > MAX_SOURCE_URL_LENGTH) {
    problems.push(`Quelladresse länger als ${MAX_SOURCE_URL_LENGTH} Zeichen; nicht übernommen.`);
    sourceUrl = null;
  }
  const imageUrl = recipeImage(node, origin, origin.pageUrl ?? recipeUrl ?? sourceUrl, problems);

  const id = typeof node["@id"] === "string" ? webAddress(node["@id"], origin.pageUrl) : null;
  const key = recipeUrl ?? (id?.ok ? id.url : `${origin.document}#${name}`);

  return {
    recipe: {
      source,
      key: fittingKey(key),
      name,
      description: description === "" ? null : description,
      cuisine: cuisine === "" ? null : cuisine,
      servings: servings.servings,
      ...times,
      category: category.category,
      ...diet,
      sourceUrl,
      steps,
      imageUrl,
      ingredients,
      problems,
    },
  };
}
