import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keptPage, pageOfDataRequest } from "../../app/offline/kept-pages.ts";
import { URL_ATTACK_PIECES } from "../attacks/url-pieces.ts";

const ORIGIN = "https://www.example.org";

describe("keptPage", () => {
  it.each([
    ["/rezepte/gazpacho", "recipe", "/rezepte/gazpacho", true],
    ["/rezepte/gazpacho?portionen=4", "recipe", "/rezepte/gazpacho?portionen=4", true],
    ["/rezepte/gazpacho?portionen=12", "recipe", "/rezepte/gazpacho?portionen=12", true],
    ["/rezepte/kaese-spaetzle-2", "recipe", "/rezepte/kaese-spaetzle-2", true],
    ["/rezepte/gazpacho#zutaten", "recipe", "/rezepte/gazpacho", true],
    ["/gespeicherte-rezepte", "saved-recipes", "/gespeicherte-rezepte", false],
    ["/einkaufsliste", "shopping-list", "/einkaufsliste", false],
  ])("keeps %s as a %s under %s", (path, kind, key, recent) => {
    const kept = keptPage(`${ORIGIN}${path}`, ORIGIN);
    expect(kept).toEqual({ kind, key: `${ORIGIN}${key}`, page: `${ORIGIN}${new URL(key, ORIGIN).pathname}`, recent });
  });

  it("keeps one page per recipe, whatever its servings", () => {
    const pages = ["", "?portionen=2", "?portionen=7"].map((query) => keptPage(`${ORIGIN}/rezepte/x${query}`, ORIGIN));
    expect(new Set(pages.map((page) => page?.page))).toEqual(new Set([`${ORIGIN}/rezepte/x`]));
    expect(new Set(pages.map((page) => page?.key)).size).toBe(3);
  });

  it.each([
    ["a list page", "/kategorie/soup"],
    ["the search", "/suche?q=suppe"],
    ["the home page", "/"],
    ["the offline page", "/offline"],
    ["a recipe's data", "/rezepte/gazpacho.data"],
    ["a path below a recipe", "/rezepte/gazpacho/x"],
    ["the recipe list itself", "/rezepte/"],
    ["an upper-case slug", "/rezepte/Gazpacho"],
    ["an encoded slug", "/rezepte/k%C3%A4se"],
    ["a slug with a double hyphen", "/rezepte/a--b"],
    ["a slug with a dot segment", "/rezepte/%2e%2e"],
    ["a parameter the page does not read", "/rezepte/gazpacho?utm_source=x"],
    ["servings twice", "/rezepte/gazpacho?portionen=2&portionen=3"],
    ["servings out of range", "/rezepte/gazpacho?portionen=13"],
    ["servings not canonical", "/rezepte/gazpacho?portionen=04"],
    ["servings empty", "/rezepte/gazpacho?portionen="],
    ["a parameter on the saved list", "/gespeicherte-rezepte?seite=2"],
    ["a longer path", "/gespeicherte-rezepte/x"],
  ])("does not keep %s (%s)", (_name, path) => {
    expect(keptPage(`${ORIGIN}${path}`, ORIGIN)).toBeUndefined();
  });

  it.each([
    ["another origin", "https://evil.example/rezepte/gazpacho"],
    ["another scheme", "http://www.example.org/rezepte/gazpacho"],
    ["another port", "https://www.example.org:8443/rezepte/gazpacho"],
    ["not a URL", "/rezepte/gazpacho"],
    ["empty", ""],
  ])("does not keep an address of %s", (_name, address) => {
    expect(keptPage(address, ORIGIN)).toBeUndefined();
  });

  it("never throws, and what it keeps is on our origin under a known path", () => {
    const hostile = fc
      .array(fc.constantFrom(...URL_ATTACK_PIECES, "rezepte", "gespeicherte-rezepte", "?portionen=4", "#", "&"), {
        maxLength: 12,
      })
      .map((pieces) => pieces.join(""));
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string()), fc.boolean(), (tail, absolute) => {
        const kept = keptPage(absolute ? `${ORIGIN}/${tail}` : tail, ORIGIN);
        if (!kept) return;
        const key = new URL(kept.key);
        expect(key.origin).toBe(ORIGIN);
        expect(key.pathname).toMatch(/^\/(?:rezepte\/[a-z0-9-]+|gespeicherte-rezepte|einkaufsliste)$/);
        expect(kept.page).toBe(`${ORIGIN}${key.pathname}`);
        expect(keptPage(kept.key, ORIGIN)).toEqual(kept);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("pageOfDataRequest", () => {
  it.each([
    ["/rezepte/gazpacho.data?_routes=root%2Croutes%2Frecipe", "/rezepte/gazpacho"],
    ["/rezepte/gazpacho.data?portionen=4&_routes=routes%2Frecipe", "/rezepte/gazpacho?portionen=4"],
    ["/gespeicherte-rezepte.data", "/gespeicherte-rezepte"],
    ["/_.data", "/"],
  ])("reads the page of %s", (data, page) => {
    expect(pageOfDataRequest(`${ORIGIN}${data}`)).toBe(`${ORIGIN}${page}`);
  });

  it.each(["/rezepte/gazpacho", "/assets/app.css", "/data", "not a URL"])("knows %s is none", (address) => {
    expect(pageOfDataRequest(address.startsWith("/") ? `${ORIGIN}${address}` : address)).toBeUndefined();
  });

  it("never throws", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        pageOfDataRequest(`${ORIGIN}/${text}.data`);
        pageOfDataRequest(text);
      }),
      { numRuns: 1_000 },
    );
  });
});
