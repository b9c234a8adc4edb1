import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectedFormToken, sessionToken, TEST_NONCE } from "./form-token-contract.ts";
import { loggedEvents } from "./log-lines.ts";

const ORIGIN = "http://localhost:8787";

function get(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
}

const ACCOUNT = "22222222-0000-4000-8000-000000000002";
/** A well-formed but unusable Directus session token (Directus is unreachable in these tests anyway). */
const SESSION = `directus_session_token=${sessionToken({ iat: 0, id: ACCOUNT })}`;
/** The sign-in's nonce, and the form token the Worker makes of it for ACCOUNT (form-token-contract.ts). */
const CSRF = `wkij_csrf=${TEST_NONCE}`;
const CSRF_VALUE = await expectedFormToken(ACCOUNT, TEST_NONCE);

describe("/login", () => {
  it("sends the visitor to Directus' Google login, with the way back through /login/zurueck", async () => {
    const response = await get("/login?redirect=%2Fgespeicherte-rezepte");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "", ORIGIN);
    expect(location.pathname).toBe("/directus/auth/login/google");
    expect(location.origin).toBe(ORIGIN);
    expect(location.searchParams.get("redirect")).toBe(`${ORIGIN}/login/zurueck?redirect=%2Fgespeicherte-rezepte`);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "javascript:alert(1)",
    "%2F%2Fevil.example",
  ])("replaces the unsafe return path %s with the home page", async (attempt) => {
    const response = await get(`/login?redirect=${encodeURIComponent(attempt)}`);
    const location = new URL(response.headers.get("location") ?? "", ORIGIN);
    expect(location.searchParams.get("redirect")).toBe(`${ORIGIN}/login/zurueck?redirect=%2F`);
  });

  it("returns from Directus to the page, or home with a notice when sign-in failed", async () => {
    const back = await get("/login/zurueck?redirect=%2Frezepte%2Fgazpacho");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/rezepte/gazpacho");

    const evil = await get("/login/zurueck?redirect=%2F%2Fevil.example");
    expect(evil.headers.get("location")).toBe("/");

    const failed = await get("/login/zurueck?reason=INVALID_CREDENTIALS");
    expect(failed.headers.get("location")).toBe("/");
    expect(failed.headers.get("set-cookie")).toContain("wkij_hinweis=anmeldung-fehlgeschlagen");
  });
});

describe("cross-site requests", () => {
  it("refuses a state change whose Origin is another site, with 403", async () => {
    for (const path of ["/gespeicherte-rezepte", "/logout", "/directus/items/saved_recipes", "/suche"]) {
      const response = await get(path, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
        body: "aktion=speichern&rezept=1",
      });
      expect(response.status, path).toBe(403);
    }
  });

  it("refuses a cross-site fetch without Origin but with Sec-Fetch-Site", async () => {
    const response = await get("/gespeicherte-rezepte", {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(403);
  });

  it("refuses a same-origin form post without the form token", async () => {
    const response = await get("/gespeicherte-rezepte", {
      method: "POST",
      headers: { origin: ORIGIN, cookie: `${SESSION}; ${CSRF}`, "content-type": "application/x-www-form-urlencoded" },
      body: "aktion=speichern&rezept=1&antwort=daten&csrf=wrong-token-wrong-token-wrong-token-wrong-t",
    });
    expect(response.status).toBe(403);
  });
});

describe("signed-in visitors while Directus is unreachable", () => {
  it("get the page signed out, never an error page, and keep their session cookie", async () => {
    const response = await get("/gespeicherte-rezepte", { headers: { cookie: SESSION } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Deine gespeicherten Rezepte können gerade nicht geladen werden.");
    expect(html).toContain("Dein Konto ist gerade nicht erreichbar.");
    expect(response.headers.get("set-cookie") ?? "").not.toContain("directus_session_token=;");
    // A personal page is never stored by a shared cache.
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(loggedEvents("visitor.unavailable")).toEqual([expect.objectContaining({ level: "error" })]);
  });

  it("are told in German that saving did not work", async () => {
    const response = await get("/gespeicherte-rezepte", {
      method: "POST",
      headers: { origin: ORIGIN, cookie: `${SESSION}; ${CSRF}`, "content-type": "application/x-www-form-urlencoded" },
      body: `aktion=speichern&rezept=1&redirect=%2Fsuche&csrf=${CSRF_VALUE}`,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/suche");
    expect(response.headers.get("set-cookie")).toContain("wkij_hinweis=speichern-fehlgeschlagen");

    const next = await get("/suche", { headers: { cookie: "wkij_hinweis=speichern-fehlgeschlagen" } });
    const html = await next.text();
    expect(html).toContain("Das Speichern hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.");
    expect(next.headers.get("set-cookie")).toContain("wkij_hinweis=; Path=/; Max-Age=0");
  });

  it("can sign out: the session cookie is cleared even though Directus cannot be told", async () => {
    const response = await get("/logout", {
      method: "POST",
      headers: { origin: ORIGIN, cookie: `${SESSION}; ${CSRF}`, "content-type": "application/x-www-form-urlencoded" },
      body: `redirect=%2Fimpressum&csrf=${CSRF_VALUE}`,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/impressum");
    expect(response.headers.get("set-cookie")).toContain("directus_session_token=; Path=/; Max-Age=0");
    expect(loggedEvents("auth.sign-out-failed")).toEqual([expect.objectContaining({ level: "error" })]);
  });
});

describe("notices", () => {
  it("show only the site's own texts, whatever the cookie says", async () => {
    const html = await (await get("/impressum", { headers: { cookie: "wkij_hinweis=%3Cscript%3E" } })).text();
    expect(html).not.toContain("site-notice");
  });
});
