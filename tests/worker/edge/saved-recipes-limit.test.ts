/**
 * A visitor whose list is full (SAVED_RECIPES_LIMIT) is told so in German,
 * and Directus is not asked to save: the Directus stand-in knows one such
 * visitor (tests/stand-ins/).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NOTICES } from "../../../app/lib/notices/notices.ts";
import { STAND_IN_FULL_VISITOR } from "../../stand-ins/directus-stand-in-contract.ts";
import { publishRecipes, recipe } from "../catalog-fixture.ts";
import { clearUpstream, formTokenOfPage, ORIGIN, send, upstreamSeen } from "./upstream.ts";

const COOKIE = `directus_session_token=${STAND_IN_FULL_VISITOR.token}; wkij_csrf=${"B".repeat(43)}`;
/** The form token, as the visitor's page carries it. */
let CSRF = "";

beforeAll(async () => {
  await publishRecipes([recipe({ id: 7, slug: "linsensuppe", name: "Linsensuppe", type: "SOUP" })]);
  CSRF = (await formTokenOfPage(COOKIE)) ?? "";
  expect(CSRF).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
beforeEach(clearUpstream);

function save(extra: string): Promise<Response> {
  return send("/gespeicherte-rezepte", {
    method: "POST",
    headers: { origin: ORIGIN, cookie: COOKIE, "content-type": "application/x-www-form-urlencoded" },
    body: `aktion=speichern&rezept=7&redirect=%2Fsuche&csrf=${CSRF}${extra}`,
  });
}

describe("a full list of saved recipes", () => {
  it("with JavaScript: 409 and the German message, nothing sent to Directus", async () => {
    const response = await send("/gespeicherte-rezepte.data", {
      method: "POST",
      headers: { origin: ORIGIN, cookie: COOKIE, "content-type": "application/x-www-form-urlencoded" },
      body: `aktion=speichern&rezept=7&redirect=%2Fsuche&antwort=daten&csrf=${CSRF}`,
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(NOTICES["merkliste-voll"]);
    const writes = (await upstreamSeen()).filter((request) => request.method !== "GET");
    expect(writes).toEqual([]);
  });

  it("without JavaScript: back to the page, which shows the message", async () => {
    const response = await save("");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/suche");
    expect(response.headers.get("set-cookie")).toContain("wkij_hinweis=merkliste-voll");
    const page = await send("/suche", { headers: { cookie: `${COOKIE}; wkij_hinweis=merkliste-voll` } });
    expect(await page.text()).toContain("Du hast schon 1.000 Rezepte gespeichert");
  });
});
