/**
 * # Reading a German ingredient line (issue 41)
 *
 * `parseIngredientLine("20 - 30 g Ingwer, frisch", matcher)` → amount 20, amountMax 30, unit "g",
 * ingredient "Ingwer" (known), note "frisch". Pure: no I/O; the matcher (ingredient-matcher.ts) holds
 * the catalog's ingredients. The importer and the Data Studio extension call this, and
 * `parseIngredientList` (parse-ingredient-list.ts) for a pasted list. A line is read in this order:
 *
 * 1. **Unread lines** (`ok: false`, a German reason, unread-reasons.ts): empty, over 200 characters,
 *    no letters ("—", "1/2"), a group heading ("Für den Teig:", group-heading.ts), or nothing left that
 *    names an ingredient ("2 EL", "etwas", "nach Belieben").
 * 2. **Cleaning** (clean-line.ts): spaces made single, a bullet dropped ("- ", "• ", "1. "), Chefkoch's
 *    "Zwiebel(n)" and "Zehe/n" read as singular, "m.-große" spelled "mittelgroße".
 * 3. **Note parts**: what stands in parentheses, and everything after the first comma, semicolon or
 *    colon between words (not the comma of "0,5"). A leading "Für die Form:"/"Zum Bestreuen:" is a
 *    note too ("für die Form").
 * 4. **Amount** (read-amount.ts, number-words.ts): integers, "0,5", "1.5", "1.000" (thousands),
 *    "½ ¼ ¾ ⅓ ⅔ ⅛" also glued ("1½"), "1/2", "1 ½", "1 1/2"; ranges "2-3", "2 – 3", "2 bis 3",
 *    "200 g - 250 g" (amountMax only above the amount; reversed ends are swapped, equal ends are one
 *    amount); words "ein/eine/einen/einem/einer", "zwei" … "zwölf", "halbe", "eine halbe" (0.5),
 *    "ein Viertel" (0.25), "anderthalb". Before it, "ca."/"etwa"/"circa"/"ungefähr" become the note
 *    "ca."; "knapp"/"gut" are kept as written. Without a number, "etwas", "ein paar", "reichlich",
 *    "n. B." ("nach Belieben") go into the note and the amount stays null.
 * 5. **Unit** (unit-spellings.ts): every site unit in its spellings, plurals, abbreviations and cases
 *    ("EL", "Essl.", "Eßlöffel", "TL", "Tl.", "gr.", "Kilo", "Pck.", "Päckchen", "Msp", "Stk.", "Bd.",
 *    "Hand voll", "Pr."); "cl" and "dl" become ml (×10, ×100). Words sizing the measure go into the
 *    note: "gehäufter"/"geh." → "gehäuft", "gestrichener"/"gestr." → "gestrichen", "knapp", "große
 *    Dose" → "große" ("gr." is "große" before a unit, else Gramm). A unit word without an amount means
 *    one when singular ("Prise Salz" = 1 Prise); a plural one ("einige Zweige") stays in the note.
 *    Measures that are not site units (other-measures.ts: Tasse, Glas, Kopf, Würfel, Tüte, Schuss,
 *    Spritzer, Blatt, Tropfen, Knolle, cm …) never become a unit: the amount is kept, the unit is null
 *    and the measure word, as written, goes into the note ("2 Tassen Mehl" → 2 × Mehl, "Tassen").
 * 6. **Ingredient** (read-name.ts, ingredient-matcher.ts): the longest known name among the remaining
 *    words, in any case, with or without accents ("Creme fraiche"), ß or ss, hyphen or space, singular,
 *    plural or dative plural ("Eiern"). Describing words before it go into the note ("2 große Tomaten"
 *    → Tomate, "große"), unless they are part of a known name ("rote Zwiebel" → Rote Zwiebel; "Rote
 *    Linsen" wins over "Linsen"); so do "Bio-" and "TK-". Words after it that start a note ("zum
 *    Garnieren", "aus der Mühle", "oder Milch", "Type 405", lower-case words after a noun: "extra
 *    vergine") go into the note. Chefkoch's "Linsen, rote" is read as "rote Linsen" when that is known.
 *    A compound of a known ingredient and the unit Zehe, Scheibe, Zweig or Stange is split
 *    ("3 Knoblauchzehen" → 3 Zehe Knoblauch; compound-units.ts says why only these). "Saft von 1
 *    Zitrone", "Abrieb einer Orange" read as the fruit, amount 1, note "Saft"/"Abrieb"
 *    (part-of-phrase.ts). A name matching nothing is **proposed** (`known: false`), never guessed from
 *    a part of it ("Puderzucker" is not "Zucker"): the words as written without amount, unit and note,
 *    the first letter capitalised ("3 schalotten" → "Schalotten").
 * 7. **Combined lines**: one line is one ingredient. "Salz und Pfeffer" or "Salz, Pfeffer" name two;
 *    they are proposed as written ("Salz und Pfeffer", known: false), for the editor to split.
 * 8. **Note and optional** (note-parts.ts, note-words.ts): the parts in the line's order, joined by ", ",
 *    tidied (single spaces, no doubled or stray commas). "optional", "(optional)", "evtl.",
 *    "eventuell", "ggf.", "nach Wunsch", "wer mag", "falls gewünscht" make `optional` true and leave the
 *    note; "nach Belieben" and "nach Geschmack" are about how much, so they stay notes and the line
 *    stays required.
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
