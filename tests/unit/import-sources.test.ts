/**
 * The import's sources (scripts/import/read-sources.ts): files, NDJSON streamed by line, HTML pages,
 * folders, and http(s) addresses against a real node:http server on 127.0.0.1 (redirects, a slow
 * answer, a huge body, a wrong content type). Every bad input is skipped with a German reason and the
 * others go on; no bytes in a file make the reader throw. Lines are read by the tests' stand-in for
 * the parser (import-stand-ins.ts).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReadOutcome } from "../../scripts/import/imported-recipe.ts";
import { type ReadRecipesOptions, readRecipesWith } from "../../scripts/import/read-sources.ts";
import { KNOWN, standInReader } from "./import-stand-ins.ts";

const FIXTURES = resolve(import.meta.dirname, "../fixtures/import");
const WPRM_PAGE = join(FIXTURES, "wprm-seite.html");

async function readAll(inputs: string[], options: ReadRecipesOptions = {}): Promise<ReadOutcome[]> {
  const outcomes: ReadOutcome[] = [];
  for await (const outcome of readRecipesWith(inputs, KNOWN, standInReader(), options)) outcomes.push(outcome);
  return outcomes;
}

function recipeLike(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name,
    recipeYield: "2",
    totalTime: "PT15M",
    recipeCategory: "Salat",
    recipeIngredient: ["4 Tomaten", "Salz"],
    recipeInstructions: ["Schneiden.", "Salzen."],
    ...extra,
  };
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "import-sources-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function scratchFile(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(scratch, name);
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, content);
  return path;
}

describe("files", () => {
  it("reads a WordPress recipe page (WP Recipe Maker in Yoast's graph)", async () => {
    const outcomes = await readAll([WPRM_PAGE]);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toEqual({
      recipe: expect.objectContaining({
        source: WPRM_PAGE,
        key: "https://kuechenbuch.example/rote-linsensuppe/#recipe",
        name: "Rote Linsensuppe mit Kokos",
        description: "Cremige Suppe aus roten Linsen & Kokosmilch – in 25 Minuten fertig.",
        cuisine: "Indisch",
        servings: 4,
        prepMinutes: 5,
        cookMinutes: 20,
        totalMinutes: 25,
        category: "SOUP",
        sourceUrl: "https://kuechenbuch.example/rote-linsensuppe/",
        imageUrl: "https://kuechenbuch.example/wp-content/uploads/2026/01/linsensuppe-500x500.jpg",
        steps: [
          "Die Zwiebel schälen und fein würfeln.",
          "Öl in einem Topf erhitzen, die Zwiebel darin glasig dünsten.",
          "Linsen, Brühe und Kokosmilch dazugeben und 20 Minuten köcheln lassen.",
          "Fein pürieren und mit Salz abschmecken.",
        ],
        problems: ["Neue Zutaten vorgeschlagen: „rote Linsen“, „Kokosmilch“, „Gemüsebrühe“; bitte prüfen."],
      }),
    });
  });

  it("streams an NDJSON file line by line, each line its own source", async () => {
    const file = join(FIXTURES, "rezepte.ndjson");
    const outcomes = await readAll([file]);
    expect(
      outcomes.map((outcome) => ("recipe" in outcome ? [outcome.recipe.source, outcome.recipe.name] : outcome.skipped)),
    ).toEqual([
      [`${file}:1`, "Tomatensalat mit Zwiebeln"],
      [`${file}:2`, "Spaghetti aglio e olio"],
      { source: `${file}:4`, reason: "Kein gültiges JSON: Zeile 4, Spalte 67 (der Text endet zu früh)." },
      { source: `${file}:5`, reason: "Kein schema.org-Rezept (@type Recipe) gefunden." },
      [`${file}:6`, "Schmorbraten"],
    ]);
    const [salad, spaghetti, , , roast] = outcomes.map((outcome) => ("recipe" in outcome ? outcome.recipe : null));
    expect(salad).toMatchObject({ key: `${file}#Tomatensalat mit Zwiebeln`, vegan: true, category: "SALAD" });
    expect(salad?.steps).toHaveLength(3);
    expect(spaghetti).toMatchObject({
      key: "https://kuechenbuch.example/spaghetti-aglio-e-olio/",
      servings: 4,
      totalMinutes: 17,
      category: "PASTA",
    });
    expect(roast?.problems).toContain("Dauert 150 Minuten, die Website zeigt nur Rezepte bis 30 Minuten.");
  });

  it("reads a folder recursively, sorted, only the extensions it knows, no hidden files", async () => {
    const folder = join(FIXTURES, "ordner");
    const outcomes = await readAll([folder]);
    expect(outcomes.map((outcome) => ("recipe" in outcome ? outcome.recipe.source : outcome.skipped))).toEqual([
      join(folder, "a-kartoffelsuppe.json"),
      join(folder, "unterordner", "b-nudelsalat.jsonld"),
    ]);
    const [soup, salad] = outcomes.map((outcome) => ("recipe" in outcome ? outcome.recipe : null));
    expect(soup).toMatchObject({ name: "Schnelle Kartoffelsuppe", category: "SOUP", totalMinutes: 30, servings: 4 });
    expect(salad).toMatchObject({
      name: "Nudelsalat mit Pesto",
      key: "https://kuechenbuch.example/nudelsalat/#recipe",
      category: "SALAD",
      servings: 4,
      totalMinutes: 25,
      steps: ["Nudeln kochen und abkühlen lassen.", "Mit Pesto und Tomaten mischen."],
    });
    expect(salad?.problems).toContain("Portionen „4-6 Personen“ sind eine Spanne; 4 übernommen, bitte prüfen.");
  });

  it("finds recipes in one object, an array, @graph, nested @graphs and typed lists", async () => {
    const document = [
      recipeLike("Eins"),
      { "@graph": [{ "@type": "WebPage" }, recipeLike("Zwei", { "@type": ["Recipe", "NewsArticle"] })] },
      { "@graph": [{ "@graph": [recipeLike("Drei", { "@type": "http://schema.org/Recipe" })] }] },
      { "@type": "WebPage", mainEntity: recipeLike("Vier", { "@type": "schema:Recipe" }) },
    ];
    const path = await scratchFile("viele.json", JSON.stringify(document));
    const outcomes = await readAll([path]);
    expect(outcomes.map((outcome) => "recipe" in outcome && [outcome.recipe.source, outcome.recipe.name])).toEqual([
      [`${path}, Rezept 1`, "Eins"],
      [`${path}, Rezept 2`, "Zwei"],
      [`${path}, Rezept 3`, "Drei"],
      [`${path}, Rezept 4`, "Vier"],
    ]);
  });

  it("reads the same recipe twice on a page once, and tells a round-up's recipes apart", async () => {
    const url = "https://kuechenbuch.example/sommer/";
    const block = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
    const page = [
      block(recipeLike("Tomatensalat", { url })),
      block({ "@graph": [recipeLike("Tomatensalat", { url })] }),
      block(recipeLike("Gurkensalat", { url })),
    ].join("\n");
    const outcomes = await readAll([await scratchFile("sommer.html", page)]);
    expect(outcomes.map((outcome) => "recipe" in outcome && outcome.recipe.key)).toEqual([url, `${url}#Gurkensalat`]);
  });

  it("reads a key once per run: the first recipe with it stays", async () => {
    const twice = await scratchFile(
      "zweimal.json",
      JSON.stringify([recipeLike("Salat"), recipeLike("Salat", { recipeYield: "4" }), recipeLike("Suppe")]),
    );
    const outcomes = await readAll([twice, twice]);
    expect(outcomes.map((outcome) => ("recipe" in outcome ? outcome.recipe.source : outcome.skipped))).toEqual([
      `${twice}, Rezept 1`,
      {
        source: `${twice}, Rezept 2`,
        reason: `Ein früher gelesenes Rezept hat denselben Schlüssel (${twice}#Salat); nicht noch einmal gelesen.`,
      },
      `${twice}, Rezept 3`,
      { source: `${twice}, Rezept 1`, reason: expect.stringMatching(/^Ein früher gelesenes Rezept/) },
      { source: `${twice}, Rezept 2`, reason: expect.stringMatching(/^Ein früher gelesenes Rezept/) },
      { source: `${twice}, Rezept 3`, reason: expect.stringMatching(/^Ein früher gelesenes Rezept/) },
    ]);
  });

  it("reads 5,000 NDJSON recipes in a file far over the size cap, one line at a time", async () => {
    const lines = Array.from({ length: 5_000 }, (_, index) => JSON.stringify(recipeLike(`Salat ${index + 1}`)));
    const path = await scratchFile("gross.ndjson", `${lines.join("\r\n")}\r\n`);
    let count = 0;
    let last = "";
    for await (const outcome of readRecipesWith([path], KNOWN, standInReader(), { maxBytes: 64 * 1024 })) {
      if ("recipe" in outcome) {
        count++;
        last = outcome.recipe.source;
      }
    }
    expect(count).toBe(5_000);
    expect(last).toBe(`${path}:5000`);
  });

  it("is lazy: nothing after the first recipe is read until it is asked for", async () => {
    const reader = standInReader();
    const outcomes = readRecipesWith([join(FIXTURES, "rezepte.ndjson"), WPRM_PAGE], KNOWN, reader)[
      Symbol.asyncIterator
    ]();
    const first = await outcomes.next();
    expect(first.value).toMatchObject({ recipe: { name: "Tomatensalat mit Zwiebeln" } });
    expect(reader.lines).toEqual(["4 Tomaten", "1 Zwiebel", "2 EL Olivenöl", "Salz"]);
    await outcomes.return?.(undefined);
  });
});

describe("bad input is skipped with a reason, and the rest goes on", () => {
  const cases: [string, () => Promise<string>, ReadRecipesOptions, string | RegExp][] = [
    [
      "invalid JSON: the file, line and column",
      () => scratchFile("kaputt.json", '{\n  "@type": "Recipe",\n  "name": "Suppe"\n  "recipeYield": 4\n}'),
      {},
      'Kein gültiges JSON: Zeile 4, Spalte 3 (unerwartet: „"“).',
    ],
    [
      "an empty JSON file",
      () => scratchFile("leer.json", ""),
      {},
      "Kein gültiges JSON: Zeile 1, Spalte 1 (der Text endet zu früh).",
    ],
    [
      "JSON without a recipe",
      () => scratchFile("seite.json", '{"@type":"WebPage"}'),
      {},
      "Kein schema.org-Rezept (@type Recipe) gefunden.",
    ],
    [
      "a page without ld+json",
      () => scratchFile("ohne.html", "<html><body><h1>Suppe</h1></body></html>"),
      {},
      "Kein schema.org-Rezept: die Seite hat keinen ld+json-Block.",
    ],
    [
      "a page whose only ld+json block is broken: the position in the page",
      () =>
        scratchFile(
          "kaputt.html",
          '<html>\n<head>\n<script type="application/ld+json">\n{"@type": "Recipe",}\n</script>',
        ),
      {},
      "Kein schema.org-Rezept (@type Recipe) gefunden. Ein ld+json-Block ist kein gültiges JSON: Zeile 4, Spalte 20 (unerwartet: „}“).",
    ],
    [
      "a recipe without name",
      () => scratchFile("ohne-name.json", JSON.stringify(recipeLike(""))),
      {},
      "Rezept ohne Namen (name).",
    ],
    [
      "a recipe without ingredients",
      () => scratchFile("ohne-zutaten.json", JSON.stringify(recipeLike("Suppe", { recipeIngredient: [] }))),
      {},
      "Rezept „Suppe“ ohne Zutaten (recipeIngredient).",
    ],
    ["a missing file", async () => join(scratch, "gibt-es-nicht.json"), {}, "Datei oder Ordner nicht gefunden."],
    ["a missing folder", async () => join(scratch, "kein-ordner/"), {}, "Datei oder Ordner nicht gefunden."],
    [
      "an empty folder",
      async () => {
        await mkdir(join(scratch, "leer"), { recursive: true });
        await writeFile(join(scratch, "leer", "liste.txt"), "Milch");
        return join(scratch, "leer");
      },
      {},
      "Der Ordner hat keine Dateien mit .json, .jsonld, .ndjson, .jsonl, .html oder .htm.",
    ],
    [
      "another extension",
      () => scratchFile("rezept.txt", "{}"),
      {},
      "Nur Dateien mit .json, .jsonld, .ndjson, .jsonl, .html oder .htm werden gelesen.",
    ],
    [
      "a document over the size cap",
      () => scratchFile("riesig.json", JSON.stringify(recipeLike("x".repeat(2_000)))),
      { maxBytes: 1024 },
      "Datei größer als 1024 Bytes; nicht gelesen.",
    ],
    [
      "an NDJSON line over the size cap",
      () => scratchFile("lang.ndjson", JSON.stringify(recipeLike("x".repeat(2_000)))),
      { maxBytes: 1024 },
      "Zeile größer als 1024 Bytes; nicht gelesen.",
    ],
    [
      "javascript:",
      async () => "javascript:alert(1)",
      {},
      "Nur Dateien, Ordner und http(s)-Adressen werden gelesen, keine „javascript“-Adressen.",
    ],
    [
      "data:",
      async () => "data:application/json,{}",
      {},
      "Nur Dateien, Ordner und http(s)-Adressen werden gelesen, keine „data“-Adressen.",
    ],
    [
      "file:",
      async () => "file:///etc/passwd",
      {},
      "Nur Dateien, Ordner und http(s)-Adressen werden gelesen, keine „file“-Adressen.",
    ],
    [
      "ftp:",
      async () => "ftp://kuechenbuch.example/x.json",
      {},
      "Nur Dateien, Ordner und http(s)-Adressen werden gelesen, keine „ftp“-Adressen.",
    ],
    ["nothing", async () => "  ", {}, "Leere Angabe: weder Datei, Ordner noch Adresse."],
    ["a broken http address", async () => "http://", {}, "Keine gültige Adresse."],
  ];

  it.each(cases)("%s", async (_, input, options, reason) => {
    const bad = await input();
    const outcomes = await readAll([bad, WPRM_PAGE], options);
    const [skipped, after] = outcomes;
    expect(skipped).toEqual({ skipped: { source: expect.any(String), reason } });
    if (options.maxBytes === undefined) {
      expect(outcomes).toHaveLength(2);
      expect(after).toMatchObject({ recipe: { name: "Rote Linsensuppe mit Kokos" } });
    }
  });

  it("names the file as the source", async () => {
    const path = await scratchFile("quelle.json", "Suppe");
    expect(await readAll([path])).toEqual([
      { skipped: { source: path, reason: expect.stringMatching(/^Kein gültiges JSON: Zeile 1, Spalte 1/) } },
    ]);
  });

  it("never throws for any bytes in a file (property)", async () => {
    const extension = fc.constantFrom(".json", ".jsonld", ".ndjson", ".jsonl", ".html", ".htm");
    const jsonText = fc.jsonValue().map((value) => JSON.stringify(value));
    const recipeText = fc
      .record({ name: fc.string(), recipeIngredient: fc.array(fc.string()), recipeInstructions: fc.jsonValue() })
      .map((fields) => JSON.stringify({ "@type": "Recipe", ...fields }));
    const text = fc.oneof(
      fc.string(),
      jsonText,
      recipeText,
      recipeText.map((json) => `<script type="application/ld+json">${json}</script>`),
      fc.array(recipeText).map((lines) => lines.join("\n")),
    );
    const content = fc.oneof(
      fc.uint8Array({ maxLength: 2_000 }),
      text.map((value) => new TextEncoder().encode(value)),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(extension, content, async (ext, bytes) => {
        const path = await scratchFile(`zufall-${run++}${ext}`, bytes);
        const outcomes = await readAll([path]);
        for (const outcome of outcomes) {
          if ("skipped" in outcome) expect(outcome.skipped.reason).toMatch(/\S/);
          else expect(outcome.recipe.name).toMatch(/\S/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("http(s) addresses (a real server on 127.0.0.1)", () => {
  let server: Server;
  let base: string;
  const requests: string[] = [];
  const wprmPage = async () => (await import("node:fs/promises")).readFile(WPRM_PAGE);

  beforeAll(async () => {
    const page = await wprmPage();
    server = createServer((request, response) => {
      const path = request.url ?? "/";
      requests.push(path);
      const redirect = /^\/weiter\/(\d+)$/.exec(path);
      if (redirect !== null) {
        const left = Number(redirect[1]);
        response.writeHead(302, { location: left === 0 ? "/rezept.json" : `/weiter/${left - 1}` }).end();
        return;
      }
      switch (path) {
        case "/seite":
          response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
          return;
        case "/rezept.json":
          response
            .writeHead(200, { "content-type": "application/ld+json" })
            .end(JSON.stringify(recipeLike("Gurkensalat", { image: "/bilder/gurke.jpg" })));
          return;
        case "/ohne-typ":
          response.end(JSON.stringify(recipeLike("Ohne Typ")));
          return;
        case "/latin1":
          response
            .writeHead(200, { "content-type": "text/html; charset=iso-8859-1" })
            .end(
              Buffer.from(
                `<script type="application/ld+json">${JSON.stringify(recipeLike("Käsespätzle"))}</script>`,
                "latin1",
              ),
            );
          return;
        case "/nach-ftp":
          response.writeHead(301, { location: "ftp://127.0.0.1/rezept.json" }).end();
          return;
        case "/nach-javascript":
          response.writeHead(302, { location: "javascript:alert(1)" }).end();
          return;
        case "/ohne-ziel":
          response.writeHead(302).end();
          return;
        case "/langsam":
          // Answers long after the test's deadline; the server closes it when the test ends.
          setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end("{}"), 10_000).unref();
          return;
        case "/langsamer-koerper":
          response.writeHead(200, { "content-type": "application/json" });
          response.write('{"@type": "Recipe", ');
          return;
        case "/riesig": {
          response.writeHead(200, { "content-type": "text/html" });
          const chunk = Buffer.alloc(64 * 1024, "a");
          const send = () => {
            while (!response.destroyed && response.write(chunk));
            if (!response.destroyed) response.once("drain", send);
          };
          send();
          return;
        }
        case "/riesig-angesagt":
          response.writeHead(200, { "content-type": "text/html", "content-length": String(50 * 1024 * 1024) });
          response.write("<html>");
          return;
        case "/bild":
          response.writeHead(200, { "content-type": "image/png" }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
          return;
        case "/text":
          response.writeHead(200, { "content-type": "text/plain" }).end("Rezept");
          return;
        case "/ohne-rezept":
          response.writeHead(200, { "content-type": "text/html" }).end("<html><body>Impressum</body></html>");
          return;
        case "/fehler":
          response.writeHead(500).end();
          return;
        default:
          response.writeHead(404).end();
      }
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  it("reads a page with ld+json: the page is the source, relative addresses against it", async () => {
    const [outcome] = await readAll([`${base}/seite`]);
    expect(outcome).toMatchObject({
      recipe: { source: `${base}/seite`, name: "Rote Linsensuppe mit Kokos", category: "SOUP" },
    });
  });

  it("follows up to five redirects, each checked, and reads JSON by its content type", async () => {
    const [outcome] = await readAll([`${base}/weiter/4`]);
    expect(outcome).toMatchObject({
      recipe: {
        source: `${base}/weiter/4`,
        key: `${base}/weiter/4#Gurkensalat`,
        sourceUrl: `${base}/rezept.json`,
        imageUrl: `${base}/bilder/gurke.jpg`,
      },
    });
  });

  it("reads JSON without a content type by what it starts with, and a page's charset", async () => {
    const outcomes = await readAll([`${base}/ohne-typ`, `${base}/latin1`]);
    expect(outcomes.map((outcome) => "recipe" in outcome && outcome.recipe.name)).toEqual(["Ohne Typ", "Käsespätzle"]);
  });

  it.each<[string, ReadRecipesOptions, string]>([
    ["/weiter/5", {}, "Mehr als 5 Weiterleitungen; abgebrochen."],
    ["/nach-ftp", {}, "Weiterleitung auf eine Adresse, die nicht http(s) ist („ftp:“)."],
    ["/nach-javascript", {}, "Weiterleitung auf eine Adresse, die nicht http(s) ist („javascript:“)."],
    ["/ohne-ziel", {}, "Weiterleitung (HTTP 302) ohne Ziel."],
    ["/fehlt", {}, "Abruf fehlgeschlagen: der Server antwortete mit HTTP 404."],
    ["/fehler", {}, "Abruf fehlgeschlagen: der Server antwortete mit HTTP 500."],
    ["/langsam", { timeoutMs: 300 }, "Keine vollständige Antwort nach 0,3 Sekunden; abgebrochen."],
    ["/langsamer-koerper", { timeoutMs: 300 }, "Keine vollständige Antwort nach 0,3 Sekunden; abgebrochen."],
    ["/riesig", {}, "Größer als 10 MB; nicht gelesen."],
    ["/riesig", { maxBytes: 100_000 }, "Größer als 100000 Bytes; nicht gelesen."],
    ["/riesig-angesagt", {}, "Größer als 10 MB; nicht gelesen."],
    ["/bild", {}, "Inhaltstyp „image/png“ ist weder JSON noch HTML."],
    ["/text", {}, "Inhaltstyp „text/plain“ ist weder JSON noch HTML."],
    ["/ohne-rezept", {}, "Kein schema.org-Rezept: die Seite hat keinen ld+json-Block."],
  ])("%s %j is skipped: %s", async (path, options, reason) => {
    const started = performance.now();
    const outcomes = await readAll([`${base}${path}`, `${base}/rezept.json`], options);
    expect(outcomes).toEqual([
      { skipped: { source: `${base}${path}`, reason } },
      { recipe: expect.objectContaining({ name: "Gurkensalat" }) },
    ]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("reports a refused connection and a name not found (DNS)", async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const dnsFailure: typeof fetch = async () => {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }),
      });
    };
    expect(await readAll([`http://127.0.0.1:${port}/`])).toEqual([
      {
        skipped: {
          source: `http://127.0.0.1:${port}/`,
          reason: "Abruf fehlgeschlagen: „127.0.0.1“ nimmt keine Verbindung an.",
        },
      },
    ]);
    expect(await readAll(["https://kuechenbuch.invalid/rezept"], { fetch: dnsFailure })).toEqual([
      {
        skipped: {
          source: "https://kuechenbuch.invalid/rezept",
          reason: "Abruf fehlgeschlagen: Rechner „kuechenbuch.invalid“ nicht gefunden (DNS).",
        },
      },
    ]);
  });

  it("asks for an address only when its turn comes", async () => {
    requests.length = 0;
    const outcomes = readRecipesWith([WPRM_PAGE, `${base}/rezept.json`], KNOWN, standInReader())[
      Symbol.asyncIterator
    ]();
    await outcomes.next();
    expect(requests).toEqual([]);
    await outcomes.next();
    expect(requests).toEqual(["/rezept.json"]);
  });
});
