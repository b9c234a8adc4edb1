/**
 * Why the sync left a recipe out, in German, for editors: the status the
 * coordinator writes back to Directus (publication.ts). The sync's own
 * problems (validate.ts, read-catalog.ts, publication-window.ts) stay English
 * in the log lines; this table renders each of their shapes in the Data
 * Studio's words. A problem no rule knows still reaches the editor, in
 * English after a German lead-in, and tests/unit/german-reasons.test.ts
 * fails for every problem the validation can produce that falls through.
 */

/** The recipe form's names for the fields a problem can name (cms/schema/snapshot.json). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  id: "ID",
  slug: "Slug",
  name: "Name",
  cuisine: "Küche",
  description: "Beschreibung",
  instructions: "Anleitung (Freitext)",
  instructionList: "Zubereitungsschritte",
  image: "Bild",
  recipeUrl: "Quelle",
  prepTime: "Vorbereitungszeit",
  cookTime: "Koch- bzw. Backzeit",
  totalTime: "Gesamtzeit",
  vegetarian: "Vegetarisch",
  vegan: "Vegan",
  manyGuests: "Für viele Gäste",
  date_created: "Erstellt am",
  type: "Kategorie",
  servings: "Portionen",
  ingredients: "Zutaten",
  optionalIngredients: "Optionale Zutaten",
  publish_at: "Veröffentlichen am",
  unpublish_at: "Offline nehmen am",
};

/** The ingredient line's field names, as the line's problems name them. */
const LINE_FIELD_LABELS: Readonly<Record<string, string>> = {
  amount: "die Menge",
  amount_max: "die Höchstmenge",
  unit: "die Einheit",
  note: "der Hinweis",
};

const label = (field: string) => `„${FIELD_LABELS[field] ?? field}“`;
const quoted = (text: string) => `„${text}“`;
/** A value as the problem quoted it (JSON), readable: strings without their quotes. */
function value(json: string): string {
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed === null || parsed === "") return "leer";
    return quoted(String(parsed));
  } catch {
    return quoted(json);
  }
}

type Rule = [RegExp, (...groups: string[]) => string];

/** A problem of one ingredient line, after `<field> "<name>": ` (validate.ts: ingredientLines). */
const LINE_RULES: Rule[] = [
  [
    /^amount must be a positive number, got (.*)$/s,
    (got) => `Die Menge muss eine positive Zahl sein (ist ${value(got)})`,
  ],
  [
    /^amount_max must be a positive number, got (.*)$/s,
    (got) => `Die Höchstmenge muss eine positive Zahl sein (ist ${value(got)})`,
  ],
  [/^amount_max (\S+) needs an amount$/, (max) => `Die Höchstmenge ${max} braucht auch eine Menge`],
  [
    /^amount_max (\S+) must be above amount (\S+)$/,
    (max, amount) => `Die Höchstmenge ${max} muss größer sein als die Menge ${amount}`,
  ],
  [/^unit (.*) is not one of .*$/s, (unit) => `Die Einheit ${value(unit)} gibt es nicht`],
  [/^unit "(.*)" needs an amount$/s, (unit) => `Die Einheit ${quoted(unit)} braucht eine Menge`],
  [/^(\w+) is not text$/, (field) => `${capitalised(LINE_FIELD_LABELS[field] ?? field)} ist kein Text`],
  [
    /^(\w+) is longer than (\d+) characters$/,
    (field, max) => `${capitalised(LINE_FIELD_LABELS[field] ?? field)} ist länger als ${max} Zeichen`,
  ],
];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A problem of the whole recipe, in validate.ts's, read-catalog.ts's and publication-window.ts's words. */
const RULES: Rule[] = [
  [/^id is not an integer$/, () => "Die ID ist keine ganze Zahl"],
  [
    /^slug "(.*)" is not lower-case words joined by "-"$/s,
    (slug) =>
      `Der Slug ${quoted(slug)} darf nur aus kleinen Buchstaben (ohne Umlaute) und Ziffern bestehen, Wörter durch „-“ getrennt`,
  ],
  [/^slug already used by an earlier recipe$/, () => "Der Slug gehört schon einem älteren Rezept"],
  [/^neither instructionList nor instructions$/, () => "Es fehlen Zubereitungsschritte oder eine Anleitung"],
  [/^instructionList is not a list$/, () => "Die Zubereitungsschritte sind keine Liste"],
  [/^instructionList has a step without text$/, () => "Ein Zubereitungsschritt ist leer"],
  [/^ingredients is empty$/, () => "Das Rezept hat keine Zutaten"],
  [
    /^(ingredients|optionalIngredients) has an entry without a name$/,
    (field) =>
      `${label(field)}: eine Zutat ist noch nicht veröffentlicht (ein Vorschlag des Imports) oder hat keinen Namen`,
  ],
  [/^recipeUrl "(.*)" is not a web address$/s, (url) => `Die Quelle ${quoted(url)} ist keine Webadresse (https://…)`],
  [/^image is not a file id$/, () => "Das Bild ist keine Datei"],
  [/^date_created is not a date$/, () => "„Erstellt am“ ist kein Datum"],
  [
    /^(\w+) must be whole minutes from (\d+) to (\d+), got (.*)$/s,
    (field, min, max, got) =>
      `${label(field)} muss eine ganze Zahl von ${min} bis ${max} Minuten sein (ist ${value(got)})`,
  ],
  [
    /^(\w+) must be a whole number from (\d+) to (\d+), got (.*)$/s,
    (field, min, max, got) => `${label(field)} muss eine ganze Zahl von ${min} bis ${max} sein (ist ${value(got)})`,
  ],
  [/^(\w+) "(.*)" is not one of .*$/s, (field, name) => `${label(field)}: ${quoted(name)} gibt es nicht`],
  [/^(\w+) is missing$/, (field) => `${label(field)} fehlt`],
  [/^(\w+) is not text$/, (field) => `${label(field)} ist kein Text`],
  [/^(\w+) is longer than (\d+) characters$/, (field, max) => `${label(field)} ist länger als ${max} Zeichen`],
  [/^(\w+) is not true or false$/, (field) => `${label(field)} ist weder ja noch nein`],
  [/^(\w+) is not a list$/, (field) => `${label(field)} ist keine Liste`],
  [/^(\w+) is not a date$/, (field) => `${label(field)} ist kein Zeitpunkt`],
  [/^unpublish_at is not after publish_at$/, () => "„Offline nehmen am“ liegt nicht nach „Veröffentlichen am“"],
];

/** The lead-in of a problem no rule knows: the editor still sees it, in the sync's words. */
export const UNKNOWN_PROBLEM = "Problem (englisch)";

/** One of the sync's problems in German, without a full stop. */
export function germanProblem(problem: string): string {
  const line = /^(ingredients|optionalIngredients) "(.*?)": (.*)$/s.exec(problem);
  if (line) {
    const [, field, name, rest] = line as unknown as [string, string, string, string];
    const which = field === "optionalIngredients" ? "Optionale Zutat" : "Zutat";
    for (const [pattern, render] of LINE_RULES) {
      const match = pattern.exec(rest);
      if (match) return `${which} ${quoted(name)}: ${render(...match.slice(1))}`;
    }
    return `${which} ${quoted(name)}: ${UNKNOWN_PROBLEM}: ${rest}`;
  }
  for (const [pattern, render] of RULES) {
    const match = pattern.exec(problem);
    if (match) return render(...match.slice(1));
  }
  return `${UNKNOWN_PROBLEM}: ${problem}`;
}

/** The most characters a reason takes in Directus; a longer list is cut with a count of what was left out. */
export const MAX_REASON_LENGTH = 2_000;

/** All of a record's problems, in German, one sentence each. */
export function germanReasons(problems: readonly string[]): string {
  const sentences = problems.map((problem) => `${germanProblem(problem)}.`);
  // Room for the count of what is left out.
  const room = MAX_REASON_LENGTH - 40;
  let text = "";
  for (const [index, sentence] of sentences.entries()) {
    const next = text ? `${text} ${sentence}` : sentence;
    if (next.length > room) {
      const cut = text || `${sentence.slice(0, room - 1)}…`;
      const left = sentences.length - index - (text ? 0 : 1);
      return left > 0 ? `${cut} (und ${left} weitere)` : cut;
    }
    text = next;
  }
  return text;
}
