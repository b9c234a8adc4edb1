import { foldTerm } from "../search/engine/fold.ts";

/**
 * The words a line uses to say something about an ingredient rather than name it: what goes into the
 * note. All sets hold folded words (lower case, umlauts and ß folded: "große" → "grosse").
 */

/** Endings an adjective takes: "groß", "große", "großer", "großes", "großen", "großem". */
const ADJECTIVE_ENDINGS = ["", "e", "er", "es", "en", "em"];

/**
 * Stems of size, colour, state and preparation words: "2 große Tomaten" is Tomate with the note "große".
 * A known name that begins with one of them still wins ("rote Zwiebel" = Rote Zwiebel when it is known).
 */
const DESCRIPTIVE_STEMS = new Set([
  // size
  "gross",
  "klein",
  "mittelgross",
  "mittel",
  "riesig",
  "dick",
  "dunn",
  "ganz",
  "halbiert",
  // colour and kind
  "rot",
  "gelb",
  "grun",
  "weiss",
  "schwarz",
  "braun",
  "hell",
  "dunkel",
  "dunkl",
  "bunt",
  "glatt",
  "kraus",
  // state
  "frisch",
  "reif",
  "unreif",
  "jung",
  "alt",
  "hart",
  "weich",
  "kalt",
  "warm",
  "heiss",
  "lauwarm",
  "zimmerwarm",
  "flussig",
  "fest",
  "festkochend",
  "mehligkochend",
  "vorwiegend",
  "mild",
  "scharf",
  "suss",
  "sauer",
  "salzig",
  "edelsuss",
  "rosenscharf",
  "mittelscharf",
  "fettarm",
  "mager",
  "vollfett",
  "extra",
  "nativ",
  "kaltgepresst",
  "stuckig",
  "selbstgemacht",
  "hausgemacht",
  "vegan",
  "vegetarisch",
  "unbehandelt",
  "trocken",
  "tiefgekuhlt",
  "tiefgefroren",
  "gefroren",
  "aufgetaut",
  "fein",
  "grob",
  "sehr",
  "leicht",
  "gut",
  "hauchdunn",
  // preparation
  "gehackt",
  "gerieben",
  "gemahlen",
  "getrocknet",
  "geschalt",
  "gewurfelt",
  "gerauchert",
  "gekocht",
  "gegart",
  "gebraten",
  "gerostet",
  "gehobelt",
  "geschnitten",
  "geviertelt",
  "gestiftelt",
  "gepresst",
  "gekuhlt",
  "geschmolzen",
  "gemischt",
  "gesalzen",
  "ungesalzen",
  "gezupft",
  "gewaschen",
  "geputzt",
  "gesiebt",
  "passiert",
  "puriert",
  "entkernt",
  "entsteint",
  "abgetropft",
  "abgerieben",
  "ausgepresst",
  "zerlassen",
  "zerbroselt",
  "zerkleinert",
  "eingeweicht",
  "blanchiert",
  "mariniert",
  "verquirlt",
]);

/** Lower-case participles the lists above miss: "geraspelte", "angebratene", "marinierter", "entgräteter". */
const PARTICIPLE =
  /^(?:ab|an|auf|aus|ein|vor|durch|zer|ent|un)?ge\p{L}{3,}(?:t|en)(?:e|er|es|en|em)?$|iert(?:e|er|es|en|em)?$/u;

/** Abbreviations of size words that are spelled out in the note. */
const SPELLED_OUT = new Map([
  ["kl.", "kleine"],
  ["gr.", "große"],
  ["mittelgr.", "mittelgroße"],
]);

/**
 * Words that start what follows an ingredient's name: "Petersilie zum Garnieren", "Pfeffer aus der
 * Mühle", "Sahne oder Milch", "Parmesan am Stück", "Mehl Type 405", "Eier Gr. M", "Thunfisch in Öl".
 */
const TRAILING_STARTERS = new Set([
  "zum",
  "zur",
  "fur",
  "furs",
  "nach",
  "aus",
  "in",
  "im",
  "mit",
  "ohne",
  "am",
  "vom",
  "von",
  "je",
  "pro",
  "oder",
  "bzw",
  "bzw.",
  "ca",
  "ca.",
  "etwa",
  "circa",
  "zirka",
  "ungefahr",
  "z.b.",
  "zb",
  "gr.",
  "grosse",
  "type",
  "typ",
  "n.",
  "n.b.",
  "davon",
  "als",
  "bei",
  "ggf.",
  "ggf",
  "evtl.",
  "evtl",
  "eventuell",
  "optional",
  "wer",
  "falls",
  "wenn",
  "sowie",
]);

/**
 * Words that join the words of one name and are never a note of their own: "Salz und Pfeffer" stays
 * one (proposed) line; "Kräuter der Provence" one name.
 */
const CONNECTORS = new Set(["und", "u.", "&", "+", "der", "des", "de", "di", "del", "al", "la", "le", "con", "du"]);

/** Words that say how much without a number: "etwas Öl", "reichlich Petersilie". */
const VAGUE_QUANTITIES = new Set(["etwas", "wenig", "viel", "reichlich", "einige", "mehrere", "n.b.", "nb"]);

/** Two-word quantities without a number, folded, and how the note writes them. */
const VAGUE_PAIRS = new Map([
  ["ein paar", "ein paar"],
  ["ein wenig", "ein wenig"],
  ["ein bisschen", "ein bisschen"],
  ["n. b.", "nach Belieben"],
  ["nach belieben", "nach Belieben"],
  ["nach geschmack", "nach Geschmack"],
  ["nach bedarf", "nach Bedarf"],
]);

/** "ca.", "etwa", "circa", "ungefähr" before an amount; the note says "ca." for all of them. */
const ABOUT = new Set(["ca", "ca.", "circa", "zirka", "etwa", "ungefahr", "rund"]);

/** Other words before an amount that the note keeps as they are: "knapp 1 l", "gut 200 g". */
const ROUGHLY = new Set(["knapp", "gut", "reichlich"]);

/**
 * Words between an amount and its unit that describe the measure: "1 gehäufter EL", "1 geh. TL",
 * "1 gestr. TL", "1 große Dose", "1 gr. Dose", "1 kl. Dose", "2 knappe TL". "gehäuft", "gestrichen" and
 * "knapp" are written so in the note whatever their ending; the others are kept, in lower case.
 */
const MEASURE_SIZES = new Set(["gross", "klein", "mittelgross", "mittel", "gut", "voll", "reichlich", "ganz"]);

/** Words and phrases that make a line optional: "(optional)", "evtl.", "nach Wunsch", "wer mag". */
const OPTIONAL_MARKERS = new Set([
  "optional",
  "evtl",
  "evtl.",
  "eventuell",
  "ggf.",
  "ggf",
  "gegebenenfalls",
  "nach wunsch",
  "wer mag",
  "falls gewunscht",
  "wenn gewunscht",
  "falls vorhanden",
]);

/** The spoon's fill, whatever the ending: "gehäufter", "gestrichene", "knappen". */
const HEAPED = new Set(["gehauft"]);
const LEVEL = new Set(["gestrichen"]);
const SCANT = new Set(["knapp"]);

/** What after "evtl." speaks of the amount, not of the ingredient: "evtl. mehr", "evtl. etwas weniger". */
const MORE_OR_LESS = /^(?:etwas |noch |ein wenig |ein bisschen )?(?:mehr|weniger)\b/i;

/** Words in front of a name that belong in the note though written as a prefix: "Bio-Zitrone", "TK-Erbsen". */
const PREFIX_NOTES = new Set(["bio", "tk"]);

/** Whether a folded word is one of the set's stems with an adjective's ending. */
function stemIn(set: ReadonlySet<string>, folded: string): boolean {
  return ADJECTIVE_ENDINGS.some(
    (ending) =>
      folded.endsWith(ending) &&
      folded.length > ending.length &&
      set.has(folded.slice(0, folded.length - ending.length)),
  );
}

/** Whether a word describes size, colour, state or preparation ("große", "Frische", "gehackte", "kl."). */
export function isDescriptive(word: string): boolean {
  const folded = foldTerm(word);
  if (SPELLED_OUT.has(folded)) return true;
  if (stemIn(DESCRIPTIVE_STEMS, folded)) return true;
  return /^\p{Ll}/u.test(word) && PARTICIPLE.test(folded);
}

/** A descriptive word as the note writes it: lower case, abbreviations spelled out ("Kl." → "kleine"). */
export function descriptiveNote(word: string): string {
  const lower = word.toLowerCase();
  return SPELLED_OUT.get(lower) ?? lower;
}

/** Whether a word may start the note that follows a name ("zum", "oder", "Type", "Gr.", "-"). */
export function isTrailingStarter(word: string): boolean {
  if (/^[^\p{L}\p{N}]+$/u.test(word)) return !CONNECTORS.has(word);
  // "à 400 g"; a plain "a" only counts before a number, which the caller checks.
  if (word === "à") return true;
  return TRAILING_STARTERS.has(foldTerm(word));
}

/** Whether a word joins the words of a name ("und", "&", "der"). */
export function isConnector(word: string): boolean {
  return CONNECTORS.has(word.toLowerCase());
}

/** Whether a word is a prefix the note takes ("Bio", "TK"). */
export function isPrefixNote(word: string): boolean {
  return PREFIX_NOTES.has(word.toLowerCase());
}

/** The note for a quantity without number of one or two words ("etwas", "ein paar"), or undefined. */
export function vagueQuantity(first: string, second: string | undefined): { note: string; count: number } | undefined {
  const one = foldTerm(first);
  const pair = second === undefined ? undefined : VAGUE_PAIRS.get(`${one} ${foldTerm(second)}`);
  if (pair !== undefined) return { note: pair, count: 2 };
  if (VAGUE_QUANTITIES.has(one))
    return { note: one === "n.b." || one === "nb" ? "nach Belieben" : first.toLowerCase(), count: 1 };
  return undefined;
}

/** The note for a word before an amount ("ca.", "etwa" → "ca."; "knapp" → "knapp"), or undefined. */
export function approximationNote(word: string): string | undefined {
  const folded = foldTerm(word);
  if (ABOUT.has(folded)) return "ca.";
  if (ROUGHLY.has(folded)) return folded;
  return undefined;
}

/** The note for a word that sizes a measure ("gehäufter" → "gehäuft", "gr." → "große"), or undefined. */
export function measureSizeNote(word: string): string | undefined {
  const folded = foldTerm(word);
  if (folded === "geh." || folded === "geh" || stemIn(HEAPED, folded)) return "gehäuft";
  if (folded === "gestr." || folded === "gestr" || stemIn(LEVEL, folded)) return "gestrichen";
  if (stemIn(SCANT, folded)) return "knapp";
  const spelled = SPELLED_OUT.get(folded);
  if (spelled !== undefined) return spelled;
  if (stemIn(MEASURE_SIZES, folded)) return word.toLowerCase();
  return undefined;
}

/** Whether a note's piece only says that the ingredient is optional ("optional", "evtl.", "nach Wunsch"). */
export function isOptionalMarker(piece: string): boolean {
  return OPTIONAL_MARKERS.has(foldTerm(piece).replace(/[:!]+$/, ""));
}

/**
 * The optional marker a note's piece starts with ("evtl. zum Garnieren" → "evtl."), or undefined; none
 * when the words after it speak of the amount ("evtl. mehr": the ingredient is needed, perhaps more).
 */
export function leadingOptionalMarker(piece: string): string | undefined {
  const words = piece.split(" ");
  for (const length of [2, 1]) {
    if (words.length <= length) continue;
    const head = words.slice(0, length).join(" ");
    if (isOptionalMarker(head)) return MORE_OR_LESS.test(words.slice(length).join(" ")) ? undefined : head;
  }
  return undefined;
}
