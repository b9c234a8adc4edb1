import { unitKey } from "./unit-spellings.ts";

/**
 * Measures that are not site units (issue 41): "1 Tasse Reis", "1 Glas Kapern", "1 Kopf Salat",
 * "2 cm Ingwer". The parser never turns one into a unit it is not: the line keeps its amount, gets no
 * unit, and the measure word, as written, goes into the note ("1 Tasse Reis" → 1 × Reis, note "Tasse").
 * Folded, without the final dot.
 */
const OTHER_MEASURES = new Set([
  "tasse",
  "tassen",
  "tasschen",
  "glas",
  "glaser",
  "glasern",
  "glaschen",
  "kopf",
  "kopfe",
  "wurfel",
  "wurfeln",
  "tute",
  "tuten",
  "schuss",
  "spritzer",
  "blatt",
  "blatter",
  "blattchen",
  "tropfen",
  "knolle",
  "knollen",
  "stiel",
  "stiele",
  "stielen",
  "stangel",
  "beutel",
  "beuteln",
  "flasche",
  "flaschen",
  "tafel",
  "tafeln",
  "kugel",
  "kugeln",
  "netz",
  "schale",
  "schalen",
  "schalchen",
  "portion",
  "portionen",
  "rolle",
  "rollen",
  "riegel",
  "streifen",
  "stuckchen",
  "cm",
  "zentimeter",
  "mm",
  "paket",
  "pakete",
  "kastchen",
  "topf",
  "topfe",
  "schote",
  "schoten",
  "spalte",
  "spalten",
  "tube",
  "tuben",
]);

/** Whether a word is a measure that is not a site unit ("Tasse", "Gläser", "Würfel", "cm"). */
export function isOtherMeasure(word: string): boolean {
  return OTHER_MEASURES.has(unitKey(word));
}
