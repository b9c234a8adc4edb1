import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildSearchIndex,
  type IndexedRecipe,
  loadSearchIndex,
  SEARCH_INDEX_VERSION,
  type SearchHit,
} from "../../app/lib/catalog/search-index.ts";
import { searchTerms, splitWords, termsOf } from "../../app/lib/catalog/search-terms.ts";
import { levenshtein } from "../levenshtein.ts";

function recipe(name: string, ingredients: string[] = [], cuisine: string | null = null): IndexedRecipe {
  return { name, ingredients, cuisine };
}

function search(recipes: readonly IndexedRecipe[], query: string): SearchHit[] {
  return loadSearchIndex(buildSearchIndex(recipes)).search(query);
}

function namesFound(recipes: readonly IndexedRecipe[], query: string): string[] {
  return search(recipes, query).map((hit) => recipes[hit.position]?.name ?? "?");
}

/**
 * The search as decision 0018 states it, by brute force over every recipe
 * and every term: MiniSearch's BM25+ (k 1.2, b 0.7, d 0.5) over the fields
 * name (3), ingredients (1) and cuisine (0.5); the last word also matches
 * the terms it starts (0.375, less for longer terms), a word of more than 4
 * characters the terms within a fifth of its length in edits (0.45, less
 * per edit); every word must match; the sum times the number of different
 * words. Position → score.
 */
function oracle(recipes: readonly IndexedRecipe[], query: string): Map<number, number> {
  const words = searchTerms(query);
  if (words.length === 0) return new Map();
  const boosts = [3, 1, 0.5];
  const fields = recipes.map((entry) =>
    [entry.name, entry.ingredients.join(" "), entry.cuisine ?? ""].map((text) => {
      const pieces = splitWords(text);
      const occurrences = new Map<string, number>();
      for (const term of termsOf(pieces)) occurrences.set(term, (occurrences.get(term) ?? 0) + 1);
      return { occurrences, length: Math.min(63, new Set(pieces).size) };
    }),
  );
  const count = recipes.length;
  const averages = boosts.map(
    (_, field) => fields.reduce((sum, entry) => sum + (entry[field]?.length ?? 0), 0) / count,
  );
  const vocabulary = new Set(fields.flatMap((entry) => entry.flatMap((field) => [...field.occurrences.keys()])));

  let combined: Map<number, number> | undefined;
  words.forEach((word, wordNumber) => {
    const scores = new Map<number, number>();
    const edits = word.length > 4 ? Math.min(6, Math.round(word.length * 0.2)) : 0;
    for (const term of vocabulary) {
      let weight: number;
      if (term === word) weight = 1;
      else if (wordNumber === words.length - 1 && term.startsWith(word)) {
        weight = (0.375 * term.length) / (term.length + 0.3 * (term.length - word.length));
      } else {
        const distance = levenshtein(word, term);
        if (distance > edits) continue;
        weight = (0.45 * term.length) / (term.length + distance);
      }
      boosts.forEach((boost, field) => {
        const having = fields.filter((entry) => entry[field]?.occurrences.has(term)).length;
        const idf = Math.log(1 + (count - having + 0.5) / (having + 0.5));
        fields.forEach((entry, position) => {
          const occurrences = entry[field]?.occurrences.get(term) ?? 0;
          if (occurrences === 0) return;
          const length = entry[field]?.length ?? 0;
          const saturation =
            0.5 + (occurrences * 2.2) / (occurrences + 1.2 * (1 - 0.7 + (0.7 * length) / (averages[field] ?? 1)));
          scores.set(position, (scores.get(position) ?? 0) + weight * boost * idf * saturation);
        });
      });
    }
    const before = combined;
    combined = before
      ? new Map(
          [...scores].flatMap(([position, score]) =>
            before.has(position) ? [[position, (before.get(position) ?? 0) + score]] : [],
          ),
        )
      : scores;
  });
  const quality = new Set(words).size;
  return new Map([...(combined ?? [])].map(([position, score]) => [position, score * quality]));
}

const NAME_WORDS = [
  "Käse",
  "Spätzle",
  "Suppe",
  "Kürbissuppe",
  "Pasta",
  "mit",
  "und",
  "Zucchini",
  "Rote",
  "Bete",
  "Soße",
];
const INGREDIENTS = ["Zwiebel", "Knoblauch", "Tomate", "Tomaten", "Zucchini", "Feta", "Käse", "Bergkäse", "Rote Bete"];
const CUISINES = ["Deutsch", "Italienisch", "Thailändisch"];

const arbitraryRecipe = fc
  .record({
    words: fc.array(
      fc.oneof(
        fc.constantFrom(...NAME_WORDS),
        fc.string({ unit: fc.constantFrom("a", "e", "k", "s", "ü", "-", " ", "."), minLength: 1, maxLength: 7 }),
      ),
      { minLength: 1, maxLength: 5 },
    ),
    ingredients: fc.uniqueArray(fc.constantFrom(...INGREDIENTS), { maxLength: 5 }),
    cuisine: fc.option(fc.constantFrom(...CUISINES)),
  })
  .map(({ words, ingredients, cuisine }) => recipe(words.join(" "), ingredients, cuisine));
const recipes = fc.array(arbitraryRecipe, { maxLength: 30 });
const query = fc.oneof(
  fc.constantFrom(
    ...NAME_WORDS,
    ...INGREDIENTS,
    ...CUISINES,
    "kase",
    "spaetzle",
    "suppe mit",
    "tomat",
    "zuchini",
    "ase",
  ),
  fc
    .array(fc.constantFrom(...NAME_WORDS, ...INGREDIENTS, "sup", "kä", "tomat"), { minLength: 1, maxLength: 3 })
    .map((words) => words.join(" ")),
  fc.string({ unit: fc.constantFrom("a", "e", "k", "s", "ü", " ", "ä"), maxLength: 8 }),
);

describe("search index", () => {
  describe("finds", () => {
    const catalog = [
      recipe("Kartoffelsuppe", ["Kartoffel", "Zwiebel"], "Deutsch"),
      recipe("Käsespätzle aus der Pfanne", ["Spätzle", "Bergkäse"], "Deutsch"),
      recipe("Spaghetti aglio e olio", ["Spaghetti", "Knoblauch"], "Italienisch"),
      recipe("Linsensuppe mit Kokos", ["Rote Linsen", "Kokosmilch"], "Indisch"),
      recipe("Tomatensalat", ["Tomaten", "Zwiebel"], null),
      recipe("Ofenkartoffeln", ["Kartoffel"], "Deutsch"),
      recipe("Soße Hollandaise", ["Butter", "Ei"], "Französisch"),
    ];
    it.each([
      // Exact terms, in any field.
      ["kartoffelsuppe", ["Kartoffelsuppe"]],
      ["knoblauch", ["Spaghetti aglio e olio"]],
      ["indisch", ["Linsensuppe mit Kokos"]],
      // Word starts, for the last word only.
      ["kartoffel", ["Kartoffelsuppe", "Ofenkartoffeln"]],
      ["kart", ["Kartoffelsuppe", "Ofenkartoffeln"]],
      ["kart zwiebel", []],
      ["zwiebel kart", ["Kartoffelsuppe"]],
      ["tomat", ["Tomatensalat"]],
      // A word needs its start: no match inside a term.
      ["suppe", []],
      // Typos: one edit from 5 characters on, two from 8.
      ["spagetti", ["Spaghetti aglio e olio"]],
      ["spagheti", ["Spaghetti aglio e olio"]],
      ["sphagetti", ["Spaghetti aglio e olio"]],
      ["knobluch", ["Spaghetti aglio e olio"]],
      ["kokosmilsch", ["Linsensuppe mit Kokos"]],
      ["ofn", []],
      // German spellings fold to one term.
      ["spätzle", ["Käsespätzle aus der Pfanne"]],
      ["spaetzle", ["Käsespätzle aus der Pfanne"]],
      ["SPATZLE", ["Käsespätzle aus der Pfanne"]],
      ["sosse", ["Soße Hollandaise"]],
      ["Soße", ["Soße Hollandaise"]],
      ["käsespätzle", ["Käsespätzle aus der Pfanne"]],
      ["kasespatzle", ["Käsespätzle aus der Pfanne"]],
      // Every word must match; stop words are no words.
      ["linsen kokos", ["Linsensuppe mit Kokos"]],
      ["linsen mit kokos", ["Linsensuppe mit Kokos"]],
      ["linsen butter", []],
      ["rote linsen", ["Linsensuppe mit Kokos"]],
      ["Spätzle, Bergkäse!", ["Käsespätzle aus der Pfanne"]],
      // Nothing for a query without terms.
      ["", []],
      ["   ", []],
      ["…!?", []],
      ["mit", []],
      ["mit und aus der", []],
    ])("%j: %j", (words, expected) => {
      expect(namesFound(catalog, words).sort()).toEqual([...expected].sort());
    });
  });

  it.each([
    [3, 0],
    [4, 0],
    [5, 1],
    [7, 1],
    [8, 2],
    [12, 2],
    [13, 3],
    [17, 3],
    [18, 4],
    [23, 5],
    [28, 6],
    [60, 6],
  ])("allows a word of %i characters %i edits", (length, edits) => {
    const term = "a".repeat(length);
    const catalog = [recipe(term)];
    // Changed letters at the end: the same length, so no word start matches instead.
    const withChanges = (changes: number) => term.slice(0, length - changes) + "b".repeat(changes);
    expect(search(catalog, withChanges(edits))).toHaveLength(1);
    if (edits < length) expect(search(catalog, withChanges(edits + 1))).toEqual([]);
  });

  it("ranks a match in the name before one in the ingredients before one in the cuisine", () => {
    const catalog = [
      recipe("Reis", ["Reis"], "Thai"),
      recipe("Reis", ["Thai"], "Deutsch"),
      recipe("Thai", ["Reis"], "Deutsch"),
    ];
    expect(search(catalog, "thai").map((hit) => hit.position)).toEqual([2, 1, 0]);
  });

  it("ranks an exact term first, then typos and word starts by MiniSearch's weights, shorter terms first", () => {
    const catalog = [recipe("Tomatensalat"), recipe("Tomatesalat"), recipe("Tomate"), recipe("Tomatte")];
    // Exact 1; a typo 0.45 · 7 / (7 + 1 edit) = 0.39; word starts 0.375 · 11 / (11 + 0.3 · 5) = 0.33 and
    // 0.375 · 12 / (12 + 0.3 · 6) = 0.33 (less).
    expect(namesFound(catalog, "tomate")).toEqual(["Tomate", "Tomatte", "Tomatesalat", "Tomatensalat"]);
    // Not the last word: no word starts, so the typo remains.
    expect(namesFound(catalog, "tomate tomate")).toEqual(["Tomate", "Tomatte"]);
    // Even a word start one letter longer (0.375 · 7 / 7.3 = 0.36) comes after a typo: MiniSearch's weights, kept.
    expect(namesFound([recipe("Tomaten"), recipe("Tomatte")], "tomate")).toEqual(["Tomatte", "Tomaten"]);
  });

  it("finds nothing in an index of no recipes", () => {
    expect(search([], "suppe")).toEqual([]);
  });

  it("scores and ranks as the rules say, worked out by brute force", () => {
    fc.assert(
      fc.property(recipes, query, (list, words) => {
        const hits = search(list, words);
        const expected = oracle(list, words);
        expect(new Set(hits.map((hit) => hit.position))).toEqual(new Set(expected.keys()));
        const best = Math.max(0, ...expected.values());
        for (const hit of hits) expect(hit.score).toBeCloseTo(expected.get(hit.position) ?? Number.NaN, 6);
        for (let rank = 1; rank < hits.length; rank++) {
          const [before, after] = [hits[rank - 1] as SearchHit, hits[rank] as SearchHit];
          expect(expected.get(before.position) ?? 0).toBeGreaterThanOrEqual(
            (expected.get(after.position) ?? 0) - best * 1e-9,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("names each recipe once, best first, equal scores by position", () => {
    fc.assert(
      fc.property(recipes, query, (list, words) => {
        const hits = search(list, words);
        expect(new Set(hits.map((hit) => hit.position)).size).toBe(hits.length);
        for (const hit of hits) expect(hit.position).toBeLessThan(list.length);
        for (let rank = 1; rank < hits.length; rank++) {
          const [before, after] = [hits[rank - 1] as SearchHit, hits[rank] as SearchHit];
          expect(before.score).toBeGreaterThanOrEqual(after.score);
          if (before.score === after.score) expect(before.position).toBeLessThan(after.position);
        }
      }),
    );
  });

  it("finds every recipe whose name holds a query word as a whole word", () => {
    fc.assert(
      fc.property(recipes, fc.nat(), fc.nat(), (list, recipeNumber, wordNumber) => {
        fc.pre(list.length > 0);
        const position = recipeNumber % list.length;
        const words = splitWords(list[position]?.name ?? "").filter((word) => termsOf([word]).length > 0);
        fc.pre(words.length > 0);
        const word = words[wordNumber % words.length] ?? "";
        const found = new Set(search(list, word).map((hit) => hit.position));
        list.forEach((entry, other) => {
          if (splitWords(entry.name).includes(word)) expect(found.has(other), entry.name).toBe(true);
        });
        expect(found.has(position)).toBe(true);
      }),
    );
  });

  it("answers the same whatever was asked before, and however the recipes' ingredients are ordered", () => {
    fc.assert(
      fc.property(recipes, fc.array(query, { minLength: 1, maxLength: 5 }), (list, queries) => {
        const index = loadSearchIndex(buildSearchIndex(list));
        const first = queries.map((words) => index.search(words));
        expect([...queries].reverse().map((words) => index.search(words))).toEqual([...first].reverse());
        const reordered = list.map((entry) => recipe(entry.name, [...entry.ingredients].reverse(), entry.cuisine));
        const other = loadSearchIndex(buildSearchIndex(reordered));
        expect(queries.map((words) => other.search(words))).toEqual(first);
      }),
    );
  });

  it("serializes the same recipes to the same text, which reads back after being cut into pieces and joined", () => {
    fc.assert(
      fc.property(recipes, fc.array(fc.nat(), { maxLength: 4 }), query, (list, cuts, words) => {
        const serialized = buildSearchIndex(list);
        expect(buildSearchIndex(list.map((entry) => ({ ...entry })))).toBe(serialized);
        const places = [...new Set(cuts.map((cut) => cut % (serialized.length + 1)))].sort((a, b) => a - b);
        const pieces = [0, ...places].map((place, index) =>
          serialized.slice(place, places[index] ?? serialized.length),
        );
        expect(loadSearchIndex(pieces.join("")).search(words)).toEqual(loadSearchIndex(serialized).search(words));
      }),
    );
  });

  it("refuses what is not an index of this version", () => {
    const serialized = buildSearchIndex([recipe("Kartoffelsuppe", ["Kartoffel"], "Deutsch")]);
    const [header = "", ...parts] = serialized.split("\n");
    const olderHeader = JSON.stringify({ ...JSON.parse(header), version: SEARCH_INDEX_VERSION - 1 });
    for (const text of [
      "",
      "{}",
      "null",
      // What MiniSearch wrote (versions 2 and 3).
      JSON.stringify({ documentCount: 1, index: [], serializationVersion: 2 }),
      [olderHeader, ...parts].join("\n"),
      serialized.slice(0, -1),
      `${serialized}x`,
      serialized.replace(/\n([^\n]*)$/, (_, postings: string) => `\n${postings.replace(/[^"]$/, '"')}`),
    ]) {
      expect(() => loadSearchIndex(text).search("kartoffel"), text.slice(0, 80)).toThrow();
    }
  });
});
