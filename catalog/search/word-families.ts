/**
 * Words that name a family of other words a cook means by them, beyond the
 * spec's kinds (search-words.ts): "Fisch" is MEAT there with the chicken,
 * and "Pilze" no kind at all. A query word of a family also finds what its
 * members find (every way but word starts), worth a little less
 * (search-index.ts); the ingredient filter and the reasons on the cards
 * follow the same table.
 *
 * A family without `words` is one of names for the same thing: each of its
 * members finds what the others find. "Huhn" finds Hähnchenbrust (no recipe
 * is called "Huhn", and a word of four letters has no typos), "Möhre" the
 * CMS's Karotte, "Paradeiser" and "Erdapfel" what a cook in Austria means.
 * Only words no other ingredient holds as a part: "Gehacktes" would find
 * "gehackte Mandeln", and "Topfen" shares its stem with "Topf". "Porree"
 * finds what "Lauch" finds, which is no longer Knoblauch or Schnittlauch
 * (word-match.ts: compounds that name another thing).
 *
 * A module of its own: only the search (server) and the ingredient filter,
 * which the browser loads when the filter is first used, read it, so the
 * ingredient search's first load does not carry it.
 */
import { foldTerm } from "./engine/fold.ts";
import { stemOf } from "./engine/german-stem.ts";

export const WORD_FAMILIES: readonly { words?: readonly string[]; members: readonly string[] }[] = [
  {
    words: ["Fisch"],
    members: [
      "Lachs",
      "Thunfisch",
      "Forelle",
      "Kabeljau",
      "Seelachs",
      "Hering",
      "Makrele",
      "Sardine",
      "Dorade",
      "Zander",
    ],
  },
  { words: ["Pilz", "Pilze"], members: ["Champignon", "Pfifferling", "Steinpilz", "Shiitake", "Austernpilz"] },
  { words: ["Geflügel"], members: ["Hähnchen", "Huhn", "Hühnchen", "Pute", "Truthahn", "Ente", "Chicken"] },
  { words: ["Meeresfrüchte"], members: ["Garnele", "Shrimp", "Muschel", "Tintenfisch", "Calamari", "Scampi"] },
  // Names for one thing: in Germany, then Austria and Switzerland, and as an English menu writes it.
  { members: ["Hähnchen", "Huhn", "Hühnchen", "Chicken"] },
  { members: ["Pute", "Truthahn"] },
  { members: ["Hackfleisch", "Faschiertes"] },
  { members: ["Garnele", "Shrimp", "Shrimps", "Gamba"] },
  { members: ["Möhre", "Karotte", "Mohrrübe"] },
  { members: ["Kartoffel", "Erdapfel"] },
  { members: ["Lauch", "Porree"] },
  { members: ["Tomate", "Paradeiser"] },
  { members: ["Aubergine", "Melanzani"] },
  { members: ["Blumenkohl", "Karfiol"] },
  { members: ["Feldsalat", "Vogerlsalat", "Nüsslisalat"] },
  { members: ["Sahne", "Obers", "Schlagobers"] },
];

/** Stem of a family word → its members, folded. */
const FAMILY_MEMBERS = new Map<string, string[]>();
for (const { words, members } of WORD_FAMILIES) {
  // A member among its own family's members is harmless: the word itself is worth more than the family.
  for (const word of words ?? members) FAMILY_MEMBERS.set(stemOf(foldTerm(word)), members.map(foldTerm));
}

/** The members of the family a stemmed query word names, folded; none for another word. */
export function familyMembers(stem: string): readonly string[] {
  return FAMILY_MEMBERS.get(stem) ?? [];
}
