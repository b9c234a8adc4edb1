import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { scriptsToPreload } from "../../app/lib/page-scripts/deferred-module.ts";

const ORIGIN = "http://localhost:8787";

/** One request through the Worker, redirects not followed. */
function get(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
}

function titleOf(html: string): string | undefined {
  return html.match(/<title>([^<]*)<\/title>/)?.[1];
}

const PAGES = [
  { path: "/", title: "Was koche ich jetzt? Zufällige Rezepte und Zutatensuche", tab: "zufällige Rezepte" },
  {
    path: "/zufallsgenerator",
    title: "Was koche ich jetzt? Zufällige Rezepte und Zutatensuche",
    tab: "zufällige Rezepte",
  },
  { path: "/zutatensuche", title: "Zutatensuche - Was koche ich jetzt", tab: "Zutatensuche" },
  { path: "/gespeicherte-rezepte", title: "Gespeicherte Rezepte - Was koche ich jetzt", tab: "Gespeicherte Rezepte" },
  { path: "/suche", title: "Rezeptsuche - Was koche ich jetzt", tab: "Suche" },
  { path: "/kategorie/soup", title: "Suppen - Was koche ich jetzt" },
  { path: "/kategorie/baked_dish", title: "Rezepte für den Ofen - Was koche ich jetzt" },
  { path: "/impressum", title: "Impressum - Was koche ich jetzt" },
  { path: "/datenschutz", title: "Datenschutzerklärung - Was koche ich jetzt" },
  { path: "/ueber-uns", title: "Über Uns - Was koche ich jetzt" },
];

describe("pages", () => {
  it.each(PAGES)("$path renders with its title and the app shell", async ({ path, title, tab }) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();

    expect(html).toMatch(/^<!DOCTYPE html><html lang="de">/);
    expect(titleOf(html)).toBe(title);
    // Header: search button, title linking to the generator.
    expect(html).toContain('aria-label="Suche" href="/suche"');
    expect(html).toMatch(/<a class="site-title" href="\/zufallsgenerator"[^>]*>.*<span>Was koche ich jetzt\?<\/span>/);
    // Tab bar: four tabs, the current one (if any) marked.
    const tabs = [...html.matchAll(/<li><a ([^>]*)>.*?<span>([^<]+)<\/span><\/a><\/li>/g)];
    expect(tabs.map((match) => match[2])).toEqual(
      expect.arrayContaining(["zufällige Rezepte", "Zutatensuche", "Gespeicherte Rezepte", "Suche"]),
    );
    const current = tabs.filter((match) => match[1]?.includes('aria-current="page"')).map((match) => match[2]);
    expect(current).toEqual(tab ? [tab] : []);
    // Footer.
    expect(html).toContain("Lasse dich inspirieren");
    expect(html).toContain(`href="/login?redirect=${encodeURIComponent(path)}"`);
  });

  it.each(PAGES)(
    "$path writes its parts in place, each a boundary hydrated on its own (decision 0059)",
    async ({ path }) => {
      const html = await (await get(path)).text();
      // A boundary written later would be a fallback here and a script that moves it into place: without JavaScript
      // the part would be missing. The home page's is larger than React's default limit for that.
      expect(html).not.toContain('<template id="B:');
      expect(html).not.toContain("$RC(");
      expect(html).toContain('<!--$--><section id="cookie-einstellungen"');
      expect(html).toContain('<!--$--><header class="site-header"');
      expect(html).toMatch(/<main id="inhalt" tabindex="-1">(?:<p class="notice site-notice"[^<]*<\/p>)?<!--\$-->/);
      expect(html).toContain('<!--$--><footer class="site-footer"');
    },
  );

  it.each(PAGES)(
    "$path asks for no script while it loads, and names the ones to start after (decision 0045)",
    async ({ path }) => {
      const html = await (await get(path)).text();
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      const deferred = [
        ...html.matchAll(/<script nonce="[^"]+" type="text\/x-module-after-load"[^>]*>([^<]*)<\/script>/g),
      ];
      expect(deferred).toHaveLength(1);
      const moduleScript = deferred[0]?.[1] ?? "";
      // The start script follows it, with the page's nonce.
      const after = html.slice(html.indexOf(moduleScript) + moduleScript.length);
      expect(after).toMatch(/^<\/script><script nonce="[^"]+">\(function\(\)\{.*x-module-after-load/);
      // What it preloads is what React Router's own preloads were: the entry and its imports, and the module
      // and imports of each route the page shows (named by id in the route modules' map), each once.
      const manifest = JSON.parse(
        /window\.__reactRouterManifest = (\{[\s\S]*?\n\});/.exec(moduleScript)?.[1] ?? "{}",
      ) as {
        entry: { module: string; imports: string[] };
        routes: Record<string, { module: string; imports?: string[] }>;
      };
      const shown = Object.keys(
        JSON.parse(
          (/window\.__reactRouterRouteModules = (\{[^}]*\})/.exec(moduleScript)?.[1] ?? "{}").replace(
            /:route\d+/g,
            ":0",
          ),
        ),
      );
      expect(shown.length).toBeGreaterThanOrEqual(2);
      const expected = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (const id of shown) {
        for (const script of [manifest.routes[id]?.module ?? "", ...(manifest.routes[id]?.imports ?? [])])
          expected.add(script);
      }
      const preloads = scriptsToPreload(moduleScript);
      expect(preloads).toHaveLength(expected.size);
      expect(new Set(preloads)).toEqual(expected);
    },
  );

  it("links every footer item of the spec", async () => {
    const html = await (await get("/")).text();
    const footer = html.slice(html.indexOf('<footer class="site-footer">'));
    for (const [href, label] of [
      ["/kategorie/soup", "Suppen"],
      ["/kategorie/pasta", "Pasta"],
      ["/kategorie/salad", "Salate"],
      ["/kategorie/dish", "Klassische Rezepte"],
      ["/kategorie/baked_dish", "Rezepte für den Ofen"],
      ["/ueber-uns", "Über Uns"],
      ["/impressum", "Impressum"],
      ["/datenschutz", "Datenschutzerklärung"],
    ]) {
      expect(footer).toMatch(new RegExp(`href="${href}"[^>]*>${label}</a>`));
    }
    expect(footer).toContain('href="https://play.google.com/store/apps/details?id=org.example.waskocheich"');
    expect(footer).toContain("höchstens 30 Minuten");
  });

  it("fills the Impressum from the configured operator data and credits the legal-text source", async () => {
    const html = await (await get("/impressum")).text();
    for (const text of ["Beispiel Küchen GmbH (Beispieldaten)", "Musterstraße 1", "12345 Musterstadt"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('href="mailto:kontakt@example.org"');
    expect(html).toMatch(/Quelle: <a href="https:\/\/example.org\/rechtstexte">Beispiel-Rechtstexte/);
    expect(html).toMatch(/<img [^>]*src="\/images\/impressum.svg"[^>]*width="640" height="240"/);
  });

  it("gives the signed-out saved-recipes page a Google sign-in link back to it", async () => {
    const html = await (await get("/gespeicherte-rezepte")).text();
    expect(html).toMatch(/href="\/login\?redirect=%2Fgespeicherte-rezepte"[^>]*>Mit Google anmelden<\/a>/);
  });
});

describe("redirects", () => {
  it.each([
    ["/nirgendwo", "/"],
    ["/a/b/c", "/"],
    ["/rezept", "/"],
    ["/kategorie/unbekannt", "/"],
    ["/kategorie", "/"],
    ["/rezepte/gibt-es-nicht", "/"],
  ])("%s goes to %s", async (path, target) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location") ?? "", ORIGIN).pathname).toBe(target);
  });

  it("sends an upper-case category to its lower-case address for good", async () => {
    const response = await get("/kategorie/SOUP");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/kategorie/soup");
  });
});

describe("headers", () => {
  it.each(["/", "/impressum", "/nirgendwo"])("%s carries the security headers", async (path) => {
    const response = await get(path);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("answers a form post to a page without an action with 405, not a crash", async () => {
    const response = await get("/impressum", { method: "POST", body: new URLSearchParams({ a: "b" }) });
    expect(response.status).toBe(405);
  });

  it("answers HEAD without a body", async () => {
    const response = await get("/impressum", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});
