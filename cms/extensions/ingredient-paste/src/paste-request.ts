/**
 * What the flow "Zutatenliste einfügen" (cms/flows.ts) hands the operation: the confirmation dialog's values
 * and the recipe it was started on, in `$trigger.body`. All of it comes from a browser (or anyone who can
 * post to /flows/trigger), so it is checked here before anything is read or written, and every refusal is
 * a German sentence for the editor.
 */

/** The operation's id, as the flow names it (cms/flows.ts) and Directus registers it. */
export const INGREDIENT_PASTE_OPERATION = "wkij-ingredient-paste";

/** The confirmation dialog's field keys: what the flow sends in `$trigger.body`. */
export const PASTE_FIELDS = { list: "ingredient_list", mode: "mode", optional: "optional" } as const;

/** Append after the list's lines, or replace the lines of every list the paste writes to. */
export const PASTE_MODES = ["append", "replace"] as const;
export type PasteMode = (typeof PASTE_MODES)[number];

/** The most ingredient lines one paste may hold (a long recipe has 30). */
export const MAX_PASTE_LINES = 200;
/** The most text one paste may hold, in bytes of UTF-8. */
export const MAX_PASTE_BYTES = 20 * 1024;

/** The one collection the flow works on. */
export const RECIPE_COLLECTION = "recipe";

export interface PasteRequest {
  recipeId: string | number;
  text: string;
  mode: PasteMode;
  /** The dialog's "Als optionale Zutaten": every line goes to the recipe's optional ingredients. */
  optional: boolean;
}

/**
 * A refusal Directus answers with its own status and message: its error handler passes on any error named
 * "DirectusError" (with `status`, `code` and `extensions`) as it is, instead of "An unexpected error
 * occurred". The reason is repeated in `extensions`, because an Error's message is left out when the flow's
 * run log stores it as JSON.
 */
export class PasteRefused extends Error {
  override readonly name = "DirectusError";
  readonly code: string;
  readonly status: number;
  readonly extensions: { reason: string };

  constructor(reason: string, status = 400) {
    super(reason);
    this.status = status;
    this.code = status === 403 ? "FORBIDDEN" : "INVALID_PAYLOAD";
    this.extensions = { reason };
  }
}

/** The lines that hold something. */
export function filledLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads the trigger's body; throws PasteRefused, in German, for anything but one recipe, a list of at most
 * MAX_PASTE_LINES lines and MAX_PASTE_BYTES, a known mode and a yes or no.
 */
export function readPasteRequest(body: unknown): PasteRequest {
  if (!isRecord(body)) throw new PasteRefused("Die Zutatenliste fehlt: Der Flow bekam keine Angaben.");
  if (body.collection !== RECIPE_COLLECTION) {
    throw new PasteRefused("Zutatenlisten lassen sich nur in Rezepte einfügen.");
  }
  const keys = body.keys;
  if (!Array.isArray(keys) || keys.length !== 1) {
    throw new PasteRefused("Eine Zutatenliste wird in genau ein Rezept eingefügt: bitte ein Rezept öffnen.");
  }
  const [recipeId] = keys;
  if (!(typeof recipeId === "string" && /^\d+$/.test(recipeId)) && !Number.isSafeInteger(recipeId)) {
    throw new PasteRefused("Das Rezept ist unbekannt.");
  }

  const text = body[PASTE_FIELDS.list] ?? "";
  if (typeof text !== "string") throw new PasteRefused("Die Zutatenliste muss Text sein, eine Zutat je Zeile.");
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_PASTE_BYTES) {
    throw new PasteRefused(
      `Die Zutatenliste ist zu lang (${Math.ceil(bytes / 1024)} KB, höchstens ${MAX_PASTE_BYTES / 1024} KB): ` +
        "bitte in Teilen einfügen.",
    );
  }
  const lines = filledLines(text).length;
  if (lines === 0) throw new PasteRefused("Die Zutatenliste ist leer: bitte eine Zutat je Zeile einfügen.");
  if (lines > MAX_PASTE_LINES) {
    throw new PasteRefused(
      `Die Zutatenliste hat ${lines} Zeilen, höchstens ${MAX_PASTE_LINES} gehen auf einmal: bitte in Teilen einfügen.`,
    );
  }

  const mode = body[PASTE_FIELDS.mode] ?? "append";
  if (!PASTE_MODES.includes(mode as PasteMode)) {
    throw new PasteRefused("Bitte wählen: an die Zutaten anhängen oder die bestehenden Zeilen ersetzen.");
  }
  const optional = body[PASTE_FIELDS.optional] ?? false;
  if (typeof optional !== "boolean") throw new PasteRefused("„Als optionale Zutaten“ ist ja oder nein.");

  return { recipeId: recipeId as string | number, text, mode: mode as PasteMode, optional };
}
