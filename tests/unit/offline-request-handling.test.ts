import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RequestFacts, requestHandling } from "../../app/offline/request-handling.ts";
import { URL_ATTACK_PIECES } from "../attacks/url-pieces.ts";

const ORIGIN = "https://www.example.org";

function request(path: string, facts: Partial<RequestFacts> = {}): RequestFacts {
  return {
    url: path.startsWith("/") ? `${ORIGIN}${path}` : path,
    method: "GET",
    mode: "no-cors",
    destination: "",
    referrer: "",
    ...facts,
  };
}

const navigation = { mode: "navigate", destination: "document" };

describe("requestHandling", () => {
  it.each([
    ["a recipe", "/rezepte/gazpacho", true],
    ["the saved recipes", "/gespeicherte-rezepte", true],
    ["the search", "/suche?q=suppe", false],
    ["the home page", "/", false],
    ["an unknown path", "/nirgendwo", false],
  ])("opens %s from the network first, kept: %s", (_name, path, kept) => {
    const handling = requestHandling(request(path, navigation), ORIGIN);
    expect(handling).toMatchObject({ kind: "page", signsIn: false });
    expect(handling.kind === "page" && handling.kept !== undefined).toBe(kept);
  });

  it.each(["/login?redirect=%2F", "/login/zurueck?redirect=%2Fgespeicherte-rezepte"])(
    "forgets the account before %s leaves",
    (path) => {
      expect(requestHandling(request(path, navigation), ORIGIN)).toEqual({
        kind: "page",
        kept: undefined,
        signsIn: true,
      });
    },
  );

  it("answers Directus' sign-in steps too (with the browser's own request), keeping nothing", () => {
    expect(requestHandling(request("/directus/auth/login/google", navigation), ORIGIN)).toEqual({
      kind: "page",
      kept: undefined,
      signsIn: false,
    });
  });

  it("leaves a sign-out post to the browser, forgetting the account", () => {
    expect(requestHandling(request("/logout", { ...navigation, method: "POST" }), ORIGIN)).toEqual({
      kind: "sign-out",
    });
  });

  it.each([
    ["a form post", "/gespeicherte-rezepte", { ...navigation, method: "POST" }],
    ["the consent post", "/einwilligung", { ...navigation, method: "POST" }],
    ["a HEAD", "/rezepte/gazpacho", { ...navigation, method: "HEAD" }],
    ["another site's page", "https://evil.example/rezepte/gazpacho", navigation],
    ["another site's file", "https://evil.example/assets/app.css", {}],
    ["the list of ingredients", "/zutatensuche/zutaten.json", { mode: "cors" }],
    ["a list page's data", "/kategorie/soup.data?_routes=routes%2Fcategory", { mode: "cors" }],
    ["the route manifest", "/__manifest?paths=%2Frezepte%2Fx", { mode: "cors" }],
    [
      "an image of a list page",
      "/directus/assets/abc?width=836",
      { destination: "image", referrer: `${ORIGIN}/suche` },
    ],
    ["an image without a page", "/directus/assets/abc?width=836", { destination: "image" }],
    ["a Directus call", "/directus/users/me", { mode: "cors", referrer: `${ORIGIN}/rezepte/gazpacho` }],
    ["the service worker itself", "/sw.js", {}],
    ["a static file", "/icon.svg", { destination: "image" }],
  ])("leaves %s alone", (_name, path, facts) => {
    expect(requestHandling(request(path, facts), ORIGIN)).toEqual({ kind: "none" });
  });

  it("takes build files from the cache first", () => {
    for (const path of ["/assets/app-C0FsXwfo.css", "/assets/framework--MJMMZYN.js"]) {
      expect(requestHandling(request(path, { mode: "cors", destination: "script" }), ORIGIN)).toEqual({
        kind: "asset",
      });
    }
  });

  it("keeps a recipe image with the kept page that shows it", () => {
    const handling = requestHandling(
      request("/directus/assets/1f0c?fit=cover&width=836&quality=80&format=avif", {
        destination: "image",
        referrer: `${ORIGIN}/rezepte/gazpacho?portionen=2`,
      }),
      ORIGIN,
    );
    expect(handling).toEqual({
      kind: "image",
      shownBy: {
        kind: "recipe",
        page: `${ORIGIN}/rezepte/gazpacho`,
        key: `${ORIGIN}/rezepte/gazpacho?portionen=2`,
        recent: true,
      },
    });
  });

  it("keeps a kept page whose data a navigation in the page asks for", () => {
    const handling = requestHandling(
      request("/rezepte/gazpacho.data?_routes=routes%2Frecipe", { mode: "cors" }),
      ORIGIN,
    );
    expect(handling).toMatchObject({ kind: "page-data", kept: { key: `${ORIGIN}/rezepte/gazpacho` } });
  });

  it("never throws, never takes a post or another origin's request", () => {
    const address = fc.oneof(
      fc.string(),
      fc
        .array(fc.constantFrom(...URL_ATTACK_PIECES, "rezepte", "assets", "directus", ".data", "login", "?", "#"), {
          maxLength: 12,
        })
        .map((pieces) => `${ORIGIN}/${pieces.join("")}`),
    );
    fc.assert(
      fc.property(
        address,
        fc.constantFrom("GET", "POST", "HEAD", "PUT", "get"),
        fc.constantFrom("navigate", "cors", "no-cors", "same-origin"),
        fc.constantFrom("document", "image", "script", ""),
        fc.oneof(address, fc.constant("")),
        (url, method, mode, destination, referrer) => {
          const handling = requestHandling({ url, method, mode, destination, referrer }, ORIGIN);
          if (handling.kind === "none") return;
          expect(new URL(url).origin).toBe(ORIGIN);
          expect(method === "GET" || (handling.kind === "sign-out" && method === "POST")).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
