/**
 * How a query word matches a word of a document (issue 17), as rules on two
 * folded terms: its other forms (german-stem.ts), the compounds it is a
 * part of, and typos. The text index (text-index.ts) applies them through
 * its vocabulary; `wordFindsTerm` one term at a time. A module of its own,
 * with nothing of the index, so the browser bundle can use it.
 */
import { BoundedEditDistance } from "./edit-distance.ts";
import { endingsOf, formsOf, isIrregularStem, stemOf } from "./german-stem.ts";

/** The word as the last part of a compound, which names what it is: Ziegenkäse for Käse, Bandnudeln for Nudeln. */
const COMPOUND_END_WEIGHT = 0.6;
/** The word as a first or middle part, which often only says what kind: Käsespätzle, Salatgurke. */
const COMPOUND_PART_WEIGHT = 0.45;
/** The shortest head before a compound's last part, and the shortest rest after its first part. */
export const MIN_COMPOUND_REST = 3;

/**
 * Compounds that name another thing than a part of them, so that part does
 * not find them as a compound: Knoblauch, Schnittlauch and Bärlauch are no
 * Lauch, an Erdapfel (a potato) and a Granatapfel no Apfel, a Kichererbse no
 * Erbse, a Muskatnuss (a spice) no Nuss, Erdnussbutter no Butter; and as the
 * first part: a Kirschtomate is no Kirsche, Zitronengras and Zitronenmelisse
 * no Zitrone, Zuckerschoten no Zucker, Pfefferminze no Pfeffer, Eisbergsalat
 * no Eis, and a vinegar no fruit or wine (Apfelessig, Weinessig). Folded,
 * each with the part it holds; the compound may begin a longer word
 * ("Knoblauchzehen"). A word being typed still finds them by their start
 * ("zitrone" may become "Zitronengras").
 */
export const OTHER_THINGS: readonly (readonly [compound: string, part: string])[] = [
  ["knoblauch", "lauch"],
  ["schnittlauch", "lauch"],
  ["barlauch", "lauch"],
  ["erdapfel", "apfel"],
  ["granatapfel", "apfel"],
  ["kichererbse", "erbse"],
  ["muskatnuss", "nuss"],
  ["erdnussbutter", "butter"],
  ["kirschtomate", "kirsche"],
  ["zitronengras", "zitrone"],
  ["zitronenmelisse", "zitrone"],
  ["zuckerschote", "zucker"],
  ["pfefferminz", "pfeffer"],
  ["eisbergsalat", "eis"],
  ["apfelessig", "apfel"],
  ["weinessig", "wein"],
];

/** Per stem of a part, the compounds that hold it and name another thing, with where the stem lies in each. */
const OTHER_THINGS_BY_STEM = new Map<string, { compound: string; at: number }[]>();
for (const [compound, part] of OTHER_THINGS) {
  const stem = stemOf(part);
  const list = OTHER_THINGS_BY_STEM.get(stem) ?? [];
  list.push({ compound, at: compound.indexOf(stem) });
  OTHER_THINGS_BY_STEM.set(stem, list);
}

/** Whether `term` holds `stem` at `at` as the part of a compound that names another thing ("knob|lauch"). */
function namesAnotherThing(term: string, at: number, stem: string): boolean {
  const compounds = OTHER_THINGS_BY_STEM.get(stem);
  return compounds?.some((other) => at >= other.at && term.startsWith(other.compound, at - other.at)) ?? false;
}

/**
 * Edits allowed in a query word of more than 4 characters: a fifth of its
 * length, rounded, at most 6 (MiniSearch's `fuzzy: 0.2`); shorter words
 * would match far too much.
 */
export function editsAllowed(word: string): number {
  return word.length > 4 ? Math.min(6, Math.round(word.length * 0.2)) : 0;
}

/**
 * What term `term` is worth as a compound holding `stem` at `at`: as its
 * last part (a head of at least MIN_COMPOUND_REST before it, only an
 * ending after), as its first part or, for stems of 4 or more, in its
 * middle (MIN_COMPOUND_REST on each side). 0 if it is none of them:
 * "Weißwein" holds "ei" but is no egg; or if it names another thing
 * (OTHER_THINGS). An irregular stem counts only through its own forms
 * ("Spiegelei", "Eiersalat", not "Eisbergsalat").
 */
export function compoundWeight(term: string, at: number, stem: string): number {
  if (namesAnotherThing(term, at, stem)) return 0;
  const rest = term.slice(at + stem.length);
  if (at >= MIN_COMPOUND_REST && endingsOf(stem).includes(rest)) return COMPOUND_END_WEIGHT;
  if (isIrregularStem(stem)) {
    const startsWithForm =
      at === 0 &&
      formsOf(stem).some(
        (form) =>
          form.length >= MIN_COMPOUND_REST && term.startsWith(form) && term.length - form.length >= MIN_COMPOUND_REST,
      );
    return startsWithForm ? COMPOUND_PART_WEIGHT : 0;
  }
  if (rest.length < MIN_COMPOUND_REST) return 0;
  if (at === 0) return COMPOUND_PART_WEIGHT;
  return at >= MIN_COMPOUND_REST && stem.length >= 4 ? COMPOUND_PART_WEIGHT : 0;
}

/**
 * Whether query word `word` finds `term` (a folded word of a document) by
 * the rules the text index matches by: itself, another form, a word start
 * if `typed` (the last word of the query), a compound part, a typo, or
 * through a member of the word's family (`family`, as the schema's
 * `expand.family`: "Fisch" finds Lachs). One term at a time, for explaining
 * a hit; the index finds the terms of a word through its vocabulary instead.
 */
export function wordFindsTerm(
  word: string,
  term: string,
  typed: boolean,
  family: (stem: string) => readonly string[] = noFamily,
): boolean {
  if (term === word || (typed && term.startsWith(word))) return true;
  const stem = stemOf(word);
  if (stemOf(term) === stem || formsOf(stem).includes(term)) return true;
  if (stem.length >= MIN_COMPOUND_REST || isIrregularStem(stem)) {
    for (let at = term.indexOf(stem); at !== -1; at = term.indexOf(stem, at + 1)) {
      if (compoundWeight(term, at, stem) > 0) return true;
    }
  }
  const edits = editsAllowed(word);
  if (edits > 0 && new BoundedEditDistance(word, edits).distanceTo(term, 0, term.length) <= edits) return true;
  return family(stem).some((member) => wordFindsTerm(member, term, false));
}

function noFamily(): readonly string[] {
  return [];
}
