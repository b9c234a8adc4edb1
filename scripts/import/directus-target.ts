/**
 * Where `npm run import` writes: a Directus, through its REST API. Every
 * recipe becomes a draft (the import never publishes), its own row and its
 * ingredient lines in one request, which Directus runs in one transaction:
 * a recipe is there whole or not at all.
 *
 * What identifies a recipe across runs is its import key (ImportedRecipe.key,
 * stored in `import_key`). Beside it the draft keeps `import_hash`, a checksum
 * of what the import wrote (its fields and lines as Directus returns them). A
 * later run reads the draft back: if it still matches the checksum, nobody has
 * touched it, and the source's changes replace it ("updated"), or nothing is
 * sent when there are none ("unchanged"). A draft an editor changed, or a
 * recipe that is no longer a draft, is left as it is ("kept").
 *
 * Ingredients the reader could not match are proposed: created as ingredient
 * drafts ("Vorschlag") by name, reused case-insensitively by every later
 * recipe of this run and of later runs. They are created in one request just
 * before the recipe that needs them (its checksum names ingredients by id),
 * and deleted again if Directus refuses that recipe.
 *
 * The image is downloaded (scripts/import/fetch-image.ts) and uploaded into the
 * recipe images folder under an id made from the import key and the image's
 * address, so a later run finds it without downloading it again.
 */
import { createHash } from "node:crypto";
import type { ReadIngredientLine } from "../../catalog/ingredient-lines/read-line.ts";
import { slugify } from "../../catalog/recipes/slug.ts";
import { MAX_NOTE_LENGTH, MAX_SERVINGS, MIN_SERVINGS } from "../../catalog/recipes/units.ts";
import { RECIPE_IMAGES_FOLDER } from "../../cms/access-policies.ts";
import { adminWithToken, connectAdmin, type DirectusAdmin, DirectusRequestError } from "../cms/directus-admin.ts";
import { LOCAL_ADMIN, LOCAL_DIRECTUS_PORT } from "../local-stack/directus.ts";
import { fetchImage, IMAGE_LIMITS, type ImageLimits, ImageRefused } from "./fetch-image.ts";
import type { ImportedRecipe, ImportTarget, KnownIngredientFacts, WriteResult } from "./imported-recipe.ts";

/** The Directus `npm start` runs, reached with its local admin account. */
export const LOCAL_DIRECTUS_URL = `http://127.0.0.1:${LOCAL_DIRECTUS_PORT}`;

/** What the schema allows (cms/schema/snapshot.json): each time at most 30 minutes, the total at least 1. */
const MAX_MINUTES = 30;
const MAX_TEXT = 255;
/** Lines and pages read per request; Directus' QUERY_LIMIT_MAX is 1,000. */
const PAGE = 500;

/** A Directus an import writes to. */
export interface DirectusImportTarget extends ImportTarget {
  /** Its address, for messages. */
  url: string;
}

export interface ImportTargetOptions {
  /** Another Directus than the local one; needs `token`. */
  url?: string;
  /** A static token (DIRECTUS_TOKEN) of an account that may create recipes, ingredients and files there. */
  token?: string;
  imageLimits?: ImageLimits;
}

/** A refusal to connect, said to the operator (English, as the other scripts' errors). */
export class TargetUnreachable extends Error {}

/**
 * Connects to the Directus to import into: by default the local one `npm start` runs, with its local admin
 * account; with `url`, another one, with `token`. Another machine is reached over https only.
 */
export async function connectImportTarget(options: ImportTargetOptions = {}): Promise<DirectusImportTarget> {
  let admin: DirectusAdmin;
  if (options.url === undefined) {
    await ping(LOCAL_DIRECTUS_URL, "no local CMS answers; start it with `npm start`, or name one with --url");
    admin = await connectAdmin(LOCAL_DIRECTUS_URL, LOCAL_ADMIN);
  } else {
    const url = new URL(options.url);
    if (url.protocol !== "https:" && !["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) {
      throw new TargetUnreachable("import: a Directus on another machine is reached over https only (a token is sent)");
    }
    if (!options.token)
      throw new TargetUnreachable("import: --url needs a token in the environment variable DIRECTUS_TOKEN");
    await ping(url.origin, "no Directus answers there");
    admin = adminWithToken(url.origin, options.token);
    try {
      await admin.request("GET", "/users/me?fields=id");
    } catch (error) {
      if (error instanceof DirectusRequestError && error.status === 401) {
        throw new TargetUnreachable(`import: ${url.origin} does not accept DIRECTUS_TOKEN`);
      }
      throw error;
    }
  }
  return directusTarget(admin, options.imageLimits ?? IMAGE_LIMITS);
}

async function ping(url: string, otherwise: string): Promise<void> {
  try {
    const response = await fetch(`${url}/server/ping`, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    if (response.ok) return;
  } catch {
    // not listening
  }
  throw new TargetUnreachable(`import: ${url}: ${otherwise}`);
}

/** One line as the junction stores it; `ingredient_id` is the ingredient's id. */
interface StoredLine {
  ingredient_id: number;
  amount: number | null;
  amount_max: number | null;
  unit: string | null;
  note: string | null;
  sort: number;
}

/** What the import writes into a recipe, and what the checksum covers. */
interface RecipeContent {
  slug: string;
  name: string;
  cuisine: string | null;
  description: string | null;
  recipeUrl: string | null;
  instructions: string | null;
  instructionList: { instruction: string }[] | null;
  prepTime: number;
  cookTime: number;
  totalTime: number;
  servings: number | null;
  vegetarian: boolean;
  vegan: boolean;
  manyGuests: boolean;
  type: number | null;
  image: string | null;
  import_problems: string | null;
  ingredients: StoredLine[];
  optionalIngredients: StoredLine[];
}

/** A recipe as Directus returns it for the comparison. */
interface StoredRecipe extends Omit<RecipeContent, "ingredients" | "optionalIngredients"> {
  id: number;
  status: string;
  import_hash: string | null;
  ingredients: (StoredLine & { id: number })[];
  optionalIngredients: (StoredLine & { id: number })[];
}

const LINE_FIELDS = ["id", "ingredient_id", "amount", "amount_max", "unit", "note", "sort"];
const STORED_FIELDS = [
  "id",
  "status",
  "import_hash",
  "slug",
  "name",
  "cuisine",
  "description",
  "recipeUrl",
  "instructions",
  "instructionList",
  "prepTime",
  "cookTime",
  "totalTime",
  "servings",
  "vegetarian",
  "vegan",
  "manyGuests",
  "type",
  "image",
  "import_problems",
  ...LINE_FIELDS.map((field) => `ingredients.${field}`),
  ...LINE_FIELDS.map((field) => `optionalIngredients.${field}`),
].join(",");

/** A float as Directus may return it (a string on some databases, single precision on PostgreSQL). */
function amount(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const number = Number(value);
  return Number.isFinite(number) ? Number(number.toPrecision(6)) : null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * The checksum of a recipe's content, the same whether it is made from what is about to be written or from
 * what Directus returns: fields in a fixed order, lines in their order, amounts rounded alike. What to check
 * ("Zu prüfen (Import)") is the import's own note and left out: an editor who clears it has not changed the
 * recipe, and a run whose notes alone differ (an ingredient proposed last time is now "not yet confirmed")
 * sends nothing.
 */
export function contentHash(content: RecipeContent): string {
  const lines = (list: StoredLine[]) =>
    [...list]
      .sort((a, b) => a.sort - b.sort)
      .map((line) => [
        Number(line.ingredient_id),
        amount(line.amount),
        amount(line.amount_max),
        text(line.unit),
        text(line.note),
      ]);
  const canonical = [
    content.slug,
    content.name,
    text(content.cuisine),
    text(content.description),
    text(content.recipeUrl),
    text(content.instructions),
    Array.isArray(content.instructionList)
      ? content.instructionList.map((step) => (typeof step?.instruction === "string" ? step.instruction : null))
      : null,
    Number(content.prepTime),
    Number(content.cookTime),
    Number(content.totalTime),
    content.servings === null ? null : Number(content.servings),
    Boolean(content.vegetarian),
    Boolean(content.vegan),
    Boolean(content.manyGuests),
    content.type === null ? null : Number(content.type),
    text(content.image),
    lines(content.ingredients),
    lines(content.optionalIngredients),
  ];
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** What `import_key` holds: the key, or for a key longer than the field its checksum. */
export function storedImportKey(key: string): string {
  return key.length <= MAX_TEXT ? key : `sha256:${createHash("sha256").update(key).digest("hex")}`;
}

/** A name-based UUID (version 5) in our own namespace: the same recipe and image address give the same file id. */
const IMAGE_NAMESPACE = Buffer.from("3f0b8d6e4c2a4e1b9a7d5c3e1f0a2b4c", "hex");
export function imageFileId(importKey: string, imageUrl: string): string {
  const bytes = createHash("sha1").update(IMAGE_NAMESPACE).update(`${importKey}\n${imageUrl}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One sentence a line: problems are stored one per line. */
function oneLine(problem: string): string {
  return problem.replace(/\s+/g, " ").trim();
}

/** Cuts a text to `max` characters, noting it; null for none. */
function bounded(value: string | null, max: number, label: string, problems: string[]): string | null {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "") return null;
  if (trimmed.length <= max) return trimmed;
  problems.push(`${label} war länger als ${max} Zeichen und wurde gekürzt.`);
  return trimmed.slice(0, max).trimEnd();
}

/** The recipe's times as the schema takes them, with a problem for each that had to be changed. */
function times(recipe: ImportedRecipe, problems: string[]): Pick<RecipeContent, "prepTime" | "cookTime" | "totalTime"> {
  const capped = (minutes: number | null, label: string): number => {
    if (minutes === null || minutes < 0) return 0;
    if (minutes <= MAX_MINUTES) return minutes;
    problems.push(
      `${label} laut Quelle ${minutes} Minuten; eingetragen sind ${MAX_MINUTES}, mehr nimmt die Website nicht an.`,
    );
    return MAX_MINUTES;
  };
  const prepTime = capped(recipe.prepMinutes, "Vorbereitung");
  const cookTime = capped(recipe.cookMinutes, "Kochzeit");
  const sourceTotal =
    recipe.totalMinutes ??
    (recipe.prepMinutes !== null || recipe.cookMinutes !== null
      ? (recipe.prepMinutes ?? 0) + (recipe.cookMinutes ?? 0)
      : null);
  // The reader has said what the source lacks or exceeds; these say what the draft holds instead.
  if (sourceTotal === null || sourceTotal < 1) {
    problems.push(`Als Gesamtzeit sind vorläufig ${MAX_MINUTES} Minuten eingetragen.`);
    return { prepTime, cookTime, totalTime: MAX_MINUTES };
  }
  if (sourceTotal > MAX_MINUTES) {
    problems.push(
      `Als Gesamtzeit sind ${MAX_MINUTES} Minuten eingetragen, mehr nimmt die Website nicht an; gelingt es nicht in ${MAX_MINUTES} Minuten, das Rezept verwerfen.`,
    );
    return { prepTime, cookTime, totalTime: MAX_MINUTES };
  }
  return { prepTime, cookTime, totalTime: sourceTotal };
}

/** A line's junction row, its ingredient still by name until the ids are known. */
interface PlannedLine {
  ingredient: string;
  known: boolean;
  amount: number | null;
  amount_max: number | null;
  unit: string | null;
  note: string | null;
  optional: boolean;
}

function plannedLine(line: ReadIngredientLine, problems: string[]): PlannedLine {
  const lineAmount = line.amount !== null && line.amount > 0 ? line.amount : null;
  const amountMax =
    line.amountMax !== null && lineAmount !== null && line.amountMax > lineAmount ? line.amountMax : null;
  return {
    ingredient: line.ingredient.trim().slice(0, MAX_TEXT),
    known: line.known,
    amount: lineAmount,
    amount_max: amountMax,
    // The sync refuses a unit without an amount ("Eine Einheit braucht eine Menge").
    unit: lineAmount === null ? null : line.unit,
    note: bounded(line.note, MAX_NOTE_LENGTH, `Der Zusatz „${line.note ?? ""}“ (Zeile „${line.line}“)`, problems),
    optional: line.optional,
  };
}

/** Case-insensitive, as editors and the parser see ingredient names. */
function nameKey(name: string): string {
  return name.trim().toLocaleLowerCase("de");
}

/** Creates the target for an admin client; connectImportTarget chooses the client. */
export function directusTarget(admin: DirectusAdmin, imageLimits: ImageLimits = IMAGE_LIMITS): DirectusImportTarget {
  /** Lower-cased name → id of every ingredient, confirmed or proposed, kept current as the run proposes more. */
  let ingredientIds: Map<string, number> | undefined;
  let recipeTypeIds: Map<string, number> | undefined;

  const filter = (value: unknown) => `filter=${encodeURIComponent(JSON.stringify(value))}`;

  /** Every row of a collection that matches, page by page in the order of ids (a page has at most 1,000). */
  async function allRows<T extends { id: number }>(
    collection: string,
    fields: string,
    where: object = {},
  ): Promise<T[]> {
    const rows: T[] = [];
    for (let after = 0; ; ) {
      const page = await admin.request<T[]>(
        "GET",
        `/items/${collection}?fields=id,${fields}&sort=id&limit=${PAGE}&${filter({ _and: [where, { id: { _gt: after } }] })}`,
      );
      rows.push(...page);
      const last = page.at(-1);
      if (!last || page.length < PAGE) return rows;
      after = last.id;
    }
  }

  async function readIngredients(): Promise<KnownIngredientFacts[]> {
    const rows = await allRows<{
      id: number;
      name: string;
      plural: string | null;
      vegetarian: boolean;
      vegan: boolean;
      status: string;
    }>("ingredient", "name,plural,vegetarian,vegan,status");
    const facts = rows.map((row) => ({
      id: row.id,
      name: row.name,
      plural: row.plural || null,
      vegetarian: Boolean(row.vegetarian),
      vegan: Boolean(row.vegan),
      confirmed: row.status === "published",
    }));
    ingredientIds = new Map(facts.map((fact) => [nameKey(fact.name), fact.id]));
    return facts;
  }

  async function knownIds(): Promise<Map<string, number>> {
    if (!ingredientIds) await readIngredients();
    return ingredientIds ?? new Map();
  }

  async function typeIds(): Promise<Map<string, number>> {
    recipeTypeIds ??= new Map(
      (await admin.request<{ id: number; name: string }[]>("GET", "/items/RecipeType?fields=id,name&limit=-1")).map(
        (row) => [row.name, row.id],
      ),
    );
    return recipeTypeIds;
  }

  async function findByKey(importKey: string): Promise<StoredRecipe | undefined> {
    const [found] = await admin.request<StoredRecipe[]>(
      "GET",
      `/items/recipe?fields=${STORED_FIELDS}&limit=1&${filter({ import_key: { _eq: importKey } })}` +
        "&deep[ingredients][_limit]=-1&deep[optionalIngredients][_limit]=-1",
    );
    return found;
  }

  /** A slug made from the name that no recipe has yet, by a number suffix (-2, -3, …). */
  async function freeSlug(name: string): Promise<string> {
    const base = slugify(name).slice(0, 200).replace(/-+$/, "") || "rezept";
    const taken = new Set(
      (await allRows<{ id: number; slug: string }>("recipe", "slug", { slug: { _starts_with: base } })).map(
        (row) => row.slug,
      ),
    );
    if (!taken.has(base)) return base;
    for (let suffix = 2; ; suffix += 1) {
      if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
    }
  }

  async function fileExists(id: string): Promise<boolean> {
    try {
      await admin.request("GET", `/files/${id}?fields=id`);
      return true;
    } catch (error) {
      // Directus answers 403 for an id it does not have, as for one the caller may not read.
      if (error instanceof DirectusRequestError && (error.status === 403 || error.status === 404)) return false;
      throw error;
    }
  }

  /**
   * The image's file id, downloading and uploading it unless that file is there; null with a problem when
   * it cannot be had. `uploaded` says whether this call put it there (to be removed if the recipe is refused).
   */
  async function image(
    recipe: ImportedRecipe,
    importKey: string,
    current: string | null,
    problems: string[],
  ): Promise<{ id: string | null; uploaded: boolean }> {
    if (!recipe.imageUrl) return { id: null, uploaded: false };
    const id = imageFileId(importKey, recipe.imageUrl);
    if (current === id || (await fileExists(id))) return { id, uploaded: false };
    try {
      const fetched = await fetchImage(recipe.imageUrl, imageLimits);
      await admin.upload({
        id,
        name: fetched.name,
        type: fetched.type,
        data: fetched.data,
        title: recipe.name.slice(0, MAX_TEXT),
        folder: RECIPE_IMAGES_FOLDER.id,
        description: `Importiert von ${recipe.imageUrl}`,
      });
      return { id, uploaded: true };
    } catch (error) {
      const reason =
        error instanceof ImageRefused
          ? error.message
          : error instanceof DirectusRequestError
            ? "Directus hat die Datei nicht angenommen"
            : "unbekannter Fehler";
      problems.push(`Bild nicht übernommen (${recipe.imageUrl}): ${reason}. Das Rezept hat noch kein Bild.`);
      return { id: null, uploaded: false };
    }
  }

  /** The recipe's fields and lines, ingredients still by name; problems for what had to be changed. */
  async function plan(recipe: ImportedRecipe, problems: string[]) {
    const types = await typeIds();
    const type = recipe.category ? (types.get(recipe.category) ?? null) : null;
    // A recipe without category stays without: the reader has said so, and the Data Studio asks for one on saving.
    let servings = recipe.servings;
    if (servings !== null && !(Number.isInteger(servings) && servings >= MIN_SERVINGS && servings <= MAX_SERVINGS)) {
      problems.push(
        `Portionen laut Quelle ${servings}; nicht übernommen (erlaubt sind ${MIN_SERVINGS} bis ${MAX_SERVINGS}).`,
      );
      servings = null;
    }
    let recipeUrl = recipe.sourceUrl;
    if (recipeUrl !== null && (recipeUrl.length > MAX_TEXT || !/^https?:\/\/\S+$/.test(recipeUrl))) {
      problems.push(`Die Quelladresse ist länger als ${MAX_TEXT} Zeichen und wurde nicht übernommen: ${recipeUrl}`);
      recipeUrl = null;
    }
    const fields = {
      name: bounded(recipe.name, MAX_TEXT, "Der Name", problems) ?? "Ohne Namen",
      cuisine: bounded(recipe.cuisine, MAX_TEXT, "Die Küche", problems),
      description: recipe.description?.trim() || null,
      recipeUrl,
      instructions: null,
      instructionList: recipe.steps.length > 0 ? recipe.steps.map((instruction) => ({ instruction })) : null,
      ...times(recipe, problems),
      servings,
      vegetarian: recipe.vegetarian,
      vegan: recipe.vegan,
      manyGuests: false,
      type,
    };
    const lines = recipe.ingredients.map((line) => plannedLine(line, problems));
    return { fields, lines };
  }

  function junctionRows(lines: PlannedLine[], optional: boolean, ids: Map<string, number>): StoredLine[] {
    return lines
      .filter((line) => line.optional === optional)
      .map((line, index) => {
        const id = ids.get(nameKey(line.ingredient));
        if (id === undefined) throw new Error(`import: no id for the ingredient "${line.ingredient}"`);
        return {
          ingredient_id: id,
          amount: line.amount,
          amount_max: line.amount_max,
          unit: line.unit,
          note: line.note,
          sort: index + 1,
        };
      });
  }

  /** Creates the proposed ingredients no row has yet, in one request; returns their ids. */
  async function propose(lines: PlannedLine[], ids: Map<string, number>): Promise<number[]> {
    const missing = new Map<string, string>();
    for (const line of lines) {
      const key = nameKey(line.ingredient);
      if (!ids.has(key) && !missing.has(key)) missing.set(key, line.ingredient);
    }
    if (missing.size === 0) return [];
    const created = await admin.request<{ id: number; name: string }[]>(
      "POST",
      "/items/ingredient?fields=id,name",
      [...missing.values()].map((name) => ({ name, status: "draft" })),
    );
    for (const row of created) ids.set(nameKey(row.name), row.id);
    return created.map((row) => row.id);
  }

  /** Removes what a refused write left behind; a failure here is not the one to report. */
  async function undo(proposed: number[], uploadedImage: string | null): Promise<void> {
    if (proposed.length > 0) await admin.request("DELETE", "/items/ingredient", proposed).catch(() => {});
    if (uploadedImage) await admin.request("DELETE", `/files/${uploadedImage}`).catch(() => {});
  }

  async function write(recipe: ImportedRecipe): Promise<WriteResult> {
    const ids = await knownIds();
    const importKey = storedImportKey(recipe.key);
    const existing = await findByKey(importKey);
    if (existing && (existing.status !== "draft" || contentHash(existing) !== existing.import_hash)) {
      return { outcome: "kept", id: existing.id, problems: [] };
    }

    const problems: string[] = [];
    const { fields, lines } = await plan(recipe, problems);
    const allProblems = (imageProblems: string[]) =>
      [...recipe.problems, ...problems, ...imageProblems].map(oneLine).filter(Boolean);
    const content = (slug: string, imageId: string | null, imageProblems: string[]): RecipeContent => ({
      slug,
      ...fields,
      image: imageId,
      import_problems: allProblems(imageProblems).join("\n") || null,
      ingredients: junctionRows(lines, false, ids),
      optionalIngredients: junctionRows(lines, true, ids),
    });

    if (existing) {
      // Nothing to send when the source holds what the last import wrote (and the image is already there).
      const allKnown = lines.every((line) => ids.has(nameKey(line.ingredient)));
      const expectedImage = recipe.imageUrl ? imageFileId(importKey, recipe.imageUrl) : null;
      if (allKnown && contentHash(content(existing.slug, expectedImage, [])) === existing.import_hash) {
        return { outcome: "unchanged", id: existing.id, problems };
      }
    }

    const imageProblems: string[] = [];
    const picture = await image(recipe, importKey, existing?.image ?? null, imageProblems);
    let proposed: number[] = [];
    try {
      proposed = await propose(lines, ids);
      const next = content(existing?.slug ?? (await freeSlug(fields.name)), picture.id, imageProblems);
      const hash = contentHash(next);
      const writeProblems = [...problems, ...imageProblems];
      if (existing) {
        if (hash === existing.import_hash) return { outcome: "unchanged", id: existing.id, problems: writeProblems };
        // The lines are given whole: Directus deletes the rows left out, in the same transaction.
        await admin.request("PATCH", `/items/recipe/${existing.id}?fields=id`, {
          ...next,
          status: "draft",
          import_hash: hash,
        });
        if (existing.image && existing.image !== next.image) await removeUnusedFile(existing.image);
        return { outcome: "updated", id: existing.id, problems: writeProblems };
      }
      const created = await admin.request<{ id: number }>("POST", "/items/recipe?fields=id", {
        ...next,
        status: "draft",
        import_key: importKey,
        import_hash: hash,
      });
      return { outcome: "created", id: created.id, problems: writeProblems };
    } catch (error) {
      await undo(proposed, picture.uploaded ? picture.id : null);
      for (const id of proposed) {
        for (const [name, known] of ids) if (known === id) ids.delete(name);
      }
      throw error;
    }
  }

  /** Deletes a file the import replaced, unless another recipe shows it. */
  async function removeUnusedFile(id: string): Promise<void> {
    const users = await admin.request<unknown[]>(
      "GET",
      `/items/recipe?fields=id&limit=1&${filter({ image: { _eq: id } })}`,
    );
    if (users.length === 0) await admin.request("DELETE", `/files/${id}`).catch(() => {});
  }

  return { url: admin.url, knownIngredients: readIngredients, write };
}
