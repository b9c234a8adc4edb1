/**
 * A signed-in visitor's rating through /rezepte/<slug>/bewertung (decision
 * 0065), against the Directus stand-in (tests/stand-ins/): read after load,
 * never in a page; set, changed and removed with and without JavaScript;
 * bad input, a missing form token, an unknown or unpublished recipe and too
 * many changes get a German message and reach nothing in Directus.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NOTICES } from "../../../app/lib/notices/notices.ts";
import { RATING_FORM_ERRORS } from "../../../app/lib/ratings/rating-form.ts";
import { STAND_IN_FULL_VISITOR, STAND_IN_NOT_PUBLISHED_RECIPE_ID } from "../../stand-ins/directus-stand-in-contract.ts";
import { publishRecipes, recipe } from "../catalog-fixture.ts";
import { clearUpstream, formTokenOfPage, ORIGIN, send, upstreamSeen } from "./upstream.ts";

const COOKIE = `directus_session_token=${STAND_IN_FULL_VISITOR.token}; wkij_csrf=${"R".repeat(43)}`;
let CSRF = "";
const FORM = { origin: ORIGIN, cookie: COOKIE, "content-type": "application/x-www-form-urlencoded" };

beforeAll(async () => {
  await publishRecipes([
    recipe({ id: 11, slug: "gazpacho", name: "Gazpacho", type: "SOUP" }),
    recipe({ id: STAND_IN_NOT_PUBLISHED_RECIPE_ID, slug: "gerade-offline", name: "Gerade offline" }),
  ]);
  CSRF = (await formTokenOfPage(COOKIE)) ?? "";
  expect(CSRF).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
beforeEach(clearUpstream);

function post(body: string, slug = "gazpacho", headers: Record<string, string> = FORM): Promise<Response> {
  return send(`/rezepte/${slug}/bewertung`, { method: "POST", headers, body });
}

async function own(): Promise<unknown> {
  const response = await send("/rezepte/gazpacho/bewertung", { headers: { cookie: COOKIE } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return response.json();
}

/** The site's writes to recipe_ratings since the last clearUpstream(). */
async function ratingWrites() {
  return (await upstreamSeen()).filter(
    (request) => request.method !== "GET" && new URL(request.url).pathname.startsWith("/items/recipe_ratings"),
  );
}

describe("the visitor's own rating", () => {
  it("is none, then what was stored, changed and removed, in the background (JSON)", async () => {
    expect(await own()).toEqual({ stars: null });
    const set = await post(`csrf=${CSRF}&sterne=4&bewertung=speichern&antwort=daten`);
    expect(set.status).toBe(200);
    expect(set.headers.get("cache-control")).toBe("private, no-store");
    expect(await set.json()).toEqual({ stars: 4, message: NOTICES["bewertung-4"] });
    expect(await own()).toEqual({ stars: 4 });
    const changed = await post(`csrf=${CSRF}&sterne=2&bewertung=speichern&antwort=daten`);
    expect(await changed.json()).toEqual({ stars: 2, message: NOTICES["bewertung-2"] });
    expect(await own()).toEqual({ stars: 2 });
    const removed = await post(`csrf=${CSRF}&sterne=2&bewertung=entfernen&antwort=daten`);
    expect(await removed.json()).toEqual({ stars: null, message: NOTICES["bewertung-entfernt"] });
    expect(await own()).toEqual({ stars: null });
    // The recipe is named by the catalog's id, and `user` is Directus' to fill, never the site's.
    const writes = await ratingWrites();
    expect(writes.map((request) => request.method)).toEqual(["POST", "POST", "PATCH", "DELETE"]);
    expect(JSON.parse(writes[0]?.body ?? "{}")).toEqual({ recipe: 11, stars: 4 });
  });

  it("without JavaScript: back to the page with a notice that names the stars", async () => {
    const response = await post(
      `csrf=${CSRF}&sterne=5&bewertung=speichern&redirect=%2Frezepte%2Fgazpacho%3Fportionen%3D4`,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/rezepte/gazpacho?portionen=4");
    expect(response.headers.get("set-cookie")).toContain("wkij_hinweis=bewertung-5");
    const page = await send("/rezepte/gazpacho?portionen=4", {
      headers: { cookie: `${COOKIE}; wkij_hinweis=bewertung-5` },
    });
    expect(await page.text()).toContain("Deine Bewertung ist gespeichert: 5 von 5 Sternen.");
  });

  it("is in no page: the signed-in page has the form without a checked star, the anonymous one a sign-in link", async () => {
    await post(`csrf=${CSRF}&sterne=3&bewertung=speichern&antwort=daten`);
    const signedIn = await (await send("/rezepte/gazpacho", { headers: { cookie: COOKIE } })).text();
    const form = /<form[^>]*action="\/rezepte\/gazpacho\/bewertung"[\s\S]*?<\/form>/.exec(signedIn)?.[0] ?? "";
    expect(form).toContain("<legend>Bewertung</legend>");
    expect(form).toContain("4 von 5 Sternen");
    expect(form).toContain("Bewertung entfernen");
    expect(form).not.toMatch(/checked/);
    expect(signedIn).not.toContain("Deine Bewertung");
    const anonymous = await (await send("/rezepte/gazpacho")).text();
    expect(anonymous).not.toContain('action="/rezepte/gazpacho/bewertung"');
    expect(anonymous).toContain("Melde dich an, um „Gazpacho“ zu bewerten.");
  });

  it("is read only for a signed-in visitor, never kept by a cache", async () => {
    const anonymous = await send("/rezepte/gazpacho/bewertung");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("cache-control")).toBe("private, no-store");
    expect(await anonymous.json()).toEqual({ error: NOTICES["bewertung-anmelden"] });
    const unknown = await send("/rezepte/gibt-es-nicht/bewertung", { headers: { cookie: COOKIE } });
    expect(unknown.status).toBe(404);
  });
});

describe("what stores nothing", () => {
  it.each([
    ["0 stars", "sterne=0&bewertung=speichern", 400, NOTICES["bewertung-ohne-sterne"]],
    ["6 stars", "sterne=6&bewertung=speichern", 400, NOTICES["bewertung-ohne-sterne"]],
    ['"x" stars', "sterne=x&bewertung=speichern", 400, NOTICES["bewertung-ohne-sterne"]],
    ["no stars", "bewertung=speichern", 400, NOTICES["bewertung-ohne-sterne"]],
    ["no button", "sterne=4", 400, RATING_FORM_ERRORS.notUnderstood],
  ])("%s: a German message", async (_label, fields, status, message) => {
    const response = await post(`csrf=${CSRF}&${fields}&antwort=daten`);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: message });
    expect(await ratingWrites()).toEqual([]);
  });

  it("a missing or wrong form token: 403, and the form's page says the form expired", async () => {
    for (const token of ["", "csrf=AAAA&"]) {
      const response = await post(`${token}sterne=4&bewertung=speichern&antwort=daten`);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: NOTICES["formular-abgelaufen"] });
    }
    const withoutScript = await post("sterne=4&bewertung=speichern");
    expect(withoutScript.status).toBe(303);
    expect(withoutScript.headers.get("set-cookie")).toContain("wkij_hinweis=formular-abgelaufen");
    expect(await ratingWrites()).toEqual([]);
  });

  it("an unknown recipe, or one Directus holds as unpublished since the last publish: 404 with a German message", async () => {
    const unknown = await post(`csrf=${CSRF}&sterne=4&bewertung=speichern&antwort=daten`, "gibt-es-nicht");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: NOTICES["bewertung-unbekannt"] });
    expect(await ratingWrites()).toEqual([]);
    const unpublished = await post(`csrf=${CSRF}&sterne=4&bewertung=speichern&antwort=daten`, "gerade-offline");
    expect(unpublished.status).toBe(404);
    expect(await unpublished.json()).toEqual({ error: NOTICES["bewertung-unbekannt"] });
  });

  it("a visitor without a session: the sign-in message", async () => {
    const response = await post("sterne=4&bewertung=speichern&antwort=daten", "gazpacho", {
      ...FORM,
      cookie: `wkij_csrf=${"R".repeat(43)}`,
    });
    expect([401, 403]).toContain(response.status);
    expect(await ratingWrites()).toEqual([]);
  });

  // Last: the account's budget (RATING_ACCOUNT_LIMITER) is spent by it for the next minute.
  it("too many changes from one account: 429 with a German message once the minute's budget is spent", async () => {
    let limited: Response | undefined;
    for (let count = 0; count < 25 && !limited; count += 1) {
      const response = await post(`csrf=${CSRF}&sterne=${(count % 5) + 1}&bewertung=speichern&antwort=daten`);
      if (response.status === 429) limited = response;
      else expect(response.status).toBe(200);
    }
    expect(limited?.status).toBe(429);
    expect(await limited?.json()).toEqual({ error: NOTICES["bewertung-zu-viele"] });
    await clearUpstream();
    const again = await post(`csrf=${CSRF}&sterne=1&bewertung=speichern&antwort=daten`);
    expect(again.status).toBe(429);
    expect(await ratingWrites()).toEqual([]);
  });
});
