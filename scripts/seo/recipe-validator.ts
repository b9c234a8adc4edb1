/**
 * Our recipe structured-data validator: reads every `application/ld+json` block of a page, finds the
 * schema.org Recipe and checks it by Google Search Central's rules for recipe rich results ("Recipe
 * structured data"): the required properties (`name`, `image`), the recommended ones, and the format
 * each must have. What the Rich Results Test calls critical is an error here (a required property
 * missing or unreadable, or no Recipe at all); a recommended property missing or unreadable is a
 * warning. Every field's state is in the result too, so a report can count them over many pages.
 *
 * The rules, by property (Google's wording paraphrased):
 * - `image`: a URL, an ImageObject or a list of them; each an absolute http(s) URL a crawler may fetch
 *   (the site's robots.txt, when the caller gives it).
 * - `prepTime`, `cookTime`, `totalTime`: ISO 8601 durations; `prepTime` and `cookTime` only together.
 * - `datePublished`: an ISO 8601 date.
 * - `author`: a Person or Organization with a name.
 * - `keywords`: comma-separated terms, none of them the recipe's category or cuisine (those have
 *   properties of their own).
 * - `nutrition.calories`: in a NutritionInformation, an energy such as "270 calories" or "270 kcal", per
 *   serving, so `recipeYield` must give the servings.
 * - `recipeYield`: the number of servings (a number, or a text starting with it; more yields may follow).
 * - `recipeIngredient`: texts, one ingredient each.
 * - `recipeInstructions`: HowToStep (with `text`), HowToSection (with `name` and steps) or text.
 * - `aggregateRating`: an AggregateRating with `ratingValue` (within `worstRating`–`bestRating`, 1–5 by
 *   default) and a `ratingCount` or `reviewCount` of at least 1.
 * - `video`: a VideoObject with `name`, `description`, `thumbnailUrl`, `uploadDate` and `contentUrl` or
 *   `embedUrl`.
 */
import { ldJsonBlocks } from "../import/html-ld-json.ts";
import { isIsoDate, isoDurationSeconds } from "./iso-8601.ts";

/** Google's required Recipe properties: without them there is no rich result. */
export const REQUIRED_FIELDS = ["name", "image"] as const;

/** Google's recommended Recipe properties, in the order its documentation lists them. */
export const RECOMMENDED_FIELDS = [
  "aggregateRating",
  "author",
  "cookTime",
  "datePublished",
  "description",
  "keywords",
  "nutrition.calories",
  "prepTime",
  "recipeCategory",
  "recipeCuisine",
  "recipeIngredient",
  "recipeInstructions",
  "recipeYield",
  "totalTime",
  "video",
] as const;

export type RequiredField = (typeof REQUIRED_FIELDS)[number];
export type RecommendedField = (typeof RECOMMENDED_FIELDS)[number];
export type RecipeField = RequiredField | RecommendedField;

/** A field as the page has it: there and readable, not there, or there but not in a form Google reads. */
export type FieldState = "present" | "missing" | "invalid";

export interface Finding {
  /** A Recipe field, or what the page as a whole lacks: "JSON" (a block that does not parse), "@context", "@type". */
  field: RecipeField | "JSON" | "@context" | "@type";
  problem: "missing" | "invalid";
  message: string;
}

export interface RecipeValidation {
  /** Required fields missing or invalid, blocks that are not JSON, no Recipe: no rich result. */
  errors: Finding[];
  /** Recommended fields missing or invalid: a rich result, but a poorer one. */
  warnings: Finding[];
  /** Every required and recommended field's state; all "missing" when the page has no Recipe. */
  fields: Record<RecipeField, FieldState>;
  /** The absolute image URLs the Recipe names, for a caller that fetches them. */
  imageUrls: string[];
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A property's values: schema.org allows one value or a list of them wherever it allows one. */
const valuesOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

const nonEmptyText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** Whether `node`'s @type is `type` (or a list naming it). */
const hasType = (node: JsonObject, ...types: string[]) =>
  valuesOf(node["@type"]).some((type) => typeof type === "string" && types.includes(type));

/** schema.org's context in the forms JSON-LD processors accept: the URL, http or https, slash or not, or `@vocab`. */
function isSchemaOrgContext(context: unknown): boolean {
  const isSchemaUrl = (value: unknown) => typeof value === "string" && /^https?:\/\/schema\.org\/?$/.test(value);
  return valuesOf(context).some((entry) => isSchemaUrl(entry) || (isObject(entry) && isSchemaUrl(entry["@vocab"])));
}

function isAbsoluteHttpUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The outcome of one field's check: its state, and for a field not "present", why. */
type Check = { state: "present" } | { state: "missing" | "invalid"; message: string };

const PRESENT: Check = { state: "present" };
const missing = (message: string): Check => ({ state: "missing", message });
const invalid = (message: string): Check => ({ state: "invalid", message });

function checkText(value: unknown, name: string): Check {
  if (value === undefined || value === null) return missing(`no ${name}`);
  const values = valuesOf(value);
  if (values.length === 0 || !values.every(nonEmptyText)) return invalid(`${name} is not a non-empty text`);
  return PRESENT;
}

/** What the validator may know beyond the page: whether the site lets crawlers fetch a URL (its robots.txt). */
export interface PageContext {
  /** Whether a crawler may fetch `url`; without it, every well-formed URL counts as fetchable. */
  fetchable?: (url: string) => boolean;
}

function checkImage(value: unknown, context: PageContext): Check {
  if (value === undefined) return missing("no image");
  const images = valuesOf(value);
  if (images.length === 0) return invalid("image is an empty list");
  for (const image of images) {
    const url = isObject(image) ? (image.url ?? image.contentUrl) : image;
    if (isObject(image) && !hasType(image, "ImageObject")) return invalid("an image object that is not an ImageObject");
    if (!isAbsoluteHttpUrl(url)) return invalid(`image ${JSON.stringify(url)} is not an absolute http(s) URL`);
    if (context.fetchable?.(url as string) === false)
      return invalid(`image ${String(url)} is disallowed by robots.txt`);
  }
  return PRESENT;
}

function checkDuration(value: unknown, name: string): Check {
  if (value === undefined) return missing(`no ${name}`);
  if (typeof value !== "string" || isoDurationSeconds(value) === null) {
    return invalid(`${name} ${JSON.stringify(value)} is not an ISO 8601 duration of days, hours, minutes, seconds`);
  }
  return PRESENT;
}

function checkAuthor(value: unknown): Check {
  const authors = valuesOf(value);
  if (authors.length === 0) return missing("no author");
  for (const author of authors) {
    if (!isObject(author) || !hasType(author, "Person", "Organization")) {
      return invalid("author is not a Person or Organization");
    }
    if (!nonEmptyText(author.name)) return invalid("author has no name");
  }
  return PRESENT;
}

/** The recipe's comma-separated keywords, trimmed and lower-cased, from a text or a list of texts. */
const keywordsOf = (value: unknown): string[] =>
  valuesOf(value)
    .flatMap((entry) => (typeof entry === "string" ? entry.split(",") : []))
    .map((keyword) => keyword.trim().toLowerCase());

function checkKeywords(recipe: JsonObject): Check {
  const value = recipe.keywords;
  if (value === undefined) return missing("no keywords");
  if (!valuesOf(value).every(nonEmptyText)) return invalid("keywords is not a text");
  const keywords = keywordsOf(value);
  if (keywords.some((keyword) => keyword === "")) return invalid("keywords has an empty entry");
  const taken = [...valuesOf(recipe.recipeCategory), ...valuesOf(recipe.recipeCuisine)]
    .filter((entry): entry is string => typeof entry === "string")
    .map((entry) => entry.trim().toLowerCase());
  const repeated = keywords.filter((keyword) => taken.includes(keyword));
  if (repeated.length > 0) {
    return invalid(`keywords repeat the recipe's category or cuisine (${repeated.join(", ")}): use other terms`);
  }
  return PRESENT;
}

/** An energy as Google reads calories: a number with a decimal point, then calories, kcal or cal. */
const CALORIES = /^\d+(?:\.\d+)?\s?(?:calories|calorie|kcal|cal)$/i;

function checkCalories(recipe: JsonObject): Check {
  const nutrition = recipe.nutrition;
  if (nutrition === undefined) return missing("no nutrition");
  if (!isObject(nutrition) || !hasType(nutrition, "NutritionInformation")) {
    return invalid("nutrition is not a NutritionInformation");
  }
  if (nutrition.calories === undefined) return missing("nutrition has no calories");
  if (typeof nutrition.calories !== "string" || !CALORIES.test(nutrition.calories.trim())) {
    return invalid(`nutrition.calories ${JSON.stringify(nutrition.calories)} is not an energy like "270 calories"`);
  }
  if (recipe.recipeYield === undefined) return invalid("calories are per serving, but recipeYield gives no servings");
  return PRESENT;
}

/** A yield that says how many servings: a positive number, or a text that starts with one ("4 Portionen"). */
function isServings(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value) && value > 0;
  if (typeof value === "string") {
    const number = /^\s*(\d+(?:\.\d+)?)(?:\s|$)/.exec(value);
    return number !== null && Number(number[1]) > 0;
  }
  if (isObject(value) && hasType(value, "QuantitativeValue")) return isServings(value.value);
  return false;
}

function checkYield(value: unknown): Check {
  const yields = valuesOf(value);
  if (yields.length === 0) return missing("no recipeYield");
  if (!yields.some(isServings)) return invalid("recipeYield gives no number of servings");
  return PRESENT;
}

function checkIngredients(value: unknown): Check {
  const lines = valuesOf(value);
  if (lines.length === 0) return missing("no recipeIngredient");
  if (!lines.every(nonEmptyText)) return invalid("recipeIngredient has an entry that is not a non-empty text");
  return PRESENT;
}

function checkStep(step: unknown): string | null {
  if (nonEmptyText(step)) return null;
  if (!isObject(step)) return "an instruction that is neither a text nor an object";
  if (hasType(step, "HowToStep")) return nonEmptyText(step.text) ? null : "a HowToStep without text";
  if (hasType(step, "HowToSection")) {
    if (!nonEmptyText(step.name)) return "a HowToSection without name";
    const steps = valuesOf(step.itemListElement);
    if (steps.length === 0) return "a HowToSection without steps";
    for (const inner of steps) {
      if (!isObject(inner) || !hasType(inner, "HowToStep"))
        return "a HowToSection with an entry that is not a HowToStep";
      if (!nonEmptyText(inner.text)) return "a HowToStep without text";
    }
    return null;
  }
  return "an instruction that is neither a HowToStep nor a HowToSection";
}

function checkInstructions(value: unknown): Check {
  const steps = valuesOf(value);
  if (steps.length === 0) return missing("no recipeInstructions");
  for (const step of steps) {
    const problem = checkStep(step);
    if (problem !== null) return invalid(`recipeInstructions has ${problem}`);
  }
  return PRESENT;
}

/** A rating's number: a JSON number, or a text of one with a decimal point. */
function ratingNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && /^\d+(?:\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

function checkRating(value: unknown): Check {
  if (value === undefined) return missing("no aggregateRating");
  if (!isObject(value) || !hasType(value, "AggregateRating"))
    return invalid("aggregateRating is not an AggregateRating");
  const rating = ratingNumber(value.ratingValue);
  if (rating === null) return invalid("aggregateRating has no ratingValue number");
  const worst = value.worstRating === undefined ? 1 : ratingNumber(value.worstRating);
  const best = value.bestRating === undefined ? 5 : ratingNumber(value.bestRating);
  if (worst === null || best === null || worst >= best)
    return invalid("aggregateRating's worstRating–bestRating is no scale");
  if (rating < worst || rating > best)
    return invalid(`aggregateRating's ratingValue ${rating} is outside ${worst}–${best}`);
  const counts = [value.ratingCount, value.reviewCount].filter((count) => count !== undefined).map(ratingNumber);
  if (counts.length === 0) return invalid("aggregateRating has neither ratingCount nor reviewCount");
  if (!counts.every((count) => count !== null && Number.isInteger(count) && count >= 1)) {
    return invalid("aggregateRating's count is not a whole number of at least 1");
  }
  return PRESENT;
}

function checkVideo(value: unknown): Check {
  const videos = valuesOf(value);
  if (videos.length === 0) return missing("no video");
  for (const video of videos) {
    if (!isObject(video) || !hasType(video, "VideoObject")) return invalid("video is not a VideoObject");
    for (const property of ["name", "description", "uploadDate"] as const) {
      if (!nonEmptyText(video[property])) return invalid(`video has no ${property}`);
    }
    if (!isIsoDate(String(video.uploadDate))) return invalid("video's uploadDate is not an ISO 8601 date");
    if (valuesOf(video.thumbnailUrl).length === 0 || !valuesOf(video.thumbnailUrl).every(isAbsoluteHttpUrl)) {
      return invalid("video has no absolute thumbnailUrl");
    }
    if (!isAbsoluteHttpUrl(video.contentUrl) && !isAbsoluteHttpUrl(video.embedUrl)) {
      return invalid("video has neither contentUrl nor embedUrl");
    }
  }
  return PRESENT;
}

function checkDate(value: unknown): Check {
  if (value === undefined) return missing("no datePublished");
  if (typeof value !== "string" || !isIsoDate(value))
    return invalid(`datePublished ${JSON.stringify(value)} is not an ISO 8601 date`);
  return PRESENT;
}

/** Every field's check on one Recipe node, in the lists' order. */
function checkFields(recipe: JsonObject, context: PageContext): Record<RecipeField, Check> {
  const checks: Record<RecipeField, Check> = {
    name: checkText(recipe.name, "name"),
    image: checkImage(recipe.image, context),
    aggregateRating: checkRating(recipe.aggregateRating),
    author: checkAuthor(recipe.author),
    cookTime: checkDuration(recipe.cookTime, "cookTime"),
    datePublished: checkDate(recipe.datePublished),
    description: checkText(recipe.description, "description"),
    keywords: checkKeywords(recipe),
    "nutrition.calories": checkCalories(recipe),
    prepTime: checkDuration(recipe.prepTime, "prepTime"),
    recipeCategory: checkText(recipe.recipeCategory, "recipeCategory"),
    recipeCuisine: checkText(recipe.recipeCuisine, "recipeCuisine"),
    recipeIngredient: checkIngredients(recipe.recipeIngredient),
    recipeInstructions: checkInstructions(recipe.recipeInstructions),
    recipeYield: checkYield(recipe.recipeYield),
    totalTime: checkDuration(recipe.totalTime, "totalTime"),
    video: checkVideo(recipe.video),
  };
  // Google: prepTime and cookTime are used together, or totalTime alone.
  if (checks.prepTime.state === "present" && recipe.cookTime === undefined) {
    checks.prepTime = invalid("prepTime without cookTime: give both, or totalTime alone");
  }
  if (checks.cookTime.state === "present" && recipe.prepTime === undefined) {
    checks.cookTime = invalid("cookTime without prepTime: give both, or totalTime alone");
  }
  // Each part is in the whole: a total below preparation and cooking is a slip somewhere.
  const seconds = (value: unknown) => (typeof value === "string" ? isoDurationSeconds(value) : null);
  const [prep, cook, total] = [seconds(recipe.prepTime), seconds(recipe.cookTime), seconds(recipe.totalTime)];
  if (checks.totalTime.state === "present" && prep !== null && cook !== null && total !== null && total < prep + cook) {
    checks.totalTime = invalid(`totalTime ${String(recipe.totalTime)} is shorter than prepTime and cookTime together`);
  }
  return checks;
}

/** Every node of a block's JSON that may be a Recipe: the top level, a list of them, or a `@graph`. */
function topLevelNodes(json: unknown): { node: JsonObject; context: unknown }[] {
  const nodes: { node: JsonObject; context: unknown }[] = [];
  for (const item of valuesOf(json)) {
    if (!isObject(item)) continue;
    if (Array.isArray(item["@graph"])) {
      for (const inner of item["@graph"]) {
        if (isObject(inner)) nodes.push({ node: inner, context: inner["@context"] ?? item["@context"] });
      }
    } else nodes.push({ node: item, context: item["@context"] });
  }
  return nodes;
}

/** Validates the Recipe of a page's HTML. */
export function validateRecipePage(html: string, context: PageContext = {}): RecipeValidation {
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const recipes: { node: JsonObject; context: unknown }[] = [];
  const blocks = ldJsonBlocks(html);
  for (const block of blocks) {
    let json: unknown;
    try {
      json = JSON.parse(block.text);
    } catch (error) {
      errors.push({ field: "JSON", problem: "invalid", message: `a block is not JSON: ${(error as Error).message}` });
      continue;
    }
    recipes.push(...topLevelNodes(json).filter(({ node }) => hasType(node, "Recipe")));
  }
  const fields = Object.fromEntries(
    [...REQUIRED_FIELDS, ...RECOMMENDED_FIELDS].map((field) => [field, "missing"]),
  ) as Record<RecipeField, FieldState>;
  const [found, ...more] = recipes;
  if (found === undefined) {
    const where = blocks.length === 0 ? "the page has no application/ld+json block" : "no block has a Recipe";
    errors.push({ field: "@type", problem: "missing", message: `no schema.org Recipe: ${where}` });
    return { errors, warnings, fields, imageUrls: [] };
  }
  if (more.length > 0) {
    warnings.push({
      field: "@type",
      problem: "invalid",
      message: `${recipes.length} Recipes: only the first is checked`,
    });
  }
  if (!isSchemaOrgContext(found.context)) {
    errors.push({ field: "@context", problem: "invalid", message: "the Recipe's @context is not https://schema.org" });
  }
  const checks = checkFields(found.node, context);
  for (const field of [...REQUIRED_FIELDS, ...RECOMMENDED_FIELDS]) {
    const check = checks[field];
    fields[field] = check.state;
    if (check.state === "present") continue;
    const finding: Finding = { field, problem: check.state, message: check.message };
    ((REQUIRED_FIELDS as readonly string[]).includes(field) ? errors : warnings).push(finding);
  }
  const imageUrls = valuesOf(found.node.image)
    .map((image) => (isObject(image) ? (image.url ?? image.contentUrl) : image))
    .filter((url): url is string => isAbsoluteHttpUrl(url));
  return { errors, warnings, fields, imageUrls };
}
