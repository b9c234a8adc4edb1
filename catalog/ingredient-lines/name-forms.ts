import type { KnownIngredient } from "./read-line.ts";

/**
 * The forms of a known ingredient's name that lines write besides its name and plural, derived by
 * German rules so the catalog need not list them:
 * - the dative plural: a plural in -e, -el, -er takes -n ("Eier" → "Eiern", "Äpfel" → "Äpfeln");
 * - a name without a plural given in -e, -el, -er takes -n as its plural ("Petersilie" → "Petersilien");
 * - a name without a plural given takes -s, as loan words do ("Zucchinis", "Paprikas", "Lachsfilets");
 * - a name that is a plural itself gives its singular ("Tomaten" → "Tomate", "Mandeln" → "Mandel",
 *   "Champignons" → "Champignon", "Tortilla-Wraps" → "Tortilla-Wrap").
 * None of them adds or drops a word, so a compound is never taken for its last part: "Puderzucker" is
 * not a form of "Zucker".
 */
export function derivedForms(known: KnownIngredient): string[] {
  const forms: string[] = [];
  const takesN = (word: string) => /(?:e|el|er)$/.test(word);
  if (known.plural !== null) {
    if (takesN(known.plural)) forms.push(`${known.plural}n`);
    return forms;
  }
  const name = known.name;
  if (takesN(name)) forms.push(`${name}n`);
  if (name.length >= 3 && !/[sxzß]$/.test(name)) forms.push(`${name}s`);
  if (/(?:en|ln|rn)$/.test(name)) forms.push(name.slice(0, -1));
  if (/[nptk]s$/.test(name)) forms.push(name.slice(0, -1));
  return forms;
}
