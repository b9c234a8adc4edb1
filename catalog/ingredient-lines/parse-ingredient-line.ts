/**
 * # Reading a German ingredient line (issue 41)
 *
 * `parseIngredientLine("20 - 30 g Ingwer, frisch", matcher)` → amount 20, amountMax 30, unit "g",
 * ingredient "Ingwer" (known), note "frisch". Pure, no I/O: the matcher (ingredient-matcher.ts), made
 * once per run, holds the catalog's ingredients. The importer and the Data Studio extension call this,
 * and `parseIngredientList` (parse-ingredient-list.ts) for a pasted list. The rules, in reading order:
 *
 * 1. **Unread** (`ok: false`, a German reason, unread-reasons.ts): an empty line, one over 200
 *    characters, one without letters ("—", "1/2"), a group heading ("Für den Teig:", group-heading.ts),
 *    or one with nothing left that names an ingredient ("2 EL", "etwas", "nach Belieben").
 * 2. **Cleaning** (clean-line.ts): spaces made single, a bullet dropped ("- ", "• ", "1. "), Chefkoch's
 *    "Zwiebel(n)" and "Zehe/n" read as singular, "m.-große" spelled "mittelgroße".
 * 3. **Parts** (line-parts.ts): what stands in parentheses, and each piece after the first comma,
 *    semicolon or colon between words (not the comma of "0,5"), are notes. A leading "Für die Form:" or
 *    "Zum Bestreuen:" is a note too ("für die Form").
 * 4. **Amount** (read-quantity.ts, read-amount.ts, number-words.ts): "200", "0,5", "1.5", "1.000"
 *    (three digits after a point are thousands), "½ ¼ ¾ ⅓ ⅔ ⅛" also glued ("1½"), "1/2", "1 ½",
 *    "1 1/2", glued to the unit ("200g", "1/2TL"); ranges "2-3", "2 – 3", "2 bis 3", "200 g - 250 g";
 *    words: "ein/eine/einen/einem/einer", "zwei" … "zwölf", "halbe", "eine halbe" (0.5), "ein Viertel",
 *    "anderthalb", "zwei bis drei". amount is positive; amountMax only above it (reversed ends swap,
 *    equal ends are one amount). "ca.", "etwa", "circa", "ungefähr" before it become the note "ca.";
 *    "knapp" and "gut" stay as written. Without a number, "etwas", "ein paar", "reichlich", "n. B."
 *    ("nach Belieben") go into the note and amount is null. An amount after the name is read too
 *    ("Mehl 200 g", "Zucker: 100 g").
 * 5. **Unit** (read-measure.ts, unit-spellings.ts): every site unit in its spellings, plurals,
 *    abbreviations and cases ("EL", "Essl.", "Eßlöffel", "Tl.", "gr.", "Kilo", "Pck.", "Päckchen",
 *    "Msp", "Stk.", "Bd.", "Hand voll", "Pr."); "cl" and "dl" become ml (×10, ×100). Words sizing the
 *    measure go into the note: "gehäufter"/"geh." → "gehäuft", "gestrichener"/"gestr." → "gestrichen",
 *    "knapper" → "knapp", "große Dose" → "große", "gr. Dose" → "große" ("gr." before anything but a
 *    measure is Gramm, its usual meaning, so "1 gr. Zucchini" reads as 1 g). A unit word without an
 *    amount means one of it when singular ("Prise Salz"); a plural one stays in the note ("einige
 *    Zweige"). A second measure after the unit is a note ("400 g Dose Tomaten" → "Dose"), as is the
 *    size of each ("2 Dosen à 400 g"; "2 x 200 g Lachsfilet" → 2 Lachsfilet, "à 200 g").
 * 6. **Measures that are not site units** (other-measures.ts: Tasse, Glas, Kopf, Würfel, Tüte, Schuss,
 *    Spritzer, Blatt, Tropfen, Knolle, Stiel, Kugel, Rolle, cm …) never become a unit: the amount is
 *    kept, unit is null and the measure word, as written, goes into the note ("2 Tassen Mehl" → 2 ×
 *    Mehl, note "Tassen"). An editor sees the note and may change the line; no unit is invented.
 * 7. **Ingredient** (read-name.ts, ingredient-matcher.ts, name-forms.ts): the longest known name among
 *    the remaining words, in any case, with or without accents ("Creme fraiche"), ß or ss, hyphen or
 *    space, singular, plural or dative plural ("Eiern"). Describing words before it go into the note in
 *    lower case ("2 große Tomaten" → Tomate, "große"; "Bio-", "TK-" too), unless they belong to a known
 *    name ("rote Zwiebel" → Rote Zwiebel; "Rote Linsen" wins over "Linsen"). Words after it that start
 *    a note ("zum Garnieren", "aus der Mühle", "oder Milch", "Type 405", a lower-case word after a noun:
 *    "extra vergine") go into the note. An adjective after the name ("Linsen, rote", "Zwiebel rot") makes
 *    the known name it names with the name (adjective-after-name.ts). "Saft von 1 Zitrone", "Abrieb
 *    einer Orange" read as the fruit with its amount and the part as the note (part-of-phrase.ts).
 * 8. **Compounds** (compound-units.ts): a known ingredient glued to the unit Zehe, Scheibe, Zweig or
 *    Stange is split ("3 Knoblauchzehen" → 3 Zehe Knoblauch, "Zitronenscheibe" → Scheibe Zitrone);
 *    nothing else, and only when the first part is known ("2 Lorbeerblätter", "Selleriestangen" stay).
 * 9. **Proposed** (`known: false`): a name matching nothing is never guessed from a part of it
 *    ("Puderzucker" is not "Zucker"). Its name is the words as written, without amount, unit and note,
 *    the first letter capitalised ("3 schalotten" → "Schalotten", "Zwiebel(n)" → "Zwiebel").
 * 10. **One ingredient a line**: "Salz und Pfeffer", "Salz & Pfeffer", "Salz, Pfeffer", "1 rote und 1
 *    gelbe Paprika" name two; the line is proposed as written, all that "und" joins included ("Salz und
 *    frisch gemahlener Pfeffer", known: false), for the editor to split into lines.
 * 11. **Note and optional** (note-parts.ts, note-words.ts): the parts in the line's order, joined by
 *    ", ", tidied (single spaces, no doubled or stray commas). "optional", "(optional)", "evtl.",
 *    "eventuell", "ggf.", "nach Wunsch", "wer mag", "falls gewünscht" make `optional` true and leave the
 *    note ("evtl. zum Garnieren" keeps "zum Garnieren"; "evtl. mehr" is about the amount and stays).
 *    "nach Belieben" and "nach Geschmack" say how much, not whether: they stay notes, the line required.
 */
import { nameWithAdjectiveAfter } from "./adjective-after-name.ts";
import { readAmountAfterName } from "./amount-after-name.ts";
import { cleanLine } from "./clean-line.ts";
import { isGroupHeading } from "./group-heading.ts";
import type { IngredientMatcher } from "./ingredient-matcher.ts";
import { splitLine } from "./line-parts.ts";
import { joinNote, type NotePart } from "./note-parts.ts";
import { isDescriptive, measureSizeNote } from "./note-words.ts";
import type { IngredientLineReading, ReadIngredientLine } from "./read-line.ts";
import { leadingNote, type NameReading, readName } from "./read-name.ts";
import { type Quantity, readQuantity } from "./read-quantity.ts";
import { type Token, tokensOf, wordsOf } from "./tokens.ts";
import { MAX_LINE_LENGTH, UNREAD_REASONS } from "./unread-reasons.ts";

type Reading = Omit<ReadIngredientLine, "ok" | "line">;

/**
 * The name when the main part holds none but the first piece after its comma does: Chefkoch's amount
 * column pasted with its comma ("1 EL, gehäuft Mehl"). Sizing words at its start go into the note.
 */
function nameAfterComma(
  piece: NotePart,
  matcher: IngredientMatcher,
  compounds: boolean,
): { name: NameReading; notes: NotePart[] } | null {
  const tokens: Token[] = tokensOf(piece.text).map((token) => ({ text: token.text, at: piece.at + token.at }));
  const notes: NotePart[] = [];
  let index = 0;
  for (let size = measureSizeNote(tokens[0]?.text ?? ""); size !== undefined; ) {
    notes.push({ at: tokens[index]?.at ?? piece.at, text: size });
    index++;
    size = measureSizeNote(tokens[index]?.text ?? "");
  }
  const name = readName(tokens.slice(index), matcher, compounds);
  return name === null ? null : { name, notes };
}

/** The ingredient's reading from the name and what stands around it, adding to `notes`. */
function readIngredient(
  quantity: Quantity,
  tail: NotePart[],
  notes: NotePart[],
  matcher: IngredientMatcher,
): Pick<Reading, "ingredient" | "known" | "amount" | "amountMax" | "unit"> | null {
  let { amount, amountMax, unit } = quantity;
  const compounds = !quantity.measured;
  let name = readName(quantity.rest, matcher, compounds);
  if (name === null && tail[0] !== undefined) {
    const after = nameAfterComma(tail[0], matcher, compounds);
    if (after !== null) {
      name = after.name;
      notes.push(...after.notes);
      tail.shift();
    }
  }
  if (name === null) return null;
  let ingredient = name.ingredient;
  let known = name.known;
  if (name.compound !== null) {
    // "Knoblauchzehe" alone is one Zehe; "Knoblauchzehen" without a number is some.
    if (amount === null && name.compound.countsOne) amount = 1;
    if (amount !== null) unit = name.compound.unit;
  }
  if (name.leading.length > 0) notes.push({ at: name.leading[0]?.at ?? 0, text: leadingNote(name.leading) });

  let trailing = name.trailing;
  const trailingWords = wordsOf(trailing);
  const atEnd = amount === null && trailing.length > 0 ? readAmountAfterName(trailingWords) : null;
  if (atEnd !== null) {
    ({ amount, amountMax, unit } = atEnd);
    trailing = [];
  }
  // "Zwiebel rot": an adjective straight after the name, as in "Zwiebel, rot".
  const withAdjective =
    trailing.length === 1 && isDescriptive(trailingWords)
      ? nameWithAdjectiveAfter(trailingWords, name.words, matcher)
      : null;
  if (withAdjective !== null) {
    ingredient = withAdjective;
    known = true;
    trailing = [];
  }
  if (trailing.length > 0) notes.push({ at: trailing[0]?.at ?? 0, text: trailingWords });

  const adjective = tail[0] === undefined ? null : nameWithAdjectiveAfter(tail[0].text, name.words, matcher);
  if (adjective !== null) {
    ingredient = adjective;
    known = true;
    tail.shift();
  }
  const combined: string[] = [];
  while (tail[0] !== undefined && !/\d/.test(tail[0].text) && matcher.nameFor(tail[0].text) !== null) {
    combined.push(tail[0].text.trim());
    tail.shift();
  }
  if (combined.length > 0) {
    // "Salz, Pfeffer": two ingredients on one line, proposed as written for the editor to split.
    const words = [name.words, ...combined].join(", ");
    ingredient = words.charAt(0).toUpperCase() + words.slice(1);
    known = false;
  }
  const last = amount === null && tail[0] !== undefined ? readAmountAfterName(tail[0].text) : null;
  if (last !== null) {
    // "Zucker, 100 g" or "Zucker: 100 g".
    ({ amount, amountMax, unit } = last);
    tail.shift();
  }
  return { ingredient, known, amount, amountMax, unit };
}

/** Reads a cleaned line that is not a heading; null when nothing in it names an ingredient. */
function readLine(cleaned: string, matcher: IngredientMatcher): Reading | null {
  const parts = splitLine(cleaned);
  const quantity = readQuantity(parts.main);
  const notes = [...parts.notes, ...quantity.notes];
  const tail = [...parts.tail];
  const read = readIngredient(quantity, tail, notes, matcher);
  if (read === null) return null;
  notes.push(...tail);
  const note = joinNote(notes);
  let { amount, amountMax, unit } = read;
  if (amount !== null && !(amount > 0)) {
    amount = null;
    unit = null;
  }
  // A range's end only above its start: reversed ends swap, equal ends are one amount.
  if (amount === null || amountMax === null || !(amountMax > 0) || amountMax === amount) amountMax = null;
  else if (amountMax < amount) [amount, amountMax] = [amountMax, amount];
  return {
    amount,
    amountMax,
    unit,
    ingredient: read.ingredient,
    known: read.known,
    note: note.note,
    optional: parts.optional || quantity.optional || note.optional,
  };
}

/** Reads one ingredient line against the catalog's ingredients (the rules are at the top of this file). */
export function parseIngredientLine(text: string, matcher: IngredientMatcher): IngredientLineReading {
  const line = text.trim();
  if (line === "") return unread(line, UNREAD_REASONS.empty);
  if (line.length > MAX_LINE_LENGTH) return unread(line, UNREAD_REASONS.tooLong);
  const cleaned = cleanLine(line);
  if (!/\p{L}/u.test(cleaned)) return unread(line, UNREAD_REASONS.noWords);
  if (isGroupHeading(cleaned)) return unread(line, UNREAD_REASONS.heading);
  const reading = readLine(cleaned, matcher);
  return reading === null ? unread(line, UNREAD_REASONS.noIngredient) : { ok: true, line, ...reading };
}

function unread(line: string, reason: string): IngredientLineReading {
  return { ok: false, line, reason };
}
