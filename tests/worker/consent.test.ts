import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ALL_ACCEPTED, NECESSARY_ONLY, serializeConsent } from "../../app/lib/consent/consent.ts";

const ORIGIN = "http://localhost:8787";
const COOKIE = "wkij_einwilligung";
const ACCEPTED = `${COOKIE}=${serializeConsent(ALL_ACCEPTED)}`;
const REJECTED = `${COOKIE}=${serializeConsent(NECESSARY_ONLY)}`;

async function get(path: string, init: RequestInit = {}, origin = ORIGIN) {
  const response = await exports.default.fetch(new Request(`${origin}${path}`, { redirect: "manual", ...init }));
  return { response, html: await response.text() };
}

function post(body: string, cookie = "", origin = ORIGIN) {
  return exports.default.fetch(
    new Request(`${origin}/einwilligung`, {
      method: "POST",
      redirect: "manual",
      headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
      body,
    }),
  );
}

const bannerOpen = (html: string) =>
  html.includes('<section id="cookie-einstellungen" tabindex="-1" class="cookie-banner"');

describe("cookie banner", () => {
  it("is rendered open by the server while there is no consent cookie, with every control of the spec", async () => {
    const { html } = await get("/impressum");
    expect(bannerOpen(html)).toBe(true);
    for (const label of ["Alle akzeptieren", "Alle ablehnen", "Einstellungen", "Auswahl speichern"]) {
      expect(html).toContain(`>${label}<`);
    }
    expect(html).toContain('aria-label="Fenster schließen"');
    // Necessary is ticked and locked; the others are off.
    const box = (category: string) =>
      html.match(new RegExp(`<input type="checkbox" id="cookie-${category}"[^>]*>`))?.[0];
    expect(box("necessary")).toContain('disabled=""');
    expect(box("necessary")).toContain('checked=""');
    for (const category of ["tracking", "analytics", "marketing"]) {
      expect(box(category)).toContain(`value="${category}"`);
      expect(box(category)).not.toContain("checked");
      expect(box(category)).not.toContain("disabled");
    }
    // "Einstellungen bearbeiten" is on the page to reopen it.
    expect(html).toContain('href="#cookie-einstellungen"');
  });

  it("stays closed with a valid consent cookie, and the boxes show the choice", async () => {
    const { html } = await get("/impressum", { headers: { cookie: ACCEPTED } });
    expect(bannerOpen(html)).toBe(false);
    expect(html).toContain('class="cookie-banner is-closed"');
    expect(html).toMatch(/id="cookie-analytics"[^>]*checked=""/);
  });

  it.each([
    ["unparsable", "%7Bkaputt"],
    ["another version", encodeURIComponent(JSON.stringify({ v: 0, c: ALL_ACCEPTED }))],
    ["other categories", encodeURIComponent(JSON.stringify({ v: 1, c: { necessary: true, analytics: true } }))],
    ["an extra category", encodeURIComponent(JSON.stringify({ v: 1, c: { ...ALL_ACCEPTED, social: true } }))],
    ["necessary switched off", encodeURIComponent(JSON.stringify({ v: 1, c: { ...ALL_ACCEPTED, necessary: false } }))],
  ])("is shown again when the stored consent is %s", async (_case, value) => {
    const { response, html } = await get("/impressum", { headers: { cookie: `${COOKIE}=${value}` } });
    expect(response.status).toBe(200);
    expect(bannerOpen(html)).toBe(true);
  });
});

describe("POST /einwilligung", () => {
  it("stores 'Alle akzeptieren' for a year, SameSite=Strict, and returns to the page", async () => {
    const response = await post("auswahl=alle&redirect=%2Fsuche%3Fq%3Dsuppe");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/suche?q=suppe");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`${COOKIE}=${serializeConsent(ALL_ACCEPTED)}`);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).not.toContain("Secure");
  });

  it("marks the cookie Secure on https", async () => {
    const response = await post("auswahl=keine", "", "https://rezepte.example.org");
    expect(response.headers.get("set-cookie")).toContain("; Secure");
  });

  it("stores 'Alle ablehnen', 'Fenster schließen' and a selection as their categories", async () => {
    for (const [body, expected] of [
      ["auswahl=keine", NECESSARY_ONLY],
      ["auswahl=schliessen", NECESSARY_ONLY],
      ["auswahl=auswahl&kategorie=analytics", { ...NECESSARY_ONLY, analytics: true }],
      // Necessary cannot be switched off, whatever the form says.
      ["auswahl=auswahl", NECESSARY_ONLY],
    ] as const) {
      const response = await post(`${body}&antwort=daten`);
      expect(response.status, body).toBe(200);
      expect(response.headers.get("set-cookie"), body).toContain(`${COOKIE}=${serializeConsent(expected)}`);
    }
  });

  it("deletes analytics cookies when consent is withdrawn", async () => {
    const response = await exports.default.fetch(
      new Request("https://www.rezepte.example.org/einwilligung", {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: "https://www.rezepte.example.org",
          cookie: `${ACCEPTED}; _ga=GA1.1.123; _ga_ABC123=GS1.1; theme=dark`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "auswahl=keine",
      }),
    );
    const cookies = response.headers.getSetCookie();
    for (const name of ["_ga", "_ga_ABC123"]) {
      expect(cookies).toContain(`${name}=; Path=/; Max-Age=0`);
      expect(cookies).toContain(`${name}=; Path=/; Domain=rezepte.example.org; Max-Age=0`);
    }
    expect(cookies.join("\n")).not.toContain("theme=");
  });

  it("refuses an unknown choice and posts from other sites", async () => {
    expect((await post("auswahl=vielleicht")).status).toBe(400);
    const foreign = await exports.default.fetch(
      new Request(`${ORIGIN}/einwilligung`, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
        body: "auswahl=alle",
      }),
    );
    expect(foreign.status).toBe(403);
  });
});

describe("tag manager and Content Security Policy", () => {
  function scriptSrc(response: Response): string {
    const policy = response.headers.get("content-security-policy") ?? "";
    return policy.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
  }

  it("loads nothing from Google and allows no Google host before consent or after rejecting", async () => {
    for (const cookie of ["", REJECTED]) {
      const { response, html } = await get("/", { headers: { cookie } });
      expect(html).not.toContain("googletagmanager");
      expect(html).not.toContain("dataLayer");
      expect(scriptSrc(response)).not.toContain("googletagmanager");
      expect(response.headers.get("content-security-policy")).not.toContain("google");
    }
  });

  it("with analytics consent loads the configured container, Consent Mode first, and allows its host", async () => {
    const { response, html } = await get("/", { headers: { cookie: ACCEPTED } });
    expect(scriptSrc(response)).toContain("https://www.googletagmanager.com");
    // One script: Consent Mode defaults ("denied"), the visitor's choice, then the container is added.
    const bootstrap = html.indexOf('gtag("consent","default"');
    expect(bootstrap).toBeGreaterThan(-1);
    expect(html.indexOf('"analytics_storage":"denied"', bootstrap)).toBeGreaterThan(bootstrap);
    const update = html.indexOf('gtag("consent","update",{"analytics_storage":"granted"', bootstrap);
    expect(update).toBeGreaterThan(bootstrap);
    expect(html.indexOf("https://www.googletagmanager.com/gtm.js?id=GTM-TEST123", update)).toBeGreaterThan(update);
  });

  it("gives every inline script this response's nonce, and a new one each time", async () => {
    const first = await get("/", { headers: { cookie: ACCEPTED } });
    const nonce = scriptSrc(first.response).match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const inline = [...first.html.matchAll(/<script(?![^>]*type="application\/ld\+json")(?![^>]*\ssrc=)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    const second = await get("/", { headers: { cookie: ACCEPTED } });
    expect(scriptSrc(second.response)).not.toContain(nonce);
  });
});

describe("security headers", () => {
  const PATHS = [
    "/",
    "/zufallsgenerator",
    "/suche?q=suppe",
    "/zutatensuche",
    "/kategorie/soup",
    "/rezepte/gibt-es-nicht",
    "/gespeicherte-rezepte",
    "/impressum",
    "/datenschutz",
    "/ueber-uns",
    "/robots.txt",
    "/sitemap.xml",
    "/login",
    "/gibt-es-nicht",
    "/directus/items/recipe",
  ];

  it.each(PATHS)("%s carries every security header", async (path) => {
    const { response } = await get(path);
    const headers = response.headers;
    expect(headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("permissions-policy")).toContain("camera=()");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(headers.get("content-security-policy")).toContain("object-src 'none'");
  });

  it("sandboxes what the /directus proxy returns", async () => {
    const { response } = await get("/directus/items/recipe");
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none';.*sandbox/);
  });

  it("sends no policy with a 304, so the browser keeps the one matching its stored page", async () => {
    const first = await get("/impressum", { headers: { cookie: REJECTED } });
    const etag = first.response.headers.get("etag") ?? "";
    const repeat = await get("/impressum", { headers: { cookie: REJECTED, "if-none-match": etag } });
    expect(repeat.response.status).toBe(304);
    expect(repeat.response.headers.get("content-security-policy")).toBeNull();
  });
});
