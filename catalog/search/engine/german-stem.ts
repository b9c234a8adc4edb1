/**
 * A light German stemmer for the name search (issue 17): it strips the
 * endings of plurals and simple inflections so that "Tomate" and "Tomaten",
 * "Nudel" and "Nudeln", "Nuss" and "Nüsse" share one stem, in the index and
 * in the query alike. It works on folded terms (fold.ts: lower case, umlauts
 * and ß folded), so "Äpfel" is already "apfel", as "Apfel" is.
 *
 * It is deliberately timid: a stem keeps at least MIN_STEM characters, so
 * "reis", "mais" and "kase" stay whole instead of becoming "rei", "mai" and
 * "kas". The few words that need more than stripping are in IRREGULAR.
 * A stem only has to be the same for the forms of one word; it need not be
 * a word itself ("tomat", "supp").
 */

/** The shortest stem stripping may leave. */
const MIN_STEM = 4;

/**
 * Forms whose stem stripping would miss or get wrong, folded, mapped to
 * their stem. "eier" would keep its ending under MIN_STEM.
 */
const IRREGULAR = new Map<string, string>([
  ["eier", "ei"],
  ["eiern", "ei"],
  ["pizzen", "pizza"],
  ["pizzas", "pizza"],
]);

/** Per irregular stem, every form of it: a compound ends in one of these ("Spiegelei", "Rühreier"). */
const IRREGULAR_FORMS = new Map<string, string[]>();
for (const [form, stem] of IRREGULAR) {
  const forms = IRREGULAR_FORMS.get(stem) ?? [stem];
  forms.push(form);
  IRREGULAR_FORMS.set(stem, forms);
}

/**
 * What may follow a regular stem at the end of a word: the endings the
 * stemmer strips, alone and as they stack ("tomat|en", "krauter" → "kraut|er").
 */
export const INFLECTION_ENDINGS: readonly string[] = ["", "e", "n", "en", "er", "ern", "s", "es", "ns", "nen"];

function isVowel(code: number): boolean {
  // a e i o u y
  return code === 97 || code === 101 || code === 105 || code === 111 || code === 117 || code === 121;
}

/** One ending off `word`, or `word` itself when none may go. */
function stripOnce(word: string): string {
  const length = word.length;
  const last = word.charCodeAt(length - 1);
  const before = word.charCodeAt(length - 2);
  // "-er": Kräuter → Kraut (and, harmlessly, Burger → Burg on both sides).
  if (last === 114 && before === 101 && length - 2 >= MIN_STEM) return word.slice(0, -2);
  // "-n" after e, l or r: Tomaten → Tomate, Nudeln → Nudel, Kräutern → Kräuter.
  if (last === 110 && (before === 101 || before === 108 || before === 114) && length - 1 >= MIN_STEM) {
    return word.slice(0, -1);
  }
  // "-e": Tomate → Tomat, Nüsse → Nuss (so Tomate and Tomaten, Nuss and Nüsse meet). Not the long "-ee" of
  // Porree, Püree or Kaffee, which is no ending: "porr" would be the first part of "Porridge".
  if (last === 101 && before !== 101 && length - 1 >= MIN_STEM) return word.slice(0, -1);
  // "-s" after a vowel or n: Champignons, Avocados; not Lachs, Nuss, Reis (too short).
  if (last === 115 && (isVowel(before) || before === 110) && length - 1 >= MIN_STEM) return word.slice(0, -1);
  return word;
}

/**
 * Whether a code unit may stand in an ending the stemmer strips: "e", "n",
 * "r" or "s" (`stripOnce`). A regular term has stem `stem` only if it is
 * `stem` followed by nothing but these.
 */
export function isEndingCode(code: number): boolean {
  // e n r s
  return code === 101 || code === 110 || code === 114 || code === 115;
}

/**
 * Whether a regular term longer than `stem` may have it as its stem: only a
 * stem of MIN_STEM characters or more, since stripping never leaves fewer.
 * A shorter stem is the stem of itself and of its irregular forms
 * (`formsOf`) only: "ei" of "ei", "eier", "eiern", not of the thousands of
 * terms that start with "ei".
 */
export function mayStemLongerTerms(stem: string): boolean {
  return stem.length >= MIN_STEM;
}

/** The stem of a folded term: endings stripped until none may go. */
export function stemOf(term: string): string {
  const irregular = IRREGULAR.get(term);
  if (irregular !== undefined) return irregular;
  let word = term;
  for (;;) {
    const shorter = stripOnce(word);
    if (shorter === word) return word;
    word = shorter;
  }
}

/**
 * The word ends a stem may take when it is the last part of a compound:
 * for an irregular stem its own forms' ends, else INFLECTION_ENDINGS.
 */
export function endingsOf(stem: string): readonly string[] {
  const forms = IRREGULAR_FORMS.get(stem);
  return forms ? forms.map((form) => form.slice(stem.length)) : INFLECTION_ENDINGS;
}

/** Whether `stem` has irregular forms (IRREGULAR); such stems are matched by their forms only. */
export function isIrregularStem(stem: string): boolean {
  return IRREGULAR_FORMS.has(stem);
}

/** The forms of an irregular stem ("ei": ei, eier, eiern); none for a regular one, whose forms start with it. */
export function formsOf(stem: string): readonly string[] {
  return IRREGULAR_FORMS.get(stem) ?? [];
}
