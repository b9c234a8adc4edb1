/**
 * The editors' draft preview (workers/draft-preview.ts, decision 0051) in the
 * built Worker: a token from Directus' endpoint opens one recipe, drafts
 * included, rendered as the recipe page and framable by the Data Studio
 * alone; every other caller gets a German refusal without Directus hearing of
 * it; nothing of it is kept by the edge cache or reachable as a public page.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makePreviewToken, PREVIEW_TOKEN_SECONDS, previewKey } from "../../../app/lib/preview/preview-token.ts";
import type { DraftRead } from "../../stand-ins/directus-draft-stand-in.ts";
import { rawRecipe } from "../../stand-ins/raw-content.ts";
import { publishRecipes, recipe } from "../catalog-fixture.ts";
import { sessionToken } from "../form-token-contract.ts";
import { TEST_PREVIEW_SECRET, TEST_STUDIO_ORIGIN } from "./preview-contract.ts";

const ORIGIN = "http://localhost:8787";
const EDITOR = "0b6c2f8e-3a5b-4d7e-9c01-2b3d4e5f6a99";
const drafts = (env as unknown as { DRAFTS: Fetcher }).DRAFTS;
const key = await previewKey(TEST_PREVIEW_SECRET);
const now = () => Math.floor(Date.now() / 1000);

/** A live image: a published recipe shows it, so the /directus allow-list serves it. */
const LIVE_IMAGE = "11111111-2222-4333-8444-555555555555";
const NEW_IMAGE = "99999999-2222-4333-8444-555555555555";

/** A draft as Directus returns it for the preview's fields: ingredients with their status. */
function draft(id: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...rawRecipe(id, 1),
    status: "draft",
    slug: `entwurf-${id}`,
    name: `Kürbissuppe im Entwurf ${id}`,
    ingredients: [
      { ingredient_id: { name: "Kürbis", status: "published" }, amount: 500, unit: "g", note: null, sort: 1 },
      { ingredient_id: { name: "Wasser", status: "published" }, amount: "750.000", unit: "ml", note: null, sort: 2 },
    ],
    ...fields,
  };
}

const RECIPES: Record<string, Record<string, unknown>> = {
  "10": draft(10),
  "11": draft(11, { servings: 0, totalTime: 45 }),
  "12": draft(12, {
    ingredients: [
      { ingredient_id: { name: "Kürbis", status: "published" }, amount: 500, unit: "g", note: null, sort: 1 },
      { ingredient_id: { name: "Hokkaido-Kern", status: "draft" }, amount: 1, unit: "EL", note: null, sort: 2 },
    ],
  }),
  // Takes the slug of the live recipe 1, which is older: the sync would drop this one.
  "13": draft(13, { slug: "erbsensuppe" }),
  "14": draft(14, { image: NEW_IMAGE }),
  "15": draft(15, { image: LIVE_IMAGE }),
  "16": { ...draft(16), status: "published" },
};

async function tokenFor(recipeId: number, at = now()): Promise<string> {
  return makePreviewToken(key, recipeId, EDITOR, at);
}

async function get(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("accept")) headers.set("accept", "text/html");
  const response = await exports.default.fetch(
    new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init, headers }),
  );
  return { response, html: await response.text() };
}

async function preview(recipeId: number, init: RequestInit = {}) {
  return get(`/vorschau/rezept/${recipeId}?token=${await tokenFor(recipeId)}`, init);
}

async function directusReads(): Promise<DraftRead[]> {
  return (await drafts.fetch("http://drafts/")).json();
}

/** The headers every answer under /vorschau/ carries, refusals included. */
function expectPreviewHeaders(response: Response) {
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  expect(response.headers.get("cache-status")).toBe("wkij; fwd=bypass; detail=preview");
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  expect(response.headers.get("x-frame-options")).toBeNull();
  expect(response.headers.get("etag")).toBeNull();
  expect(response.headers.get("set-cookie")).toBeNull();
  const policy = response.headers.get("content-security-policy") ?? "";
  expect(policy).toContain(`frame-ancestors ${TEST_STUDIO_ORIGIN}`);
  expect(policy).not.toContain("frame-ancestors 'none'");
}

beforeAll(async () => {
  await publishRecipes([
    recipe({
      id: 1,
      slug: "erbsensuppe",
      name: "Erbsensuppe",
      type: "SOUP",
      ingredients: ["Erbsen"],
      image: LIVE_IMAGE,
    }),
  ]);
  await drafts.fetch("http://drafts/", { method: "PUT", body: JSON.stringify({ recipes: RECIPES, down: false }) });
});
beforeEach(async () => {
  await drafts.fetch("http://drafts/", { method: "DELETE" });
});

describe("a draft's preview with the editor's token", () => {
  it("is the recipe page under a banner, read with the preview's own Directus token", async () => {
    const { response, html } = await preview(10);
    expect(response.status).toBe(200);
    expect(html).toContain("Vorschau – so erscheint das Rezept auf der Website.");
    expect(html).toContain("Status: Entwurf");
    expect(html).toMatch(/<h1[^>]*>Kürbissuppe im Entwurf 10<\/h1>/);
    // The recipe page's own rendering: the scaled lines, the steps.
    expect(html).toMatch(/>500\sg</);
    expect(html).toMatch(/>750\sml</);
    expect(html).toContain("Alles kochen.");
    // Links on the page (the sign-in's return path, the shopping list's) never carry the token on.
    expect(html).not.toContain("token");
    expect(await directusReads()).toEqual([expect.objectContaining({ path: "/items/recipe", asPreview: true })]);
  });

  it("is private, unindexed, unstored and framable by the Data Studio alone", async () => {
    const { response, html } = await preview(10);
    expectPreviewHeaders(response);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    // Static: no scripts of the app, so no service worker and no cookie banner in the Data Studio's frame.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain("cookie-consent");
  });

  it("is read from Directus on every request: no cache keeps it", async () => {
    await preview(10);
    await preview(10);
    await preview(10, { method: "HEAD" });
    expect((await directusReads()).filter((read) => read.asPreview)).toHaveLength(3);
  });

  it("renders without the editor's cookies: no account, no cookie set", async () => {
    const { response, html } = await preview(10, {
      headers: { cookie: `directus_session_token=${sessionToken({ iat: 0, id: EDITOR })}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(html).not.toContain("Abmelden");
    expect((await directusReads()).every((read) => read.path === "/items/recipe")).toBe(true);
  });

  it("names a published recipe's status too", async () => {
    expect((await preview(16)).html).toContain("Status: Veröffentlicht");
  });
});

describe("what the sync would leave out", () => {
  it("is a page of the sync's reasons in German, not the recipe", async () => {
    const { response, html } = await preview(11);
    expect(response.status).toBe(200);
    expectPreviewHeaders(response);
    expect(html).toContain("Kürbissuppe im Entwurf 11: so nicht auf der Website");
    expect(html).toContain("„Portionen“ muss eine ganze Zahl von 1 bis 12 sein (ist „0“).");
    expect(html).toContain("„Gesamtzeit“ muss eine ganze Zahl von 1 bis 30 Minuten sein (ist „45“).");
    expect(html).not.toMatch(/>500\sg</);
  });

  it("counts an ingredient the import proposed as the public sees it: missing, and names it", async () => {
    const { html } = await preview(12);
    expect(html).toContain("eine Zutat ist noch nicht veröffentlicht (ein Vorschlag des Imports)");
    expect(html).toContain("Noch nicht bestätigte Zutaten (Vorschläge des Imports): Hokkaido-Kern.");
  });

  it("leaves out a draft whose slug an older live recipe holds", async () => {
    const { html } = await preview(13);
    expect(html).toContain("Der Slug gehört schon einem älteren Rezept.");
  });
});

describe("images", () => {
  it("shows an image the live catalog shows, through the allow-list", async () => {
    const { html } = await preview(15);
    expect(html).toContain(`/directus/assets/${LIVE_IMAGE}`);
    expect(html).not.toContain("Das Bild erscheint erst");
  });

  it("leaves out an image no published recipe shows yet, and says so", async () => {
    const { html } = await preview(14);
    expect(html).not.toContain(NEW_IMAGE);
    expect(html).toContain("Das Bild erscheint erst, wenn das Rezept veröffentlicht ist.");
  });
});

describe("refusals", () => {
  const cases: [string, () => Promise<string>, RegExp][] = [
    ["no token", async () => "/vorschau/rezept/10", /Nur für die Redaktion/],
    ["an empty token", async () => "/vorschau/rezept/10?token=", /Nur für die Redaktion/],
    ["a wrong token", async () => `/vorschau/rezept/10?token=${EDITOR}.${now() + 60}.${"A".repeat(43)}`, /ungültig/],
    ["garbage", async () => "/vorschau/rezept/10?token=%3Cscript%3E", /ungültig/],
    ["another recipe's token", async () => `/vorschau/rezept/10?token=${await tokenFor(11)}`, /ungültig/],
    [
      "an expired token",
      async () => `/vorschau/rezept/10?token=${await tokenFor(10, now() - PREVIEW_TOKEN_SECONDS - 1)}`,
      /abgelaufen/,
    ],
  ];
  it.each(cases)("%s: a German 403, and Directus never asked", async (_name, path, text) => {
    const { response, html } = await get(await path());
    expect(response.status).toBe(403);
    expect(html).toMatch(text);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain("<script");
    expectPreviewHeaders(response);
    expect(await directusReads()).toEqual([]);
  });

  it("refuses a visitor's session without a token: a session is no editor", async () => {
    const session = `directus_session_token=${sessionToken({ iat: 0, id: EDITOR })}`;
    const { response, html } = await get("/vorschau/rezept/10", { headers: { cookie: session } });
    expect(response.status).toBe(403);
    expect(html).toContain("Nur für die Redaktion");
    expect(await directusReads()).toEqual([]);
  });

  it.each([
    ["an id that is no number", "/vorschau/rezept/abc?token=x", 404],
    ["an id with a leading zero", "/vorschau/rezept/010?token=x", 404],
    ["a path under /vorschau that is no preview", "/vorschau/kategorie/1", 404],
    ["the data request of a preview", "/vorschau/rezept/10.data", 404],
  ])("%s is a 404", async (_name, path, status) => {
    const { response } = await get(path);
    expect(response.status).toBe(status);
    expectPreviewHeaders(response);
    expect(await directusReads()).toEqual([]);
  });

  it("takes no form post", async () => {
    const token = await tokenFor(10);
    const { response } = await get(`/vorschau/rezept/10?token=${token}`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: "a=b",
    });
    expect(response.status).toBe(405);
    expectPreviewHeaders(response);
  });

  it("says in German when Directus has no such recipe", async () => {
    const { response, html } = await preview(999);
    expect(response.status).toBe(404);
    expect(html).toContain("Dieses Rezept gibt es in Directus nicht (mehr).");
    expectPreviewHeaders(response);
  });

  it("says in German when Directus is down, without an error page of React's", async () => {
    await drafts.fetch("http://drafts/", { method: "PUT", body: JSON.stringify({ down: true }) });
    try {
      const { response, html } = await preview(10);
      expect(response.status).toBe(503);
      expect(html).toContain("Directus antwortet gerade nicht.");
      expectPreviewHeaders(response);
    } finally {
      await drafts.fetch("http://drafts/", { method: "PUT", body: JSON.stringify({ down: false }) });
    }
  });
});

describe("public pages beside it", () => {
  it.each(["/", "/rezepte/erbsensuppe", "/suche?q=suppe"])("%s stays unframable", async (path) => {
    const { response } = await get(path);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-robots-tag")).toBeNull();
  });

  it("never shows a draft at its public address, nor in the sitemap", async () => {
    await preview(10);
    const { response } = await get("/rezepte/entwurf-10");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const sitemap = await get("/sitemap/rezepte-1.xml");
    expect(sitemap.html).toContain("/rezepte/erbsensuppe");
    expect(sitemap.html).not.toContain("entwurf");
  });
});
