/**
 * Generated hostile requests against the built Worker: odd encodings, lone
 * surrogates, long values, markup, wrong methods and body types, broken
 * cookies. Whatever arrives, the answer is never a 5xx and never carries
 * the request's markup back.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { publishRecipes, recipe } from "../catalog-fixture.ts";
import { ORIGIN, send } from "./upstream.ts";

beforeAll(() =>
  publishRecipes([
    recipe({ id: 1, slug: "tomatensuppe", name: "Tomatensuppe", type: "SOUP", ingredients: ["Tomate", "Zwiebel"] }),
    recipe({ id: 2, slug: "nudelsalat", name: "Nudelsalat", type: "SALAD", ingredients: ["Nudeln", "Gurke"] }),
  ]),
);

/** Markup that must never come back as markup. */
const MARKER = '<script>alert("wkij")</script>';
const MARKERS = [MARKER, '"><img src=x onerror=alert(1)>', "<svg/onload=alert(1)>"];

const PATHS = [
  "/",
  "/zufallsgenerator",
  "/zutatensuche",
  "/suche",
  "/kategorie/soup",
  "/kategorie/",
  "/rezepte/tomatensuppe",
  "/rezepte/",
  "/gespeicherte-rezepte",
  "/einkaufsliste",
  "/wochenplan",
  "/impressum",
  "/datenschutz",
  "/ueber-uns",
  "/einwilligung",
  "/login",
  "/login/zurueck",
  "/logout",
  "/robots.txt",
  "/sitemap.xml",
  "/sitemap/rezepte-1.xml",
  "/directus/assets/11111111-2222-4333-8444-555555555555",
  "/directus/auth/login/google",
  "/suche.data",
  "/zutatensuche.data",
  "/_.data",
  "/gespeicherte-rezepte.data",
  "/einkaufsliste.data",
  "/wochenplan.data",
];

/** Text an attacker puts into a path segment, a parameter, a cookie or a form field. */
const hostileText = fc.oneof(
  fc.constantFrom(
    ...MARKERS,
    "%",
    "%%",
    "%E0%A4%A",
    "%C0%AF",
    "%ED%A0%80", // an encoded lone surrogate
    "%FF%FE",
    "%00",
    "%0d%0aSet-Cookie:%20x=1",
    "..%2F..%2F",
    "//evil.invalid",
    "/\\evil.invalid",
    "\ud800",
    "\udfff",
    "\u0000",
    "\u202e",
    "null",
    "undefined",
    "__proto__",
    "constructor",
    "-1",
    "1e309",
    "NaN",
    "[]",
    "{}",
    // A kind chosen as a whole in the ingredient search (z=sorte:<kind>).
    "sorte:",
    "sorte:kaese",
    "SORTE:KAESE",
    "sorte:__proto__",
    "sorte:constructor",
    "sorte:sorte:kaese",
    "sorte%3Akaese%00",
    // The lists' filter (ernaehrung=, zeit=): the known values, and spellings close to them.
    "vegan",
    "Vegan",
    "vegetarisch ",
    "15",
    "015",
    "30.0",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => "a".repeat(n)),
);

/** Whether `text` has no lone surrogate (encodeURIComponent throws on one). */
function wellFormed(text: string): boolean {
  return !/\p{Cs}/u.test(text);
}

/** What a Cookie header can carry: visible ASCII without separators. */
function cookieSafe(text: string): string {
  return [...text].filter((char) => char > " " && char < "\u007f" && char !== ";").join("");
}

/** Percent-encodes what a URL cannot carry raw, but leaves stray % and encoded sequences as they are. */
function urlSafe(text: string): string {
  return [...text]
    .map((char) =>
      /[A-Za-z0-9%\-._~!$&'()*+,;=:@/]/.test(char) ? char : encodeURIComponent(wellFormed(char) ? char : "\ufffd"),
    )
    .join("");
}

const query = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          "q",
          "z",
          "ohne",
          "zutat",
          "seite",
          "ernaehrung",
          "zeit",
          "typ",
          "zuletzt",
          "redirect",
          "reason",
          "_routes",
          "x",
        ),
        hostileText,
      ),
      hostileText,
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([key, value]) => `${urlSafe(key)}=${urlSafe(value)}`).join("&"));

const cookie = fc
  .array(
    fc.tuple(
      fc.constantFrom("directus_session_token", "wkij_einwilligung", "wkij_csrf", "wkij_hinweis", "openid.google", "x"),
      hostileText,
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([name, value]) => `${name}=${cookieSafe(value)}`).join("; "));

const request = fc.record({
  method: fc.constantFrom("GET", "GET", "HEAD", "POST", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"),
  path: fc.oneof(
    fc.constantFrom(...PATHS),
    fc.tuple(fc.constantFrom(...PATHS), hostileText).map(([path, tail]) => `${path}/${urlSafe(tail)}`),
  ),
  query,
  cookie,
  contentType: fc.constantFrom(
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded; charset=utf-8",
    "multipart/form-data; boundary=x",
    "multipart/form-data",
    "application/json",
    "text/plain",
    "text/html",
    "",
  ),
  body: fc.oneof(
    hostileText,
    fc
      .array(
        fc.tuple(
          fc.constantFrom("aktion", "rezept", "redirect", "csrf", "auswahl", "kategorie", "antwort"),
          hostileText,
        ),
        {
          maxLength: 5,
        },
      )
      .map((pairs) =>
        pairs.map(([key, value]) => `${key}=${encodeURIComponent(wellFormed(value) ? value : "x")}`).join("&"),
      ),
  ),
  origin: fc.constantFrom(ORIGIN, ORIGIN, "https://evil.invalid", "null", undefined),
  accept: fc.constantFrom("text/html", "*/*", "application/json", undefined),
});

/**
 * Content types a browser never renders as a document once sniffing is off.
 * A route's `.data` answer carries the search words back as a string in the
 * turbo-stream (that is how the client renders "Ergebnisse für …"); it is
 * only harmless because of its type and `nosniff`, so both are checked here.
 * An allow-list: any other type (HTML, XML, SVG, none) must not echo markup.
 */
const DATA_TYPES = ["text/x-script", "application/json"];

function rendersAsData(response: Response): boolean {
  const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!DATA_TYPES.includes(type)) return false;
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  return true;
}

describe("hostile requests", () => {
  it("never get a 5xx and never get their markup back", async () => {
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const headers: Record<string, string> = {};
        if (input.cookie) headers.cookie = input.cookie;
        if (input.origin) headers.origin = input.origin;
        if (input.accept) headers.accept = input.accept;
        const hasBody = input.method !== "GET" && input.method !== "HEAD";
        if (hasBody && input.contentType) headers["content-type"] = input.contentType;
        const path = `${input.path}${input.query ? `?${input.query}` : ""}`;
        const response = await send(path, {
          method: input.method,
          headers,
          body: hasBody ? input.body : undefined,
        });
        const text = await response.text();
        const what = `${input.method} ${path}`;
        expect(response.status, what).toBeLessThan(500);
        if (rendersAsData(response)) return;
        for (const marker of MARKERS) expect(text, what).not.toContain(marker);
      }),
      { numRuns: 600 },
    );
  }, 60_000);

  it("an 8 MB form body is refused with 413 before anything reads it", async () => {
    for (const path of ["/logout", "/einwilligung", "/gespeicherte-rezepte"]) {
      const response = await send(path, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
        body: `auswahl=alle&x=${"a".repeat(8 * 1024 * 1024)}`,
      });
      expect(response.status, path).toBe(413);
      expect(await response.text()).toContain("Diese Anfrage ist zu groß");
    }
  });

  it("a streamed body without a length is cut off at the limit too", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024;
        controller.enqueue(new TextEncoder().encode("a".repeat(1024)));
        if (sent >= 1024 * 1024) controller.close();
      },
    });
    const response = await send("/einwilligung", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body,
      // @ts-expect-error: streaming request bodies need this in the fetch standard
      duplex: "half",
    });
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it.each([
    ["JSON", "application/json", '{"auswahl":"alle"}'],
    ["multipart", "multipart/form-data; boundary=x", "--x\r\nbroken"],
    ["plain text", "text/plain", "auswahl=alle"],
    ["no type", "", "auswahl=alle"],
  ])("a %s body is refused with 415 and a German answer", async (_name, type, body) => {
    for (const path of ["/logout", "/einwilligung", "/gespeicherte-rezepte"]) {
      const headers: Record<string, string> = { origin: ORIGIN, accept: "text/html" };
      if (type) headers["content-type"] = type;
      const response = await send(path, { method: "POST", headers, body });
      expect(response.status, path).toBe(415);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(await response.text()).toContain("Format, das wir nicht annehmen");
    }
  });

  it.each(MARKERS)("search words %s come back escaped in the page and inert in its data", async (marker) => {
    const q = encodeURIComponent(marker);
    const page = await send(`/suche?q=${q}`, { headers: { accept: "text/html" } });
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).not.toContain(marker);
    const data = await send(`/suche.data?q=${q}`);
    expect(data.status).toBe(200);
    expect(data.headers.get("content-type")).toContain("text/x-script");
    expect(data.headers.get("x-content-type-options")).toBe("nosniff");
    await data.arrayBuffer();
  });

  it.each(["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"])("%s is refused with 405", async (method) => {
    const response = await send("/suche", { method, headers: { origin: ORIGIN } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
    await response.arrayBuffer();
  });
});

describe("broken percent-encoding in the path", () => {
  it.each(["/rezepte/%E0%A4%A", "/kategorie/%%", "/login/%ED%A0%80", "/suche.data/%FF%FE", "/%C0%AF"])(
    "%s gets a German 400",
    async (path) => {
      const response = await send(path, { headers: { accept: "text/html" } });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Diese Anfrage verstehen wir nicht.");
    },
  );
});
