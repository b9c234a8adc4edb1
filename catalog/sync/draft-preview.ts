/**
 * What the sync would make of one recipe, drafts included: the editors'
 * preview (decision 0051). The recipe is read with the fields the sync reads
 * (RECIPE_FIELDS), shown to the sync's own validation (validate.ts) as the
 * public would see it, and checked against the live catalog for a slug an
 * older recipe holds, so the preview says exactly what publishing would.
 *
 * The one thing read beyond the sync is each line's ingredient's status: the
 * sync reads as the public, which sees an ingredient an import proposed as
 * no ingredient at all, so here such a line is blanked the same way, and the
 * names are kept to tell the editor which ingredients wait for confirmation.
 */
import { createDirectus, readItems, rest } from "@directus/sdk";
import type { CatalogRecipe } from "../recipes/types.ts";
import { type RawRecipe, RECIPE_FIELDS, SourceError } from "./directus-source.ts";
import { checkRecipe } from "./validate.ts";

/** The recipe's two lists of ingredient lines, as the sync reads them. */
const LINE_LISTS = ["ingredients", "optionalIngredients"] as const;
/** The status an ingredient has once an editor confirmed it; only these are public. */
const CONFIRMED = "published";

/** The sync's fields and, for the blanking above, each line's ingredient's status. */
export const DRAFT_RECIPE_FIELDS = [...RECIPE_FIELDS, ...LINE_LISTS.map((list) => `${list}.ingredient_id.status`)];

interface DraftReaderOptions {
  url: string;
  /** The static token of Directus' "Website (Vorschau)" user (DIRECTUS_PREVIEW_TOKEN). */
  token: string;
  /** Sent with every request: the Access service token in production. */
  headers?: Readonly<Record<string, string>>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Reads one recipe, whatever its status, with the preview's token; null when
 * Directus has none with this id (or the token may not read it). Any failure
 * to read throws a SourceError.
 */
export async function readDraftRecipe(options: DraftReaderOptions, id: number): Promise<RawRecipe | null> {
  const { url, token, headers: originHeaders = {}, timeoutMs = 10_000, fetch: fetchImpl = fetch } = options;
  const authorisedFetch: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(originHeaders)) headers.set(name, value);
    headers.set("authorization", `Bearer ${token}`);
    return fetchImpl(input, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
  };
  const client = createDirectus(url, { globals: { fetch: authorisedFetch } }).with(rest());
  let rows: unknown;
  try {
    rows = await client.request(
      readItems("recipe", { fields: DRAFT_RECIPE_FIELDS, filter: { id: { _eq: id } }, limit: 1 }),
    );
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : "no readable answer";
    throw new SourceError(`directus: reading recipe ${id} for its preview failed: ${message}`);
  }
  if (!Array.isArray(rows)) throw new SourceError(`directus: the answer for recipe ${id} is not a list`);
  const [row] = rows as unknown[];
  return row && typeof row === "object" ? (row as RawRecipe) : null;
}

/** The recipe as the public read gives it: lines whose ingredient is unconfirmed name none. */
function asThePublicSeesIt(raw: RawRecipe): { recipe: RawRecipe; unconfirmed: string[] } {
  const unconfirmed: string[] = [];
  const recipe: RawRecipe = { ...raw };
  for (const list of LINE_LISTS) {
    const lines = raw[list];
    if (!Array.isArray(lines)) continue;
    recipe[list] = lines.map((line: unknown) => {
      if (!line || typeof line !== "object") return line;
      const ingredient = (line as { ingredient_id?: unknown }).ingredient_id;
      if (!ingredient || typeof ingredient !== "object") return line;
      const { status, ...fields } = ingredient as Record<string, unknown>;
      if (status === CONFIRMED) return { ...line, ingredient_id: fields };
      if (typeof fields.name === "string" && fields.name.trim() !== "") unconfirmed.push(fields.name.trim());
      return { ...line, ingredient_id: null };
    });
  }
  return { recipe, unconfirmed: [...new Set(unconfirmed)] };
}

/** The status field's values as the Data Studio names them (cms/schema/snapshot.json). */
const STATUS_NAMES: Readonly<Record<string, string>> = {
  published: "Veröffentlicht",
  draft: "Entwurf",
  archived: "Archiviert",
};

/** What the preview shows: the page the sync would publish, or why it would leave the recipe out. */
export type DraftPreview =
  | { ok: true; recipe: CatalogRecipe; status: string }
  | { ok: false; name: string | null; status: string; problems: string[]; unconfirmed: string[] };

/**
 * Who holds a slug in the live catalog: the id of the recipe published under
 * it, or undefined when none is.
 */
export type SlugHolder = (slug: string) => Promise<number | undefined>;

/**
 * Judges a recipe read by readDraftRecipe as the sync would: the same
 * validation, and a slug an older live recipe holds costs it its place
 * (build-catalog.ts keeps the lower id). Problems are the sync's own
 * (English) words; german-reasons.ts renders them for the page.
 */
export async function previewDraft(raw: RawRecipe, slugHolder: SlugHolder): Promise<DraftPreview> {
  const status = STATUS_NAMES[String(raw.status)] ?? String(raw.status ?? "ohne Status");
  const { recipe, unconfirmed } = asThePublicSeesIt(raw);
  const checked = checkRecipe(recipe);
  const problems = checked.ok ? [] : [...checked.problems];
  if (checked.ok) {
    const holder = await slugHolder(checked.value.slug);
    if (holder !== undefined && holder !== checked.value.id && holder < checked.value.id) {
      problems.push("slug already used by an earlier recipe");
    }
  }
  if (checked.ok && problems.length === 0) return { ok: true, recipe: checked.value, status };
  const name = typeof raw.name === "string" && raw.name.trim() !== "" ? raw.name.trim() : null;
  return { ok: false, name, status, problems, unconfirmed };
}
