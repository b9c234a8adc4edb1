/**
 * The shopping list as it is kept: on the device (localStorage,
 * device-list.ts) and in the visitor's account (Directus' `shopping_lists`,
 * shopping-list-api.server.ts), in one format. Both are read as untrusted:
 * another tab, an old version of the site, a browser extension or a hand in
 * the Data Studio may have written anything there. Reading never throws; what
 * does not fit the schema is left out and named as a problem the page says in
 * German (list-notices.ts).
 *
 * One entry is one recipe's line of one ingredient, as it was added; the page
 * combines entries per ingredient when it shows them (combine.ts).
 */
import * as v from "valibot";
import { UNITS, type Unit } from "../../../catalog/recipes/units.ts";
import { MAX_ENTRIES } from "./limits.ts";

/** A line of one recipe on the list: its identity is the recipe and the ingredient. */
export interface ShoppingEntry {
  /** The recipe's slug. */
  recipe: string;
  /** The recipe's name, shown with the line ("für Gazpacho"). */
  recipeName: string;
  /** The ingredient's name, as in the catalog. */
  name: string;
  /** Its plural where it differs ("Eier"), for a combined amount that asks for it. */
  plural: string | null;
  /** Positive, for the servings chosen when it was added; null for a line without amount ("Salz"). */
  amount: number | null;
  /** Null counts the thing itself ("2 Eier"), and goes with every line without amount. */
  unit: Unit | null;
  /** Ticked off. */
  done: boolean;
}

/**
 * The longest stored text that is read at all (characters of JSON). Two hundred
 * entries of the longest allowed names stay below it; a longer value is not a
 * list this site wrote, and parsing it would only cost time.
 */
export const MAX_STORED_CHARACTERS = 120_000;

/** Why a stored list was not read whole: the page says it in German and keeps what it could read. */
export type ListProblem = "beschaedigt" | "zu-gross";

/** The version of the format below; a list of another version is not read. */
const FORMAT_VERSION = 1;

/** Lower-case words joined by "-", as the sync accepts recipe slugs (catalog/sync/validate.ts). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Printable text: no control characters, which no catalog name has and a plain-text copy must not carry. */
const PRINTABLE = /^[^\p{Cc}\p{Cs}]+$/u;

const text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max), v.regex(PRINTABLE));

const EntrySchema = v.pipe(
  v.object({
    recipe: v.pipe(v.string(), v.maxLength(150), v.regex(SLUG)),
    recipeName: text(150),
    name: text(100),
    plural: v.nullable(text(100)),
    amount: v.nullable(v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(1_000_000))),
    unit: v.nullable(v.picklist(UNITS)),
    done: v.boolean(),
  }),
  // A unit without an amount says nothing: not a line this site writes.
  v.check((entry) => entry.amount !== null || entry.unit === null),
);

/** The outer shape; entries are checked one at a time, so one bad entry does not cost the rest. */
const StoredListSchema = v.object({
  version: v.literal(FORMAT_VERSION),
  entries: v.array(v.unknown()),
});

/** What reading a stored list gives: every entry that passed, and why anything was left out. */
export interface ReadList {
  entries: ShoppingEntry[];
  problem: ListProblem | null;
}

/** The identity of an entry: one per recipe and ingredient. */
export function entryId(entry: Pick<ShoppingEntry, "recipe" | "name">): string {
  return `${entry.recipe}\n${entry.name}`;
}

/** A single entry if `value` is one, else undefined. */
export function parseEntry(value: unknown): ShoppingEntry | undefined {
  const result = v.safeParse(EntrySchema, value);
  return result.success ? result.output : undefined;
}

/**
 * The entries of a parsed stored value ({ version, entries }), or of none
 * (null or undefined: nothing stored yet). Entries that fail the schema, and
 * later duplicates of a recipe's ingredient, are left out ("beschaedigt").
 */
export function readStoredValue(value: unknown): ReadList {
  if (value === null || value === undefined) return { entries: [], problem: null };
  const list = v.safeParse(StoredListSchema, value);
  if (!list.success) return { entries: [], problem: "beschaedigt" };
  // More than the site ever stores: not read at all, like a text that is too long.
  if (list.output.entries.length > MAX_ENTRIES) return { entries: [], problem: "zu-gross" };
  const seen = new Set<string>();
  const entries: ShoppingEntry[] = [];
  for (const candidate of list.output.entries) {
    const entry = parseEntry(candidate);
    if (!entry || seen.has(entryId(entry))) continue;
    seen.add(entryId(entry));
    entries.push(entry);
  }
  return { entries, problem: entries.length === list.output.entries.length ? null : "beschaedigt" };
}

/** The entries of a stored text (localStorage): too long is "zu-gross", not JSON is "beschaedigt". */
export function parseStoredList(stored: string | null): ReadList {
  if (stored === null) return { entries: [], problem: null };
  if (stored.length > MAX_STORED_CHARACTERS) return { entries: [], problem: "zu-gross" };
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return { entries: [], problem: "beschaedigt" };
  }
  // `null` is stored JSON too, but not what this site writes.
  return value === null ? { entries: [], problem: "beschaedigt" } : readStoredValue(value);
}

/** The value to store: the format's version and the entries with exactly the schema's fields. */
export function storedValue(entries: readonly ShoppingEntry[]): { version: number; entries: ShoppingEntry[] } {
  return {
    version: FORMAT_VERSION,
    entries: entries.map(({ recipe, recipeName, name, plural, amount, unit, done }) => ({
      recipe,
      recipeName,
      name,
      plural,
      amount,
      unit,
      done,
    })),
  };
}

/** The text to store on the device. */
export function serializeList(entries: readonly ShoppingEntry[]): string {
  return JSON.stringify(storedValue(entries));
}
