/**
 * The visitor's pantry: what they ticked on the ingredient search and the
 * basics they lack, remembered on the device (device-pantry.ts) and, when
 * signed in, in their account (Directus `pantries`). The address stays the
 * page's state: a remembered pantry only ever becomes an address to go to
 * (decision 0040). Read the same way wherever it comes from, because a
 * browser's storage and a database row are input like any other.
 */
import { kindBySlug } from "../../../catalog/search/search-words.ts";
import { type IngredientQuery, ingredientSearchHref, kindSlugOf, readMissingBasics } from "../url/ingredient-query.ts";

export interface Pantry {
  /** Selected ingredients and kinds, as the address names them (`z`). */
  selected: string[];
  /** Slugs of the basics the visitor lacks (`fehlt`), in the basics' order. */
  missingBasics: string[];
  /** When the visitor changed it last, in milliseconds since 1970. */
  changedAt: number;
}

/** As many selected values as the address reads (ingredient-query.ts). */
const MAX_SELECTED = 30;
/** An ingredient's slug (catalog/recipes/slug.ts): lower-case words joined by "-". */
const INGREDIENT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 80;

/** Whether `value` names an ingredient's slug or a kind as the address does ("sorte:nudeln"). */
export function isSelectionValue(value: string): boolean {
  const kind = kindSlugOf(value);
  if (kind !== undefined) return kindBySlug(kind) !== undefined;
  return value.length <= MAX_SLUG_LENGTH && INGREDIENT_SLUG.test(value);
}

/**
 * A pantry from untrusted data (a browser's storage, a database row, a
 * posted form), or null when it is not one: the shape is checked, values
 * that name no ingredient or kind and unknown basics are dropped, each value
 * once, at most 30.
 */
export function parsePantry(value: unknown): Pantry | null {
  if (typeof value !== "object" || value === null) return null;
  const { selected, missingBasics, changedAt } = value as Record<string, unknown>;
  if (!Array.isArray(selected) || !Array.isArray(missingBasics)) return null;
  if (typeof changedAt !== "number" || !Number.isSafeInteger(changedAt) || changedAt < 0) return null;
  const strings = (list: unknown[]) => list.filter((item): item is string => typeof item === "string");
  return {
    selected: [...new Set(strings(selected).filter(isSelectionValue))].slice(0, MAX_SELECTED),
    missingBasics: readMissingBasics(strings(missingBasics)).missing,
    changedAt,
  };
}

/** Whether nothing is remembered in it: no ingredient ticked, every basic at hand. */
export function isEmptyPantry(pantry: Pick<Pantry, "selected" | "missingBasics">): boolean {
  return pantry.selected.length === 0 && pantry.missingBasics.length === 0;
}

/** Whether two pantries hold the same ingredients and basics (the order of the ingredients does not count). */
export function samePantry(
  a: Pick<Pantry, "selected" | "missingBasics">,
  b: Pick<Pantry, "selected" | "missingBasics">,
): boolean {
  const sorted = (list: readonly string[]) => [...list].sort().join(" ");
  return sorted(a.selected) === sorted(b.selected) && sorted(a.missingBasics) === sorted(b.missingBasics);
}

/** What to do with the device's and the account's copy after they met. */
export interface PantryMerge {
  /** The pantry that holds now; null: none is remembered. */
  pantry: Pantry | null;
  /** Whether the device must store `pantry` (or forget its own, when `pantry` is null or empty). */
  writeDevice: boolean;
  /** Whether the account must store `pantry`. */
  writeAccount: boolean;
}

/**
 * The merge rule (decision 0040) when a signed-in visitor's device and
 * account both may hold a pantry: the one changed last wins, the account on
 * a tie; one that exists wins over none. The winner is written where the
 * other copy holds something else (the same ingredients and basics with
 * another time are left alone). An empty pantry in the account is a forgotten one: it wins
 * like any other, so forgetting on one device forgets on all.
 */
export function mergePantries(device: Pantry | null, account: Pantry | null): PantryMerge {
  if (account === null) return { pantry: device, writeDevice: false, writeAccount: device !== null };
  if (device === null || account.changedAt >= device.changedAt) {
    return {
      pantry: account,
      writeDevice: device === null ? !isEmptyPantry(account) : !samePantry(device, account),
      writeAccount: false,
    };
  }
  return { pantry: device, writeDevice: false, writeAccount: !samePantry(device, account) };
}

/**
 * The address that restores `pantry` on the ingredient search: its
 * ingredients and basics; the filter text and the exclusions of `current`
 * (the address the visitor opened) stay, and so do the basics it names, if
 * it names any.
 */
export function restoredPantryHref(pantry: Pantry, current: IngredientQuery): string {
  return ingredientSearchHref({
    ...current,
    selected: pantry.selected,
    missingBasics: current.missingBasics.length > 0 ? current.missingBasics : pantry.missingBasics,
  });
}
