/**
 * The units an ingredient line may use (issue 15). Kept equal to the `unit` values of
 * cms/seed/units.json (a unit test compares them) and to the dropdown of the `unit` field on
 * both recipe–ingredient junctions in cms/schema/snapshot.json. A line without unit counts the
 * thing itself ("2 Eier") or has no amount at all ("Salz").
 */
export const UNITS = [
  "g",
  "kg",
  "ml",
  "l",
  "EL",
  "TL",
  "Prise",
  "Msp.",
  "Stück",
  "Zehe",
  "Bund",
  "Dose",
  "Becher",
  "Packung",
  "Scheibe",
  "Handvoll",
  "Zweig",
  "Stange",
] as const;

export type Unit = (typeof UNITS)[number];

/** Servings a recipe may state. */
export const MIN_SERVINGS = 1;
export const MAX_SERVINGS = 12;

/** Longest note on an ingredient line ("fein gehackt", "à 400 ml"). */
export const MAX_NOTE_LENGTH = 40;

/** Longest plural of an ingredient's name, as the Directus field allows. */
export const MAX_PLURAL_LENGTH = 60;
