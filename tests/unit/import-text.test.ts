/**
 * The import's small readers (scripts/import/): plain text out of page markup, ISO 8601 durations,
 * JSON errors with line and column, servings from recipeYield, the site's category from words, and
 * the ld+json blocks of a page. Tables of cases and attacks, then properties (fast-check).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ldJsonBlocks } from "../../scripts/import/html-ld-json.ts";
import { durationMinutes } from "../../scripts/import/iso-duration.ts";
import { jsonErrorOffset, parseJson } from "../../scripts/import/json-text.ts";
import { capText, plainLines, plainText } from "../../scripts/import/plain-text.ts";
import { recipeCategory } from "../../scripts/import/recipe-category.ts";
import { recipeServings } from "../../scripts/import/recipe-yield.ts";
import { fittingKey, webAddress } from "../../scripts/import/web-address.ts";

/** What must never be left in a plain text: a tag's start or a script address. */
const TAG_START = /<[A-Za-z!?/]/;
const SCRIPT_ADDRESS = /javascript:/i;

describe("plain text from page markup", () => {
  it.each([
    ["Cremige Suppe &amp; Brot", "Cremige Suppe & Brot"],
    ["<p>Erst <strong>rühren</strong>,</p><p>dann backen.</p>", "Erst rühren, dann backen."],
    ["K&auml;se &ndash; ger&#228;uchert &#x2013; 180&nbsp;&deg;C", "Käse – geräuchert – 180 °C"],
    ["  viel \n\t  Platz  ", "viel Platz"],
    ["Teig<script>alert('x')</script> kneten", "Teig kneten"],
    ["Teig<SCRIPT type='text/javascript'>if (a < b) {}</SCRIPT >kneten", "Teigkneten"],
    ["Vorher<style>p { color: red }</style>nachher", "Vorhernachher"],
    ["&lt;script&gt;alert(1)&lt;/script&gt;Salz", "Salz"],
    ["&lt;b&gt;fett&lt;/b&gt;", "fett"],
    ["&amp;lt;b&amp;gt;", "&lt;b&gt;"],
    ['<a href="javascript:alert(1)">Link</a>', "Link"],
    ["javascript:alert(1)", "alert(1)"],
    ["JaVaScRiPt:alert(1)", "alert(1)"],
    ["javajavascript:script:alert(1)", "alert(1)"],
    ["java&#115;cript:alert(1)", "alert(1)"],
    ["java\u0000script:alert(1)", "alert(1)"],
    ["Temperatur < 180 Grad", "Temperatur < 180 Grad"],
    ["a<b", "a"],
    ["<<b>b>x", "x"],
    ["1 <2", "1 <2"],
    ["<!-- Kommentar -->Text", "Text"],
    ["Text<!-- offen", "Text"],
    ['<img src=x onerror="alert(1)">Bild', "Bild"],
    ['<a title="a > b">Titel</a>', "Titel"],
    ["unvollständig <div class=", "unvollständig"],
    ["Zero\u200bWidth\u202eRTL\ufeff", "ZeroWidthRTL"],
    ["&#0;&#xD800;&#x110000;", "\ufffd\ufffd\ufffd"],
    ["&#150; alt", "– alt"],
    ["&unbekannt; bleibt", "&unbekannt; bleibt"],
    ["&constructor; &valueOf; &#128;", "&constructor; &valueOf; €"],
    ["👨\u200d🍳 Koch", "👨\u200d🍳 Koch"],
  ])("%j → %j", (raw, text) => {
    expect(plainText(raw)).toBe(text);
  });

  it("keeps the lines of markup and of the text", () => {
    expect(plainLines("Eins<br>Zwei<br/><br>Drei\nVier\r\n\n<li>Fünf</li>")).toEqual([
      "Eins",
      "Zwei",
      "Drei",
      "Vier",
      "Fünf",
    ]);
  });

  it("cuts at a word's end, with an ellipsis", () => {
    expect(capText("kurz", 10)).toEqual({ text: "kurz", cut: false });
    expect(capText("ein ganz langer Name für ein Rezept", 20)).toEqual({ text: "ein ganz langer…", cut: true });
    const cut = capText(`${"a".repeat(9)}😀😀`, 11).text;
    expect(cut.length).toBeLessThanOrEqual(11);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it("is fast on hostile markup (one pass)", () => {
    const hostile = `${'<a title="'.repeat(20_000)}${"<script".repeat(20_000)}${"&amp;".repeat(20_000)}`;
    const started = performance.now();
    plainText(hostile);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  const pieces = fc.constantFrom(
    "<",
    ">",
    "/",
    "!",
    "?",
    "&",
    ";",
    "#",
    "lt",
    "gt",
    "amp",
    "&lt;",
    "&gt;",
    "&#60;",
    "&#x3c;",
    "&amp;",
    "script",
    "SCRIPT",
    "b",
    "img",
    " ",
    "\n",
    "\u0000",
    "\u200b",
    "java",
    "script:",
    "javascript:",
    "JavaScript:",
    '"',
    "'",
    "=",
    "-->",
    "<!--",
    "Salz",
  );
  const hostileText = fc.oneof(
    fc.array(pieces, { maxLength: 40 }).map((list) => list.join("")),
    fc.string(),
  );

  it("never leaves a tag's start or a script address (property)", () => {
    fc.assert(
      fc.property(hostileText, (raw) => {
        const text = plainText(raw);
        expect(text).not.toMatch(TAG_START);
        expect(text).not.toMatch(SCRIPT_ADDRESS);
        expect(text).toBe(text.trim());
        expect(text).not.toMatch(/\s{2}|[\n\t]/);
        for (const line of plainLines(raw)) {
          expect(line).not.toMatch(TAG_START);
          expect(line).not.toMatch(SCRIPT_ADDRESS);
          expect(line).not.toBe("");
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it("leaves plain text as it is (property)", () => {
    const plain = fc.stringMatching(/^[A-Za-zÄÖÜäöüß0-9.,:()°½-]+( [A-Za-zÄÖÜäöüß0-9.,:()°½-]+)*$/);
    fc.assert(fc.property(plain, (text) => plainText(text) === text));
  });
});

describe("ISO 8601 durations", () => {
  it.each([
    ["PT20M", 20],
    ["PT1H30M", 90],
    ["P0DT0H25M", 25],
    ["PT0.5H", 30],
    ["PT0,5H", 30],
    ["PT90S", 2],
    ["PT29M59S", 30],
    ["pt15m", 15],
    [" PT10M ", 10],
    ["P1D", 1440],
    ["P1W", 10080],
    ["PT0M", 0],
  ])("%j is %d minutes", (text, minutes) => {
    expect(durationMinutes(text)).toBe(minutes);
  });

  it.each([
    "",
    "P",
    "PT",
    "P1DT",
    "20",
    "20 Minuten",
    "PT20",
    "T20M",
    "PT-5M",
    "P1Y",
    "P2M",
    "PT20M10H",
    "PT1.H",
    "PT20MX",
    "0:20",
  ])("%j is no duration", (text) => {
    expect(durationMinutes(text)).toBeNull();
  });

  it("reads what it writes (property)", () => {
    fc.assert(
      fc.property(
        fc.record({
          days: fc.option(fc.nat(30)),
          hours: fc.option(fc.nat(48)),
          minutes: fc.option(fc.nat(200)),
          seconds: fc.option(fc.nat(59)),
        }),
        ({ days, hours, minutes, seconds }) => {
          const time = `${hours === null ? "" : `${hours}H`}${minutes === null ? "" : `${minutes}M`}${seconds === null ? "" : `${seconds}S`}`;
          const text = `P${days === null ? "" : `${days}D`}${time === "" ? "" : `T${time}`}`;
          const expected = Math.round((days ?? 0) * 1440 + (hours ?? 0) * 60 + (minutes ?? 0) + (seconds ?? 0) / 60);
          expect(durationMinutes(text)).toBe(text === "P" ? null : expected);
        },
      ),
    );
  });
});

describe("JSON errors", () => {
  it.each([
    ['{"a": 1,}', 1, 9],
    ['{"a": 1\n,\n"b": tru}', 3, 9],
    ["[1, 2", 1, 6],
    ['{\n  "name": "Suppe"\n  "x": 1\n}', 3, 3],
    ['{"a": "b\nc"}', 1, 9],
    ['{"a": "\\x"}', 1, 9],
    ["", 1, 1],
    ["01", 1, 2],
    ["-", 1, 2],
    ["[1] [2]", 1, 5],
  ])("%j fails at line %d, column %d", (text, line, column) => {
    const parsed = parseJson(text);
    expect(parsed).toMatchObject({ ok: false, line, column });
  });

  it("agrees with JSON.parse on any text (property)", () => {
    const jsonish = fc.oneof(
      fc.json(),
      fc
        .tuple(fc.json(), fc.nat(), fc.constantFrom("", ",", "}", "]", '"', "\\", "x", "\n", "{", "[", "-", "."))
        .map(([json, at, piece]) => json.slice(0, at % (json.length + 1)) + piece + json.slice(at % (json.length + 1))),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(jsonErrorOffset(text) === -1).toBe(valid);
      }),
      { numRuns: 3_000 },
    );
  });

  it("takes deep nesting without a stack", () => {
    expect(jsonErrorOffset(`${"[".repeat(200_000)}${"]".repeat(199_999)}`)).toBe(399_999);
  });
});

describe("servings from recipeYield", () => {
  it.each([
    [[4], 4, null],
    [["4"], 4, null],
    [["4 Portionen"], 4, null],
    [["4", "4 Portionen"], 4, null],
    [["Für 2 Personen"], 2, null],
    [["vier Portionen"], 4, null],
    [["6 servings"], 6, null],
    [["Serves 3"], 3, null],
    [["4 Portion(en)"], 4, null],
    [["12"], 12, null],
    [["4-6 Personen"], 4, "Portionen „4-6 Personen“ sind eine Spanne; 4 übernommen, bitte prüfen."],
    [["2 bis 3 Portionen"], 2, "Portionen „2 bis 3 Portionen“ sind eine Spanne; 2 übernommen, bitte prüfen."],
    [["1 Blech"], null, "Portionen nicht erkannt: „1 Blech“; bitte eintragen."],
    [["constructor Portionen"], null, "Portionen nicht erkannt: „constructor Portionen“; bitte eintragen."],
    [["12 Stück"], null, "Portionen nicht erkannt: „12 Stück“; bitte eintragen."],
    [["1 Blech", "8 Portionen"], 8, null],
    [["0"], null, "Portionen „0“ liegen nicht zwischen 1 und 12; bitte eintragen."],
    [["24 Portionen"], null, "Portionen „24 Portionen“ liegen nicht zwischen 1 und 12; bitte eintragen."],
    [[2.5], null, "Portionen „2.5“ sind keine ganze Zahl; bitte eintragen."],
    [[], null, "Keine Portionen angegeben (recipeYield); bitte eintragen."],
    [[""], null, "Keine Portionen angegeben (recipeYield); bitte eintragen."],
  ])("%j → %j", (values, servings, problem) => {
    expect(recipeServings(values)).toEqual({ servings, problem });
  });
});

describe("the site's category", () => {
  const none = { categories: [], keywords: [], name: "Etwas" };
  it.each([
    [{ ...none, categories: ["Suppe"] }, "SOUP"],
    [{ ...none, categories: ["Eintopf"] }, "SOUP"],
    [{ ...none, categories: ["Soup"] }, "SOUP"],
    [{ ...none, categories: ["Salat"] }, "SALAD"],
    [{ ...none, categories: ["Nudelgericht"] }, "PASTA"],
    [{ ...none, categories: ["Pasta & Nudeln"] }, "PASTA"],
    [{ ...none, categories: ["Auflauf"] }, "BAKED_DISH"],
    [{ ...none, categories: ["Aus dem Ofen"] }, "BAKED_DISH"],
    [{ ...none, categories: ["Frühstück"] }, "BREAKFAST"],
    [{ ...none, categories: ["Breakfast"] }, "BREAKFAST"],
    [{ ...none, categories: ["Burger"] }, "BURGER"],
    [{ ...none, categories: ["Pizza"] }, "PIZZA"],
    [{ ...none, categories: ["Kalte Küche"] }, "COLD_DISH"],
    [{ ...none, categories: ["Hauptgericht"] }, "DISH"],
    [{ ...none, categories: ["Main Course"] }, "DISH"],
    [{ ...none, categories: ["Hauptgericht", "Suppe"] }, "SOUP"],
    [{ ...none, categories: ["Hauptgericht"], keywords: ["Linsen, Suppe"] }, "SOUP"],
    [{ ...none, categories: ["Salat"], keywords: ["Nudeln"] }, "SALAD"],
    [{ ...none, keywords: ["Pasta, schnell"] }, "PASTA"],
    [{ ...none, name: "Linsensuppe mit Kokos" }, "SOUP"],
    [{ ...none, name: "Nudelsalat mit Pesto" }, "SALAD"],
    [{ ...none, categories: ["Gemüse-Auflauf"] }, "BAKED_DISH"],
  ] as const)("%j → %s", (given, category) => {
    expect(recipeCategory(given)).toEqual({ category, problem: null });
  });

  it.each([
    [{ ...none, categories: ["Salat", "Pasta"] }, "Kategorie unklar: „Salate“ und „Pasta“ passen; bitte eine wählen."],
    [{ ...none, categories: ["Beilage"] }, "Kategorie nicht erkannt („Beilage“); bitte eine wählen."],
    [{ ...none, keywords: ["schnell, einfach"] }, "Kategorie nicht erkannt („schnell“, „einfach“); bitte eine wählen."],
    [none, "Keine Kategorie angegeben; bitte eine wählen."],
    [
      { ...none, keywords: ["constructor", "__proto__"] },
      "Kategorie nicht erkannt („constructor“, „__proto__“); bitte eine wählen.",
    ],
  ])("%j → none: %s", (given, problem) => {
    expect(recipeCategory(given)).toEqual({ category: null, problem });
  });
});

describe("addresses in a recipe", () => {
  it.each([
    ["https://a.example/x.jpg", null, "https://a.example/x.jpg"],
    ["/bild.jpg", "https://a.example/rezept/", "https://a.example/bild.jpg"],
    ["bild.jpg", "https://a.example/rezept/", "https://a.example/rezept/bild.jpg"],
    ["//cdn.example/b.jpg", "https://a.example/", "https://cdn.example/b.jpg"],
  ])("%j against %j → %j", (raw, base, url) => {
    expect(webAddress(raw, base)).toEqual({ ok: true, url });
  });

  it.each([
    ["javascript:alert(1)", "https://a.example/", { ok: false, scheme: "javascript" }],
    [" JAVASCRIPT:alert(1)", null, { ok: false, scheme: "javascript" }],
    ["java\tscript:alert(1)", null, { ok: false, scheme: "javascript" }],
    ["data:image/png;base64,AAAA", null, { ok: false, scheme: "data" }],
    ["file:///etc/passwd", null, { ok: false, scheme: "file" }],
    ["ftp://a.example/x", null, { ok: false, scheme: "ftp" }],
    ["/bild.jpg", null, { ok: false, relative: true }],
    ["http://", null, { ok: false, invalid: true }],
    [`https://a.example/${"x".repeat(2_000)}`, null, { ok: false, invalid: true }],
  ])("%j is refused", (raw, base, reading) => {
    expect(webAddress(raw, base)).toEqual(reading);
  });

  it("keeps keys within the CMS' 255 characters, distinct", () => {
    const long = `https://a.example/${"x".repeat(300)}`;
    expect(fittingKey(long)).toHaveLength(255);
    expect(fittingKey(`${long}y`)).not.toBe(fittingKey(long));
    expect(fittingKey("https://a.example/")).toBe("https://a.example/");
  });
});

describe("ld+json blocks of a page", () => {
  it("finds every block, in order, with wrappers taken off", () => {
    const page = [
      '<script type="application/ld+json">{"a":1}</script>',
      "<script>var x = 1;</script>",
      "<SCRIPT TYPE='application/ld+json; charset=utf-8'>\n<!--\n{\"b\":2}\n-->\n</SCRIPT>",
      '<script data-x="1" type=application/ld+json>/*<![CDATA[*/{"c":3}/*]]>*/</script>',
      '<script type="text/template">{"d":4}</script>',
    ].join("\n");
    expect(ldJsonBlocks(page).map((block) => JSON.parse(block.text))).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it("takes an unclosed block to the page's end, and is fast on hostile pages", () => {
    expect(ldJsonBlocks('<script type="application/ld+json">{"a":1}').map((block) => block.text)).toEqual(['{"a":1}']);
    const hostile = `${"<script ".repeat(100_000)}>${"<script type=application/ld+json>".repeat(50_000)}`;
    const started = performance.now();
    ldJsonBlocks(hostile);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
