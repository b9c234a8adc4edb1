/**
 * The site's own rules at the edge: scripts run by nonce only, the form
 * token lives exactly as long as the sign-in, the edge cache keeps canonical
 * addresses only, and every redirect we answer with stays on our origin.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { URL_ATTACK_PIECES } from "../../attacks/url-pieces.ts";
import { ORIGIN, send, signOutRequest } from "./upstream.ts";

function directive(response: Response, name: string): string {
  const policy = response.headers.get("content-security-policy") ?? "";
  return policy.split(";").find((part) => part.trim().startsWith(`${name} `)) ?? "";
}

describe("Content Security Policy", () => {
  it.each(["", "wkij_einwilligung=%7B%22n%22%3Atrue%2C%22t%22%3Atrue%2C%22a%22%3Atrue%2C%22m%22%3Atrue%7D"])(
    "scripts run by this answer's nonce only, never because they are ours (cookie: %s)",
    async (cookie) => {
      const response = await send("/impressum", { headers: { cookie } });
      const html = await response.text();
      const scripts = directive(response, "script-src");
      const nonce = scripts.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce).toBeTruthy();
      expect(scripts).toContain("'strict-dynamic'");
      expect(scripts).not.toContain("'self'");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      // Everything the page loads as script must carry the nonce, or 'strict-dynamic' blocks it.
      const loaders = [...html.matchAll(/<(?:script|link rel="modulepreload")\b[^>]*>/g)].map((match) => match[0]);
      expect(loaders.length).toBeGreaterThan(0);
      for (const tag of loaders.filter((tag) => !tag.includes('type="application/ld+json"'))) {
        expect(tag).toContain(`nonce="${nonce}"`);
      }
    },
  );
});

describe("the form token", () => {
  it("is made anew at every sign-in, for the browser session only", async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await send("/login/zurueck?redirect=%2Fsuche", {
        headers: { cookie: "wkij_csrf=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
      });
      expect(response.status).toBe(302);
      const cookie = response.headers.getSetCookie().find((header) => header.startsWith("wkij_csrf="));
      expect(cookie).toMatch(/^wkij_csrf=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Strict; HttpOnly$/);
      expect(cookie).not.toContain("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
      tokens.add(cookie ?? "");
    }
    expect(tokens.size).toBe(3);
  });

  it("is deleted at sign-out", async () => {
    const token = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    const response = await send("/logout", signOutRequest("x.eyJpYXQiOjB9.y", token));
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie()).toContain("wkij_csrf=; Path=/; Max-Age=0; SameSite=Strict; HttpOnly");
  });
});

describe("the edge cache keeps canonical addresses only", () => {
  it.each([
    ["/impressum", true],
    ["/impressum?x=1", false],
    ["/impressum?x=2", false],
    ["/suche?q=suppe", true],
    ["/suche?q=suppe&seite=2", true],
    ["/suche?q=suppe&utm_source=news", false],
    ["/kategorie/soup?seite=2", true],
    ["/kategorie/soup?q=suppe", false],
    ["/zutatensuche?z=tomate&z=zwiebel", true],
    ["/zutatensuche?zutat=to&z=tomate", true],
    ["/zutatensuche?z=tomate&fbclid=1", false],
    // Known parameters in another order: the page echoes its address (return paths), so it is another page.
    ["/suche?seite=2&q=suppe", false],
  ])("%s cached: %s", async (path, cached) => {
    const response = await send(path);
    await response.arrayBuffer();
    const status = response.headers.get("cache-status") ?? "";
    expect(status.includes("fwd=bypass"), status).toBe(!cached);
    if (!cached) expect(status).toBe("wkij; fwd=bypass; detail=query");
    // No other cache may keep a page: each answer carries its own nonce.
    expect(response.headers.get("cache-control") ?? "").not.toMatch(/public/);
  });

  it("any unknown parameter bypasses the edge cache", async () => {
    const name = fc.stringMatching(/^[a-z_]{1,12}$/).filter((key) => !["q", "seite"].includes(key));
    await fc.assert(
      fc.asyncProperty(name, fc.string({ maxLength: 8 }), async (key, value) => {
        const response = await send(`/suche?q=suppe&${key}=${encodeURIComponent(value)}`);
        await response.arrayBuffer();
        expect(response.headers.get("cache-status")).toBe("wkij; fwd=bypass; detail=query");
        expect(response.headers.get("cache-control") ?? "").not.toMatch(/public/);
      }),
      { numRuns: 50 },
    );
  });
});

describe("every redirect stays on our origin", () => {
  const ATTACKS = [
    "/.//evil.invalid",
    "/%2e//evil.invalid",
    "/a/..//evil.invalid",
    "/a/%2e%2e//evil.invalid",
    "//evil.invalid",
    "/\\evil.invalid",
    "/%5cevil.invalid",
    "/\t/evil.invalid",
    "https://evil.invalid",
    "/%2F%2Fevil.invalid",
  ];

  function staysHome(location: string | null): void {
    expect(location).not.toBeNull();
    const target = new URL(location ?? "", `${ORIGIN}/somewhere/deep`);
    expect(target.origin).toBe(ORIGIN);
    expect(location?.startsWith("//")).toBe(false);
  }

  it.each(ATTACKS)("/login/zurueck?redirect=%s", async (attack) => {
    const response = await send(`/login/zurueck?redirect=${encodeURIComponent(attack)}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });

  it.each(ATTACKS)("/login?redirect=%s", async (attack) => {
    const response = await send(`/login?redirect=${encodeURIComponent(attack)}`);
    const location = new URL(response.headers.get("location") ?? "", ORIGIN);
    const landing = new URL(location.searchParams.get("redirect") ?? "");
    expect(landing.origin).toBe(ORIGIN);
    expect(landing.searchParams.get("redirect")).toBe("/");
  });

  it.each(ATTACKS)("POST /einwilligung with redirect=%s", async (attack) => {
    const response = await send("/einwilligung", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: `auswahl=alle&redirect=${encodeURIComponent(attack)}`,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
  });

  it("whatever the return path, /login/zurueck and /einwilligung answer with a path of ours", async () => {
    const piece = fc.constantFrom(...URL_ATTACK_PIECES);
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 8 }), async (pieces) => {
        const attack = pieces.join("");
        const login = await send(`/login/zurueck?redirect=${encodeURIComponent(attack)}`);
        staysHome(login.headers.get("location"));
        const consent = await send("/einwilligung", {
          method: "POST",
          headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
          body: `auswahl=alle&redirect=${encodeURIComponent(attack)}`,
        });
        staysHome(consent.headers.get("location"));
      }),
      { numRuns: 200 },
    );
  });
});
