import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { IngredientType } from "../../catalog/recipes/ingredient-types.ts";
import { endingsOf, formsOf, isIrregularStem, stemOf } from "../../catalog/search/engine/german-stem.ts";
import type { SearchHit } from "../../catalog/search/engine/ranked-hits.ts";
import { searchTerms, splitWords, termsOf } from "../../catalog/search/engine/terms.ts";
import {
  buildSearchIndex,
  type IndexedRecipe,
  loadSearchIndex,
  SEARCH_INDEX_VERSION,
} from "../../catalog/search/search-index.ts";
import { familyMembers } from "../../catalog/search/word-families.ts";
import { levenshtein } from "../levenshtein.ts";

function recipe(name: string, ingredients: string[] = [], cuisine: string | null = null): IndexedRecipe {
  return { name, ingredients, cuisine };
}

function search(recipes: readonly IndexedRecipe[], query: string): SearchHit[] {
  return loadSearchIndex(buildSearchIndex(recipes)).search(query).slice();
}

function namesFound(recipes: readonly IndexedRecipe[], query: string): string[] {
  return search(recipes, query).map((hit) => recipes[hit.position]?.name ?? "?");
}

/**
 * The compounds that name another thing than a part of them (Knoblauch is no Lauch, a Kirschtomate no Kirsche), as
 * what comes before the part's stem, the stem, and what follows it.
 */
const OTHER_THINGS = [
  ["knob", "lauch", ""],
  ["schnitt", "lauch", ""],
  ["bar", "lauch", ""],
  ["erd", "apfel", ""],
  ["granat", "apfel", ""],
  ["kicher", "erbs", "e"],
  ["muskat", "nuss", ""],
  ["erdnuss", "butt", "er"],
  ["", "kirsch", "tomate"],
  ["", "zitron", "engras"],
  ["", "zitron", "enmelisse"],
  ["", "zuck", "erschote"],
  ["", "pfeff", "erminz"],
  ["", "eis", "bergsalat"],
  ["", "apfel", "essig"],
  ["", "wein", "essig"],
] as const;

/**
 * The weight of `term` for a query word whose stem is `stem`, as a compound
 * part, by trying every place it occurs: the last part (a head of 3 or
 * more, then only an ending of the stem) 0.6; the first part (3 or more
 * after it; an irregular stem only through a form of 3 or more) or a middle
 * part (stems of 4 or more, 3 on each side) 0.45. None where a head before
 * it makes the compound another thing (OTHER_THINGS).
 */
function compoundOracle(term: string, stem: string): number {
  let best = 0;
  for (let at = 0; at + stem.length <= term.length; at++) {
    if (!term.startsWith(stem, at)) continue;
    const after = at + stem.length;
    if (
      OTHER_THINGS.some(
        ([before, part, rest]) => part === stem && term.slice(0, at).endsWith(before) && term.startsWith(rest, after),
      )
    ) {
      continue;
    }
    const rest = term.slice(at + stem.length);
    let weight = 0;
    if (at >= 3 && endingsOf(stem).includes(rest)) weight = 0.6;
    else if (isIrregularStem(stem)) {
      const viaForm = formsOf(stem).some(
        (form) => form.length >= 3 && term.startsWith(form) && term.length - form.length >= 3,
      );
      weight = at === 0 && viaForm ? 0.45 : 0;
    } else if (rest.length >= 3 && (at === 0 || (at >= 3 && stem.length >= 4))) weight = 0.45;
    best = Math.max(best, weight);
  }
  return best;
}

/**
 * The search as decisions 0018 and 0024 state it, by brute force over every
 * recipe and every term: MiniSearch's BM25+ (k 1.2, b 0.7, d 0.5) over the
 * fields name (3), ingredients (1) and cuisine (0.5). Each different query
 * word matches each term the best way it can: itself (1), another form of
 * it (0.9), a term it starts if it is the last word (0.375, less for longer
 * terms; of the 512 shortest, which no recipes here reach: text-index.test.ts
 * holds that bound), a compound it is part of (compoundOracle), a term within
 * a fifth of its length in edits if it has more than 4 characters (0.45, less
 * per edit). Position → words matched and score.
 */
function oracle(recipes: readonly IndexedRecipe[], query: string): Map<number, { words: number; score: number }> {
  const typed = searchTerms(query).at(-1);
  const words = [...new Set(searchTerms(query))];
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

  /** What `term` is worth for `word` by every rule but word starts and families. */
  const weightOf = (word: string, term: string): number => {
    const stem = stemOf(word);
    const edits = word.length > 4 ? Math.min(6, Math.round(word.length * 0.2)) : 0;
    const weights = [0];
    if (term === word) weights.push(1);
    if (stemOf(term) === stem || formsOf(stem).includes(term)) weights.push(0.9);
    if (stem.length >= 3 || isIrregularStem(stem)) weights.push(compoundOracle(term, stem));
    const distance = levenshtein(word, term);
    if (distance <= edits) weights.push((0.45 * term.length) / (term.length + distance));
    return Math.max(...weights);
  };

  const found = new Map<number, { words: number; score: number }>();
  for (const word of words) {
    const scores = new Map<number, number>();
    for (const term of vocabulary) {
      const weights = [weightOf(word, term)];
      if (word === typed && term.startsWith(word)) {
        weights.push((0.375 * term.length) / (term.length + 0.3 * (term.length - word.length)));
      }
      for (const member of familyMembers(stemOf(word))) weights.push(0.8 * weightOf(member, term));
      const weight = Math.max(...weights);
      if (weight === 0) continue;
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
    for (const [position, score] of scores) {
      const before = found.get(position) ?? { words: 0, score: 0 };
      found.set(position, { words: before.words + 1, score: before.score + score });
    }
  }
  return found;
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
  "Lauch",
];
const INGREDIENTS = [
  "Zwiebel",
  "Knoblauch",
  "Tomate",
  "Tomaten",
  "Zucchini",
  "Feta",
  "Käse",
  "Bergkäse",
  "Rote Bete",
  "Lachsfilet",
  "Champignons",
  "Schnittlauch",
  "Knoblauchzehen",
];
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
    "fisch",
    "pilze",
    "fisch käse",
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
      ["tomat", ["Tomatensalat"]],
      // Other forms of a word, and compounds it is the last or first part of.
      ["kartoffeln", ["Kartoffelsuppe", "Ofenkartoffeln"]],
      ["zwiebeln", ["Kartoffelsuppe", "Tomatensalat"]],
      ["tomate", ["Tomatensalat"]],
      ["eier", ["Soße Hollandaise"]],
      ["suppe", ["Kartoffelsuppe", "Linsensuppe mit Kokos"]],
      ["käse", ["Käsespätzle aus der Pfanne"]],
      ["linse", ["Linsensuppe mit Kokos"]],
      // Nor a compound that names another thing: Knoblauch is no Lauch.
      ["lauch", []],
      // A family word finds what its members find: no recipe here has fish or mushrooms.
      ["fisch", []],
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
      // Recipes with all words, then with some; stop words are no words.
      ["linsen kokos", ["Linsensuppe mit Kokos"]],
      ["linsen mit kokos", ["Linsensuppe mit Kokos"]],
      ["linsen butter", ["Linsensuppe mit Kokos", "Soße Hollandaise"]],
      ["zwiebel kart", ["Kartoffelsuppe", "Ofenkartoffeln", "Tomatensalat"]],
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

    it("puts recipes with every word before those with some", () => {
      expect(namesFound(catalog, "zwiebel kart")[0]).toBe("Kartoffelsuppe");
      expect(search(catalog, "zwiebel kart").map((hit) => hit.words)).toEqual([2, 1, 1]);
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

  it("ranks the word itself first, then its other forms, compounds, typos and word starts", () => {
    const catalog = [
      recipe("Tomatensalat"),
      recipe("Tomatesalat"),
      recipe("Tomate"),
      recipe("Tomatte"),
      recipe("Tomaten"),
    ];
    // Exact 1; another form 0.9; first part of a compound 0.45 (more than the word starts' 0.33);
    // a typo 0.45 · 7 / (7 + 1 edit) = 0.39.
    expect(namesFound(catalog, "tomate")).toEqual(["Tomate", "Tomaten", "Tomatensalat", "Tomatesalat", "Tomatte"]);
    // The last part of a compound (0.6) before the first (0.45).
    expect(namesFound([recipe("Käsespätzle"), recipe("Ziegenkäse")], "käse")).toEqual(["Ziegenkäse", "Käsespätzle"]);
  });

  it("finds a compound's parts only where they are parts", () => {
    const parts = [
      recipe("Spiegelei"),
      recipe("Rühreier"),
      recipe("Eiersalat"),
      recipe("Weißwein"),
      recipe("Eisbergsalat"),
      recipe("Preiselbeeren"),
      recipe("Basmatireis"),
      recipe("Reisnudeln"),
      recipe("Bandnudeln"),
      recipe("Nudelsalat"),
      recipe("Kirschtomaten"),
      recipe("Sauerkirschen"),
      recipe("Zitronengras"),
      recipe("Zitronenkuchen"),
    ];
    const names = (query: string) => namesFound(parts, query).sort();
    // As the word being typed, "ei" also starts "Eisbergsalat"; as a word of its own it is no part of it.
    expect(names("ei")).toEqual(["Eiersalat", "Eisbergsalat", "Rühreier", "Spiegelei"]);
    const both = search(parts, "ei salat").filter((hit) => hit.words === 2);
    expect(both.map((hit) => parts[hit.position]?.name)).toEqual(["Eiersalat"]);
    expect(names("eier")).toEqual(["Eiersalat", "Rühreier", "Spiegelei"]);
    expect(names("reis")).toEqual(["Basmatireis", "Reisnudeln"]);
    expect(names("nudeln")).toEqual(["Bandnudeln", "Nudelsalat", "Reisnudeln"]);
    expect(names("nudel")).toEqual(["Bandnudeln", "Nudelsalat", "Reisnudeln"]);
    // Nor where the compound names another thing: a Kirschtomate is no Kirsche, Zitronengras no Zitrone. As the word
    // being typed, "zitrone" may still become "Zitronengras".
    expect(names("kirschen")).toEqual(["Sauerkirschen"]);
    expect(names("zitronen tarte")).toEqual(["Zitronenkuchen"]);
    expect(names("zitrone")).toEqual(["Zitronengras", "Zitronenkuchen"]);
  });

  it("finds by the members of a word's family, a little below the members themselves", () => {
    const catalog = [
      recipe("Ofenlachs", ["Lachsfilet"]),
      recipe("Thunfischsalat", ["Thunfisch"]),
      recipe("Pilzpfanne", ["Champignons"]),
      recipe("Rahmchampignons", ["Champignons", "Sahne"]),
    ];
    expect(namesFound(catalog, "fisch").sort()).toEqual(["Ofenlachs", "Thunfischsalat"]);
    expect(namesFound(catalog, "pilze").sort()).toEqual(["Pilzpfanne", "Rahmchampignons"]);
    // A family of names for one thing: each finds the others', in names, compounds and ingredients alike.
    const chicken = [
      recipe("Paprika-Hähnchen mit Reis", ["Hähnchenbrust", "Reis"]),
      recipe("Suppenhuhn mit Nudeln", ["Suppenhuhn", "Nudeln"]),
      recipe("Crispy-Chicken-Burger", ["Burgerbrötchen"]),
      recipe("Reispfanne", ["Reis"]),
    ];
    const all = ["Crispy-Chicken-Burger", "Paprika-Hähnchen mit Reis", "Suppenhuhn mit Nudeln"];
    for (const word of ["huhn", "hähnchen", "hühnchen", "chicken"])
      expect(namesFound(chicken, word).sort()).toEqual(all);
    // In one and the same index: 0.8 of what the member itself scores.
    const salmon = [catalog[0] as IndexedRecipe];
    const [byMember] = search(salmon, "lachs");
    const [byFamily] = search(salmon, "fisch");
    expect(byFamily?.score).toBeCloseTo((byMember?.score ?? 0) * 0.8, 6);
  });

  it("finds a recipe by the kind of an ingredient and by its category", () => {
    const list: IndexedRecipe[] = [
      { name: "Caprese", ingredients: ["Mozzarella", "Tomate"], cuisine: null, type: "SALAD" },
      { name: "Spaghetti aglio e olio", ingredients: ["Spaghetti"], cuisine: null, type: "PASTA" },
      { name: "Risotto", ingredients: ["Risottoreis", "Parmesan"], cuisine: null, type: "DISH" },
      { name: "Linsensuppe", ingredients: ["Rote Linsen"], cuisine: null, type: "SOUP" },
    ];
    const kinds = new Map<string, IngredientType[]>([
      ["Mozzarella", ["CHEESE", "MILK_PRODUCT"]],
      ["Parmesan", ["CHEESE"]],
      ["Spaghetti", ["NOODLES"]],
      ["Risottoreis", ["RICE"]],
      ["Tomate", ["VEGETABLE"]],
    ]);
    const index = loadSearchIndex(buildSearchIndex(list, kinds));
    const names = (query: string) =>
      index
        .search(query)
        .slice()
        .map((hit) => list[hit.position]?.name)
        .sort();
    expect(names("käse")).toEqual(["Caprese", "Risotto"]);
    expect(names("Nudeln")).toEqual(["Spaghetti aglio e olio"]);
    expect(names("pasta")).toEqual(["Spaghetti aglio e olio"]);
    expect(names("suppen")).toEqual(["Linsensuppe"]);
    expect(names("salate")).toEqual(["Caprese"]);
    expect(names("gemüse")).toEqual(["Caprese"]);
    expect(names("reis")).toEqual(["Risotto"]);
    // The tokens that name kinds are not words: nothing typed reaches them.
    expect(names("kind")).toEqual([]);
    expect(names("#KIND-CHEESE")).toEqual([]);
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
        const best = Math.max(0, ...[...expected.values()].map((entry) => entry.score));
        for (const hit of hits) {
          expect(hit.words).toBe(expected.get(hit.position)?.words);
          expect(hit.score).toBeCloseTo(expected.get(hit.position)?.score ?? Number.NaN, 6);
        }
        for (let rank = 1; rank < hits.length; rank++) {
          const [before, after] = [hits[rank - 1] as SearchHit, hits[rank] as SearchHit];
          expect(before.words).toBeGreaterThanOrEqual(after.words);
          if (before.words === after.words) {
            expect(expected.get(before.position)?.score ?? 0).toBeGreaterThanOrEqual(
              (expected.get(after.position)?.score ?? 0) - best * 1e-9,
            );
          }
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
          expect(before.words).toBeGreaterThanOrEqual(after.words);
          if (before.words !== after.words) continue;
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
        const first = queries.map((words) => index.search(words).slice());
        expect([...queries].reverse().map((words) => index.search(words).slice())).toEqual([...first].reverse());
        const reordered = list.map((entry) => recipe(entry.name, [...entry.ingredients].reverse(), entry.cuisine));
        const other = loadSearchIndex(buildSearchIndex(reordered));
        expect(queries.map((words) => other.search(words).slice())).toEqual(first);
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
        expect(loadSearchIndex(pieces.join("")).search(words).slice()).toEqual(
          loadSearchIndex(serialized).search(words).slice(),
        );
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
