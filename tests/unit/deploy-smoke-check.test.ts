import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CheckResult,
  firstRecipeCard,
  parseSiteOrigin,
  smokeCheck,
  versionOverride,
} from "../../scripts/operations/deploy/smoke-check.ts";
import {
  type EdgeStandIn,
  goodSite,
  type SiteAnswers,
  siteWith,
  startEdgeStandIn,
} from "../stand-ins/edge-stand-in.ts";

const WORKER = "was-koche-ich-jetzt";
const OLD = randomUUID();
const NEW = randomUUID();

/** Which checks fail, by name. */
const failed = (results: CheckResult[]) => results.filter((r) => !r.ok).map((r) => r.name);

describe("smokeCheck against a site answering as the new version", () => {
  // The new version answers only requests that name it in the override header, as Cloudflare routes them;
  // everything else reaches the old one, which is healthy.
  let site: SiteAnswers = goodSite;
  let edge: EdgeStandIn;
  beforeAll(async () => {
    edge = await startEdgeStandIn((override) => (override === `${WORKER}="${NEW}"` ? NEW : OLD), {
      [OLD]: goodSite,
      [NEW]: (path, search) => site(path, search),
    });
  });
  afterAll(() => edge.close());

  const ALL = ["health", "home", "recipe", "search", "ingredient search"];
  const CASES: { name: string; site: SiteAnswers; fails: string[]; problem?: RegExp }[] = [
    { name: "a healthy site", site: goodSite, fails: [] },
    { name: "/healthz answering 503", site: siteWith({ "/healthz": { status: 503 } }), fails: ["health"] },
    {
      name: "/healthz answering 500",
      site: siteWith({ "/healthz": { status: 500 } }),
      fails: ["health"],
      problem: /answered 500/,
    },
    {
      name: "/ without recipe cards (an empty catalog)",
      site: siteWith({ "/": { status: 200, body: "<h1>Zufällige Rezepte</h1><p>Keine Rezepte</p>" } }),
      fails: ["home", "recipe", "search"],
    },
    {
      name: "/ showing another page",
      site: siteWith({ "/": { status: 200, body: "<h1>Fehler</h1>" } }),
      fails: ["home", "recipe", "search"],
    },
    {
      name: "/ answering 500",
      site: siteWith({ "/": { status: 500, body: "<h1>Zufällige Rezepte</h1>" } }),
      fails: ["home", "recipe", "search"],
    },
    {
      name: "the recipe redirecting to / (unknown slug)",
      site: siteWith({ "/rezepte/linsen-dal": { status: 302, location: "/" } }),
      fails: ["recipe"],
      problem: /answered 302/,
    },
    {
      name: "the recipe page under another title",
      site: siteWith({
        "/rezepte/linsen-dal": { status: 200, body: '<title>Fehler</title><article data-slug="linsen-dal">' },
      }),
      fails: ["recipe"],
    },
    {
      name: "the name search not finding the recipe",
      site: siteWith({ "/suche": { status: 200, body: "<h1>Rezeptsuche</h1>" } }),
      fails: ["search"],
    },
    {
      name: "the ingredient search answering 500",
      site: siteWith({ "/zutatensuche": { status: 500 } }),
      fails: ["ingredient search"],
    },
    {
      name: "the ingredient search showing another page",
      site: siteWith({ "/zutatensuche": { status: 200, body: "<h1>Rezeptsuche</h1>" } }),
      fails: ["ingredient search"],
    },
    {
      name: "answers without the Worker-Version header",
      site: (path, search) => ({ ...goodSite(path, search), version: null }),
      fails: ALL,
      problem: /answered by version \(none named\)/,
    },
    {
      name: "answers naming the old version (the override was not applied)",
      site: (path, search) => ({ ...goodSite(path, search), version: OLD }),
      fails: ALL,
      problem: new RegExp(`answered by version ${OLD}`),
    },
    {
      name: "/healthz not answering in time",
      site: siteWith({ "/healthz": { status: 200, delayMs: 2_000 } }),
      fails: ["health"],
      problem: /no answer/,
    },
  ];

  it.each(CASES)("$name: fails $fails", async (variant) => {
    site = variant.site;
    const results = await smokeCheck({ site: edge.url, worker: WORKER, version: NEW }, { timeoutMs: 500 });
    expect(results.map((r) => r.name)).toEqual(ALL);
    expect(failed(results)).toEqual(variant.fails);
    if (variant.problem) {
      const problems = results.filter((r) => !r.ok).map((r) => r.problem);
      expect(problems.some((problem) => variant.problem?.test(problem ?? ""))).toBe(true);
    }
  });

  it("asks the recipe of the first card and searches it by its name", async () => {
    site = goodSite;
    edge.requests.length = 0;
    await smokeCheck({ site: edge.url, worker: WORKER, version: NEW });
    expect(edge.requests).toEqual([
      { path: "/healthz", version: NEW },
      { path: "/", version: NEW },
      { path: "/rezepte/linsen-dal", version: NEW },
      { path: `/suche?q=${encodeURIComponent("Linsen-Dal & Reis")}`, version: NEW },
      { path: "/zutatensuche", version: NEW },
    ]);
  });

  it("checks whichever version answers when told no version", async () => {
    site = siteWith({ "/healthz": { status: 503 } });
    // The old version answers (no override is sent), and it is healthy.
    expect(failed(await smokeCheck({ site: edge.url, worker: WORKER, version: null }))).toEqual([]);
  });
});

describe("versionOverride", () => {
  it("is a Structured Fields dictionary naming the Worker and the version as a string", () => {
    expect(versionOverride(WORKER, NEW)).toBe(`was-koche-ich-jetzt="${NEW}"`);
  });

  it.each([
    ["Was-Koche", NEW],
    ["1worker", NEW],
    ['worker="x", other', NEW],
    [WORKER, "latest"],
    [WORKER, `${NEW}"; x="1`],
  ])("refuses %s / %s", (worker, version) => {
    expect(() => versionOverride(worker, version)).toThrow();
  });
});

describe("parseSiteOrigin", () => {
  it.each([
    ["https://www.example.de", "https://www.example.de"],
    ["https://www.example.de/", "https://www.example.de"],
    ["http://127.0.0.1:8787", "http://127.0.0.1:8787"],
  ])("takes %s", (value, origin) => {
    expect(parseSiteOrigin(value)).toBe(origin);
  });

  it.each([
    undefined,
    "",
    "www.example.de",
    "http://www.example.de",
    "https://www.example.de/rezepte",
    "https://www.example.de/?x=1",
    "https://user:pass@www.example.de",
    "ftp://www.example.de",
    "javascript:alert(1)",
  ])("refuses %s", (value) => {
    expect(() => parseSiteOrigin(value)).toThrow(/SITE_URL/);
  });
});

describe("firstRecipeCard", () => {
  it("reads the first card's slug and its heading as text", () => {
    const html =
      '<article class="recipe-card" data-slug="kaese-spaetzle"><h3 class="recipe-name"><a href="/rezepte/kaese-spaetzle">' +
      "Käse-Spätzle &amp; Röstzwiebeln &#8211; schnell</a></h3><h2>Andere</h2></article>" +
      '<article data-slug="zweites"><h2>Zweites</h2></article>';
    expect(firstRecipeCard(html)).toEqual({ slug: "kaese-spaetzle", name: "Käse-Spätzle & Röstzwiebeln – schnell" });
  });

  it.each([
    ["no card", "<h1>Zufällige Rezepte</h1>"],
    ["a slug that is not one", '<article data-slug="../admin"><h2>X</h2></article>'],
    ["a card without a heading", '<article data-slug="linsen"><p>X</p></article>'],
    ["an empty heading", '<article data-slug="linsen"><h2><a href="/"></a></h2></article>'],
  ])("finds none in %s", (_, html) => {
    expect(firstRecipeCard(html)).toBeNull();
  });
});
