/**
 * A signed-in visitor's pantry through /zutatensuche/vorrat, against the
 * Directus stand-in (tests/stand-ins/): what reaches Directus when the
 * pantry is read and saved, and that a post the site's page would never
 * send reaches nothing.
 */
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STAND_IN_FULL_VISITOR } from "../../stand-ins/directus-stand-in-contract.ts";
import { publishRecipes, recipe } from "../catalog-fixture.ts";
import { clearUpstream, formTokenOfPage, ORIGIN, send, upstreamSeen } from "./upstream.ts";

const COOKIE = `directus_session_token=${STAND_IN_FULL_VISITOR.token}; wkij_csrf=${"C".repeat(43)}`;
let CSRF = "";

beforeAll(async () => {
  await publishRecipes([
    recipe({ id: 1, slug: "tomatensalat", name: "Tomatensalat", ingredients: ["Tomate", "Zwiebel", "Salz"] }),
  ]);
  CSRF = (await formTokenOfPage(COOKIE)) ?? "";
  expect(CSRF).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
beforeEach(clearUpstream);

function save(body: string, headers: Record<string, string> = {}): Promise<Response> {
  return send("/zutatensuche/vorrat", {
    method: "POST",
    headers: { origin: ORIGIN, cookie: COOKIE, "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
  });
}

async function read(): Promise<unknown> {
  const response = await send("/zutatensuche/vorrat", { headers: { cookie: COOKIE } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return ((await response.json()) as { pantry: unknown }).pantry;
}

/** What the site asked Directus about the pantry. */
async function pantryCalls() {
  return (await upstreamSeen())
    .filter((request) => new URL(request.url).pathname.startsWith("/items/pantries"))
    .map((request) => ({ method: request.method, url: new URL(request.url), body: request.body }));
}

describe("the account's pantry", () => {
  it("is none at first, then what was saved; only the visitor's own row is asked for", async () => {
    expect(await read()).toBeNull();
    const saved = await save(`csrf=${CSRF}&z=tomate&z=sorte%3Akaese&fehlt=salz&geaendert=1700000000000`);
    expect(saved.status).toBe(200);
    expect(await read()).toEqual({
      selected: ["tomate", "sorte:kaese"],
      missingBasics: ["salz"],
      changedAt: 1700000000000,
    });

    const calls = await pantryCalls();
    for (const call of calls.filter((each) => each.method === "GET")) {
      expect(JSON.parse(call.url.searchParams.get("filter") ?? "{}")).toEqual({ user: { _eq: "$CURRENT_USER" } });
    }
    const created = calls.find((call) => call.method === "POST");
    // The row's user is Directus' to fill from the session, never the site's.
    expect(JSON.parse(created?.body ?? "{}")).toEqual({
      ingredients: ["tomate", "sorte:kaese"],
      missing_basics: ["salz"],
      changed_at: "2023-11-14T22:13:20.000Z",
    });
  });

  it("replaces the row it has, drops what the catalog does not know, and takes no time from the future", async () => {
    await save(`csrf=${CSRF}&z=tomate&geaendert=1`);
    const before = Date.now();
    const response = await save(`csrf=${CSRF}&z=zwiebel&z=drachenfrucht&geaendert=99999999999999`);
    expect(response.status).toBe(200);
    const pantry = (await read()) as { selected: string[]; changedAt: number };
    expect(pantry.selected).toEqual(["zwiebel"]);
    expect(pantry.changedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(pantry.changedAt).toBeLessThanOrEqual(Date.now());
    expect((await pantryCalls()).filter((call) => call.method !== "GET").map((call) => call.method)).toEqual([
      "POST",
      "PATCH",
    ]);
  });

  it.each([
    ["no form token", "z=tomate&geaendert=1", 403],
    ["another visitor's form token", `csrf=${"A".repeat(43)}&z=tomate&geaendert=1`, 403],
    ["31 ingredients", `csrf=@&${Array.from({ length: 31 }, (_, i) => `z=zutat-${i}`).join("&")}&geaendert=1`, 400],
    ["markup for an ingredient", `csrf=@&z=${encodeURIComponent("<script>")}&geaendert=1`, 400],
    ["an unknown kind", "csrf=@&z=sorte%3Adrachen&geaendert=1", 400],
    ["a basic that is none", "csrf=@&fehlt=zucker&geaendert=1", 400],
    ["no time", "csrf=@&z=tomate", 400],
    ["a time that is no number", "csrf=@&z=tomate&geaendert=gestern", 400],
    ["a negative time", "csrf=@&z=tomate&geaendert=-5", 400],
    ["a time beyond whole numbers", "csrf=@&z=tomate&geaendert=1e300", 400],
  ])("refuses a post with %s, and Directus never hears of it", async (_, body, status) => {
    const response = await save(body.replace("csrf=@", `csrf=${CSRF}`));
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect((await pantryCalls()).filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("writes nothing but a pantry, whatever else a post holds", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.constantFrom("z", "fehlt", "user", "id", "geaendert", "x"), fc.string({ maxLength: 12 })),
          {
            maxLength: 8,
          },
        ),
        async (fields) => {
          await clearUpstream();
          // A valid time first (the site reads the first), so most posts are writes.
          const form = new URLSearchParams([["csrf", CSRF], ["geaendert", "5"], ...fields]);
          const response = await save(form.toString());
          expect([200, 400]).toContain(response.status);
          for (const call of (await pantryCalls()).filter((each) => each.method !== "GET")) {
            expect(Object.keys(JSON.parse(call.body ?? "{}")).sort()).toEqual([
              "changed_at",
              "ingredients",
              "missing_basics",
            ]);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
