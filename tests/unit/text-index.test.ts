/**
 * The text index as a library of its own (catalog/search/engine/): each
 * option of its schema, and properties over any documents, fields and
 * boosts, as MiniSearch's own tests hold its options. What the site's
 * schema makes of it (recipes, kinds, categories) is search-index.test.ts's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SearchHit } from "../../catalog/search/engine/ranked-hits.ts";
import { splitWords } from "../../catalog/search/engine/terms.ts";
import {
  buildTextIndex,
  DEFAULT_RANKING,
  loadTextIndex,
  MAX_PREFIX_TERMS,
  type Ranking,
  type TextIndexSchema,
} from "../../catalog/search/engine/text-index.ts";

/** A document: one text per field. */
type Doc = readonly string[];

function schemaFor(boosts: readonly number[], extra: Partial<TextIndexSchema<Doc>> = {}): TextIndexSchema<Doc> {
  return {
    version: 1,
    fields: boosts.map((boost, field) => ({ words: (doc: Doc) => splitWords(doc[field] ?? ""), boost })),
    ...extra,
  };
}

function searchAll(docs: readonly Doc[], schema: TextIndexSchema<Doc>, query: string): SearchHit[] {
  return loadTextIndex(buildTextIndex(docs, schema), schema).search(query).slice();
}

const positions = (hits: readonly SearchHit[]) => hits.map((hit) => hit.position).sort((a, b) => a - b);

/**
 * Holds every slice `asked` of one search's hits, sliced in that order, to the same slice of the whole ranking
 * (a search of its own, sliced whole): positions and word counts exactly, scores exactly or to 6 places. A slice
 * within the hits of more than one word keys them by their own best score (ranked-hits.ts), so its scores may
 * differ in the last places. Then the whole of the sliced search, to the whole ranking.
 */
function expectSlicesAsWhole(
  index: ReturnType<typeof loadTextIndex>,
  query: string,
  asked: readonly (readonly [number, number | null])[],
  scores: "exact" | "to 6 places",
): void {
  const whole = index.search(query).slice();
  const hits = index.search(query);
  for (const [start, end] of asked) {
    const part = hits.slice(start, end ?? undefined);
    const expected = whole.slice(start, end ?? undefined);
    expect(part.map((hit) => [hit.position, hit.words])).toEqual(expected.map((hit) => [hit.position, hit.words]));
    for (const [at, hit] of part.entries()) {
      if (scores === "exact") expect(hit.score).toBe(expected[at]?.score);
      else expect(hit.score).toBeCloseTo(expected[at]?.score ?? Number.NaN, 6);
    }
  }
  expect(hits.slice().map((hit) => hit.position)).toEqual(whole.map((hit) => hit.position));
}

/** Slices asked of a search, mostly of the first page's few, up to `first`: the fewer a page needs, the sooner it prunes. */
const slicesMostlyFirst = (first: number) =>
  fc.array(
    fc.oneof(
      fc.tuple(fc.constant(0), fc.integer({ min: 1, max: first })),
      fc.tuple(fc.integer({ min: -2, max: 50 }), fc.option(fc.integer({ min: -2, max: 50 }))),
    ),
    { minLength: 1, maxLength: 4 },
  );

/** Words of letters b–f: none is a stop word ("a" is), none shares a letter with "xyzq". */
const docWord = fc.string({ unit: fc.constantFrom("b", "c", "d", "e", "f"), minLength: 1, maxLength: 8 });
const fieldText = fc.array(docWord, { maxLength: 5 }).map((words) => words.join(" "));
const boosts = fc.array(fc.double({ min: 0.1, max: 5, noNaN: true }), { minLength: 1, maxLength: 4 });
const corpus = boosts.chain((fieldBoosts) =>
  fc.record({
    boosts: fc.constant(fieldBoosts),
    docs: fc.array(fc.array(fieldText, { minLength: fieldBoosts.length, maxLength: fieldBoosts.length }), {
      maxLength: 25,
    }),
  }),
);

describe("the text index", () => {
  it("finds every document holding a query word as a whole word, in any field", () => {
    fc.assert(
      fc.property(corpus, fc.nat(), fc.nat(), fc.nat(), ({ boosts, docs }, docNumber, fieldNumber, wordNumber) => {
        fc.pre(docs.length > 0);
        const doc = docs[docNumber % docs.length] ?? [];
        const words = splitWords(doc[fieldNumber % boosts.length] ?? "").filter(Boolean);
        fc.pre(words.length > 0);
        const word = words[wordNumber % words.length] ?? "";
        expect(positions(searchAll(docs, schemaFor(boosts), word))).toContain(docNumber % docs.length);
      }),
    );
  });

  it("finds nothing by words that share no letter with any document", () => {
    const queryWord = fc.string({ unit: fc.constantFrom("x", "y", "z", "q"), minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(corpus, fc.array(queryWord, { minLength: 1, maxLength: 4 }), ({ boosts, docs }, words) => {
        expect(searchAll(docs, schemaFor(boosts), words.join(" "))).toEqual([]);
      }),
    );
  });

  it("finds and scores the same documents however they are ordered", () => {
    fc.assert(
      fc.property(corpus, docWord, fc.infiniteStream(fc.nat()), ({ boosts, docs }, word, randoms) => {
        const order = docs.map((_, at) => at);
        for (let at = order.length - 1; at > 0; at--) {
          const other = (randoms.next().value as number) % (at + 1);
          [order[at], order[other]] = [order[other] ?? 0, order[at] ?? 0];
        }
        const shuffled = order.map((at) => docs[at] ?? []);
        const byDoc = (hits: SearchHit[], map: (position: number) => number) =>
          new Map(hits.map((hit) => [map(hit.position), hit.score]));
        const before = byDoc(searchAll(docs, schemaFor(boosts), word), (position) => position);
        const after = byDoc(searchAll(shuffled, schemaFor(boosts), word), (position) => order[position] ?? -1);
        expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
        for (const [doc, score] of before) expect(after.get(doc)).toBeCloseTo(score, 9);
      }),
    );
  });

  it("keep: a filter during the search gives the unfiltered hits it keeps, in the same order", () => {
    fc.assert(
      fc.property(corpus, docWord, fc.func(fc.boolean()), ({ boosts, docs }, word, keeps) => {
        const schema = schemaFor(boosts);
        const index = loadTextIndex(buildTextIndex(docs, schema), schema);
        const keep = (position: number) => keeps(position);
        const all = index.search(word).slice();
        const kept = index.search(word, keep).slice();
        expect(kept.map((hit) => hit.position)).toEqual(
          all.filter((hit) => keep(hit.position)).map((hit) => hit.position),
        );
      }),
    );
  });

  it("boost: a match in a field of a higher boost ranks first, all else equal", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        docWord,
        docWord,
        (first, second, word, filler) => {
          fc.pre(Math.abs(first - second) > 0.01 && word !== filler);
          const docs: Doc[] = [
            [word, filler],
            [filler, word],
          ];
          const [best] = searchAll(docs, schemaFor([first, second]), word);
          expect(best?.position).toBe(first > second ? 0 : 1);
        },
      ),
    );
  });

  it("tokens: a field of tokens is found only through the schema's `expand.tokens`, as a whole token", () => {
    const docs: Doc[] = [
      ["Suppe mit Brot", "#SOUP"],
      ["Brot", "#BREAD"],
      ["Salat", "#SOUP #BREAD"],
    ];
    const fields = [
      { words: (doc: Doc) => splitWords(doc[0] ?? ""), boost: 1 },
      { words: (doc: Doc) => (doc[1] ?? "").split(" "), tokens: true, boost: 1 },
    ];
    const plain: TextIndexSchema<Doc> = { version: 1, fields };
    const expanding: TextIndexSchema<Doc> = {
      ...plain,
      expand: { tokens: (stem) => (stem === "eintopf" ? ["#SOUP"] : []) },
    };
    expect(positions(searchAll(docs, plain, "eintopf"))).toEqual([]);
    expect(positions(searchAll(docs, expanding, "eintopf"))).toEqual([0, 2]);
    // Tokens are not folded or split into words: the text "soup" finds no "#SOUP".
    expect(positions(searchAll(docs, expanding, "soup"))).toEqual([]);
  });

  it("family: a word finds what its family's members find, worth familyWeight of their own", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("lachs", "forelle", "hering"),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (member, familyWeight) => {
          const docs: Doc[] = [[`${member} gebraten`], ["brot"]];
          const schema = schemaFor([1], {
            ranking: { familyWeight },
            expand: { family: (stem) => (stem === "fisch" ? [member] : []) },
          });
          const [own] = searchAll(docs, schema, `${member} `);
          const found = searchAll(docs, schema, "fisch");
          expect(positions(found)).toEqual([0]);
          expect(found[0]?.score).toBeCloseTo((own?.score ?? 0) * familyWeight, 6);
          // Without the family the word finds nothing.
          expect(searchAll(docs, schemaFor([1]), "fisch")).toEqual([]);
        },
      ),
    );
  });

  it("finds a word's terms once while they are kept, and again once the words after it let them go", () => {
    const asked: string[] = [];
    const schema = schemaFor([1], {
      expand: {
        family: (stem) => {
          asked.push(stem);
          return stem === "fisch" ? ["lachs"] : [];
        },
      },
    });
    const serialized = buildTextIndex([["lachs gebraten"], ["brot mit butter"]], schema);
    const askedFor = (keptMatchedTerms: number, queries: readonly string[]) => {
      asked.length = 0;
      const index = loadTextIndex(serialized, schema, keptMatchedTerms);
      for (const query of queries) index.search(query).slice();
      return asked.filter((stem) => stem === "fisch").length;
    };
    // "fisch " (not being typed) matches "lachs" through its family: one term, kept with "lachs"'s own. A word
    // counts one term more than it matches, so each of "fisch", "lachs", "brot" and "butter" takes two.
    expect(askedFor(16, ["fisch ", "fisch ", "fisch "])).toBe(1);
    expect(askedFor(0, ["fisch ", "fisch "])).toBe(2);
    // Room for one word: "brot " takes it, and "fisch " is found anew.
    expect(askedFor(2, ["fisch ", "brot ", "fisch "])).toBe(2);
    // Room for two: both stay ("lachs" goes first).
    expect(askedFor(4, ["fisch ", "brot ", "fisch "])).toBe(1);
    // The least recently used goes first: "fisch " asked again stays, "brot " goes.
    expect(askedFor(4, ["fisch ", "brot ", "fisch ", "butter ", "fisch "])).toBe(1);
    // Words that match nothing take room too: three of them let "fisch " go.
    expect(askedFor(4, ["fisch ", "zzz ", "yyy ", "xxx ", "fisch "])).toBe(2);
  });

  it("answers every query as a fresh index does, whatever it kept of the words before", () => {
    fc.assert(
      fc.property(
        corpus,
        fc.array(fc.tuple(docWord, fc.boolean(), fc.option(docWord, { nil: undefined })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.constantFrom(0, 1, 2, 5, undefined),
        ({ boosts: fieldBoosts, docs }, queries, kept) => {
          const schema = schemaFor(fieldBoosts, {
            expand: { family: (stem) => (stem.length > 2 ? [stem.slice(1)] : []) },
          });
          const serialized = buildTextIndex(docs, schema);
          const reused = loadTextIndex(serialized, schema, kept);
          for (const [word, typed, other] of queries) {
            const query = `${other === undefined ? "" : `${other} `}${word}${typed ? "" : " "}`;
            expect(reused.search(query).slice(), query).toEqual(
              loadTextIndex(serialized, schema).search(query).slice(),
            );
          }
        },
      ),
    );
  });

  it("ranking: k, b, d and the weights change scores, never which documents are found", () => {
    const ranking = fc.record({
      k: fc.double({ min: 0.1, max: 3, noNaN: true }),
      b: fc.double({ min: 0, max: 1, noNaN: true }),
      d: fc.double({ min: 0, max: 1, noNaN: true }),
      prefixWeight: fc.double({ min: 0.05, max: 1, noNaN: true }),
      fuzzyWeight: fc.double({ min: 0.05, max: 1, noNaN: true }),
      inflectionWeight: fc.double({ min: 0.05, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(
        corpus,
        ranking,
        fc.array(docWord, { minLength: 1, maxLength: 3 }),
        ({ boosts, docs }, rank, words) => {
          const query = words.join(" ");
          const plain = searchAll(docs, schemaFor(boosts), query);
          const ranked = searchAll(docs, schemaFor(boosts, { ranking: rank }), query);
          expect(positions(ranked)).toEqual(positions(plain));
        },
      ),
    );
  });

  it("ranking.prefixWeight: the last word finds the words it starts, worth less than the word itself", () => {
    // Two letters: too short for a compound part or a typo, so only the word start finds "kartoffel".
    const docs: Doc[] = [["kartoffel"], ["ka"]];
    const hits = searchAll(docs, schemaFor([1]), "ka");
    expect(positions(hits)).toEqual([0, 1]);
    expect(hits[0]?.position).toBe(1);
    expect(hits[1]?.score).toBeLessThan((hits[0]?.score ?? 0) * DEFAULT_RANKING.prefixWeight);
    // Only the last word is being typed: an earlier one finds whole words only.
    expect(positions(searchAll(docs, schemaFor([1]), "ka brot"))).toEqual([1]);
  });

  it("slices a query of several words as its whole ranking, whatever was sliced before", () => {
    // Documents hold any part of the query's words (and a few more, for other scores), so they match every word,
    // most, some or one: up to twelve, counts past eight. Slices of any size, in any order: one within those that
    // match at least so many words scores those alone (text-index.ts `rank`).
    const vocabulary = ["b", "c", "d", "bb", "bc", "bd", "cb", "cc", "cd", "db", "dc", "dd"];
    const slices = fc.array(fc.tuple(fc.integer({ min: -2, max: 40 }), fc.option(fc.integer({ min: -2, max: 40 }))), {
      minLength: 1,
      maxLength: 4,
    });
    const cases = fc.uniqueArray(fc.constantFrom(...vocabulary), { minLength: 2, maxLength: 12 }).chain((words) =>
      fc.record({
        words: fc.constant(words),
        docs: fc.array(
          fc
            .tuple(fc.subarray(words), fc.array(fc.constantFrom(...vocabulary), { maxLength: 3 }))
            .map(([held, more]): Doc => [[...held, ...more].join(" ")]),
          { maxLength: 60 },
        ),
        asked: slices,
      }),
    );
    fc.assert(
      fc.property(cases, ({ words, docs, asked }) => {
        const schema = schemaFor([1]);
        const index = loadTextIndex(buildTextIndex(docs, schema), schema);
        // A trailing space: no word is being typed, so every slice ranks by the same rules.
        expectSlicesAsWhole(index, `${words.join(" ")} `, asked, "to 6 places");
      }),
      { numRuns: 500 },
    );
  });

  it("slices a word found through several terms as its whole ranking, whatever was sliced before", () => {
    // One word through itself, the words it starts, a family member and tokens, in two fields of any boosts:
    // terms worth much for few documents and little for many, so a page often lies within the documents of the
    // first terms and the others score those alone (text-index.ts `withinBest`), and as often it does not. Long
    // fields and repeated words give the terms' best matches other lengths and counts.
    const words = ["bcd", "bcd bcd", "bcdb", "bcdbc", "ccc", "cdb", "cdb cdb cdb", "dd", "ee ff", "bb cc dd ee"];
    const tokens = ["#T1", "#T2", "#T3", "#T4"];
    const cases = fc.record({
      boosts: fc.tuple(fc.double({ min: 0.1, max: 5, noNaN: true }), fc.double({ min: 0.1, max: 5, noNaN: true })),
      // Text alone, tokens alone or both: a document that only a later term finds may belong on the page.
      docs: fc.array(
        fc
          .tuple(
            fc.subarray(words),
            fc.array(fc.constantFrom(...tokens), { maxLength: 5 }),
            fc.constantFrom("text", "tokens", "both"),
          )
          .map(
            ([text, held, kind]): Doc => [
              kind === "tokens" ? "" : text.join(" "),
              kind === "text" ? "" : held.join(" "),
            ],
          ),
        { maxLength: 80 },
      ),
      query: fc.constantFrom("bcd", "bcd ", "bcdb"),
      familyWeight: fc.double({ min: 0.05, max: 1, noNaN: true }),
      asked: slicesMostlyFirst(6),
    });
    fc.assert(
      fc.property(cases, ({ boosts: [textBoost, tokenBoost], docs, query, familyWeight, asked }) => {
        const schema: TextIndexSchema<Doc> = {
          version: 1,
          ranking: { ...DEFAULT_RANKING, familyWeight },
          fields: [
            { words: (doc: Doc) => splitWords(doc[0] ?? ""), boost: textBoost },
            { words: (doc: Doc) => (doc[1] ?? "").split(" ").filter(Boolean), tokens: true, boost: tokenBoost },
          ],
          expand: {
            family: (stem) => (stem.startsWith("bcd") ? ["cdb"] : []),
            tokens: (stem) => (stem.startsWith("bcd") ? ["#T1", "#T2", "#T3"] : []),
          },
        };
        expectSlicesAsWhole(loadTextIndex(buildTextIndex(docs, schema), schema), query, asked, "exact");
      }),
      { numRuns: 2000 },
    );
  });

  it("slices several words whose page reaches past the hits of more than one as their whole ranking", () => {
    // The first words in a field of a high boost, the later ones in one of a low boost, and slices mostly small:
    // a page within the hits of more than one word scores those alone (text-index.ts `rank`), though a hit of one
    // word has the best score, and a document that only the later words find, two of them, ranks before it.
    const cases = fc.record({
      boosts: fc.tuple(fc.double({ min: 1, max: 8, noNaN: true }), fc.double({ min: 0.05, max: 1, noNaN: true })),
      docs: fc.array(
        fc
          .tuple(fc.subarray(["bb", "cc"]), fc.subarray(["cc", "dd", "ee", "ff", "ff ff"]))
          .map(([title, body]): Doc => [title.join(" "), body.join(" ")]),
        { maxLength: 80 },
      ),
      query: fc.constantFrom("bb cc dd ee ", "bb dd ee ", "bb cc ff ", "cc dd ee ff "),
      asked: slicesMostlyFirst(8),
    });
    fc.assert(
      fc.property(cases, ({ boosts, docs, query, asked }) => {
        const schema = schemaFor(boosts);
        expectSlicesAsWhole(loadTextIndex(buildTextIndex(docs, schema), schema), query, asked, "to 6 places");
      }),
      { numRuns: 2000 },
    );
  });

  it("the word being typed finds at most MAX_PREFIX_TERMS terms by their start, the shortest", () => {
    // Terms of 3 to 9 characters, all starting with "ka", one document each; "ka" is too short for any other rule.
    const terms = Array.from(
      { length: MAX_PREFIX_TERMS + 200 },
      (_, at) => `ka${"x".repeat(at % 5)}${at.toString(36)}`,
    );
    expect(new Set(terms).size).toBe(terms.length);
    const docs: Doc[] = terms.map((term) => [term]);
    const found = positions(searchAll(docs, schemaFor([1]), "ka"));
    const shortest = terms
      .map((term, position) => ({ term, position }))
      .sort((a, b) => a.term.length - b.term.length || (a.term < b.term ? -1 : 1))
      .slice(0, MAX_PREFIX_TERMS)
      .map((entry) => entry.position)
      .sort((a, b) => a - b);
    expect(found).toEqual(shortest);
    // Fewer terms than the bound: every one.
    expect(positions(searchAll(docs.slice(0, 100), schemaFor([1]), "ka"))).toEqual(
      docs.slice(0, 100).map((_, at) => at),
    );
    // A word not being typed (not the last) finds none of them by their start.
    expect(searchAll(docs, schemaFor([1]), "ka brot")).toEqual([]);
  });

  it("ranking.maxWords: the query's different words beyond it are ignored", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom("apfel", "birne", "brot", "ei", "feige", "gurke", "honig"), {
          minLength: 2,
          maxLength: 7,
        }),
        fc.integer({ min: 1, max: 6 }),
        (words, maxWords) => {
          const docs: Doc[] = words.map((word) => [word]);
          const schema = schemaFor([1], { ranking: { maxWords } });
          // A trailing space: no word is being typed, so none finds a longer word by its start.
          const found = positions(searchAll(docs, schema, `${words.join(" ")} `));
          expect(found).toEqual(words.map((_, at) => at).slice(0, Math.min(maxWords, words.length)));
        },
      ),
    );
  });

  it.each([0, 16, 1.5, Number.NaN])("refuses maxWords %s", (maxWords) => {
    const schema = schemaFor([1], { ranking: { maxWords } });
    expect(() => loadTextIndex(buildTextIndex([["brot"]], schema), schema)).toThrow(/maxWords/);
  });

  it("refuses an index read with another version or other fields", () => {
    const text = buildTextIndex([["brot", "butter"]], schemaFor([1, 1]));
    expect(() => loadTextIndex(text, { ...schemaFor([1, 1]), version: 2 })).toThrow(/version/);
    expect(() => loadTextIndex(text, schemaFor([1]))).toThrow(/not an index/);
    expect(() => loadTextIndex(text, schemaFor([1, 1, 1]))).toThrow(/not an index/);
    expect(loadTextIndex(text, schemaFor([2, 0.5])).search("butter").length).toBe(1);
  });

  it("its default ranking is MiniSearch's, as the site's relevance tests were tuned with", () => {
    expect(DEFAULT_RANKING).toEqual({
      k: 1.2,
      b: 0.7,
      d: 0.5,
      prefixWeight: 0.375,
      fuzzyWeight: 0.45,
      inflectionWeight: 0.9,
      familyWeight: 0.8,
      maxWords: 12,
    } satisfies Ranking);
  });

  it("reads postings whose gaps and counts take several characters (compact-numbers.ts)", () => {
    // Every 997th of 6,000 documents holds "b", the k-th of them 70 × k times: gaps and counts past one character.
    const docs: Doc[] = Array.from({ length: 6000 }, (_, position) => [
      position % 997 === 0 ? Array.from({ length: 70 * (position / 997 + 1) }, () => "b").join(" ") : "c",
    ]);
    const hits = searchAll(docs, schemaFor([1]), "b");
    expect(positions(hits)).toEqual([0, 997, 1994, 2991, 3988, 4985, 5982]);
    // More occurrences score more (the lengths are the same: one distinct word).
    expect(hits.map((hit) => hit.position)).toEqual([5982, 4985, 3988, 2991, 1994, 997, 0]);
  });
});
