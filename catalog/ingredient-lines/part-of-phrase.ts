import { foldTerm } from "../search/engine/fold.ts";
import type { Token } from "./tokens.ts";

/** The parts of an ingredient a line may ask for: "Saft von 1 Zitrone", "Abrieb einer Orange". */
const PART_NOUNS = new Set([
  "saft",
  "abrieb",
  "schale",
  "zeste",
  "zesten",
  "fruchtfleisch",
  "eigelb",
  "eiweiss",
  "blatter",
  "blattchen",
  "nadeln",
  "kerne",
  "mark",
]);

/** Words that may stand with them: "Saft und Abrieb", "abgeriebene Schale", "der frisch gepresste Saft". */
const PART_WORDS = new Set([
  "und",
  "sowie",
  "&",
  "abgeriebene",
  "abgeriebener",
  "abgeriebenes",
  "geriebene",
  "geriebener",
  "fein",
  "frisch",
  "gepresste",
  "gepresster",
  "ausgepresste",
  "ausgepresster",
  "der",
  "die",
  "das",
  "den",
]);

/** Articles left out of the note ("der Saft von 1 Zitrone" → "Saft"). */
const ARTICLES = new Set(["der", "die", "das", "den"]);

/** What links the part to the ingredient and is dropped ("von"); the genitive's article stays, as the amount. */
const LINKS = new Set(["von", "vom", "aus"]);
const GENITIVE_AMOUNTS = new Set(["einer", "eines", "zweier", "dreier"]);

/**
 * A line that asks for part of an ingredient: "Saft von 1 Zitrone", "Saft einer halben Zitrone",
 * "Saft und Abrieb von 1 Limette", "Eigelb von 2 Eiern". It reads as the ingredient, with its amount,
 * and the part as the note ("Saft"): the amount counts what is bought, which is what the shopping list
 * needs. Returns the note and the index of the token the rest of the line starts at, or null.
 */
export function readPartOf(tokens: readonly Token[], start: number): { note: string; next: number } | null {
  let index = start;
  let nouns = 0;
  while (index < tokens.length) {
    const word = foldTerm(tokens[index]?.text ?? "");
    if (PART_NOUNS.has(word)) nouns++;
    else if (!PART_WORDS.has(word)) break;
    index++;
  }
  const link = tokens[index];
  if (nouns === 0 || link === undefined || index + 1 >= tokens.length) return null;
  const linkWord = foldTerm(link.text);
  if (!LINKS.has(linkWord) && !GENITIVE_AMOUNTS.has(linkWord)) return null;
  let first = start;
  while (first < index && ARTICLES.has(foldTerm(tokens[first]?.text ?? ""))) first++;
  const note = tokens
    .slice(first, index)
    .map((token) => token.text)
    .join(" ");
  return { note, next: LINKS.has(linkWord) ? index + 1 : index };
}
