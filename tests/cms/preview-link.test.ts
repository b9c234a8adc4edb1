/**
 * The editors' draft preview on Directus' side (decision 0051), against the
 * real Directus: the preview-link endpoint (cms/extensions/preview-link)
 * sends an editor to the site with a token the Worker accepts, and nobody
 * else; the "Website (Vorschau)" user's token reads drafts and nothing more.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { checkPreviewToken, previewKey } from "../../app/lib/preview/preview-token.ts";
import { readDraftRecipe } from "../../catalog/sync/draft-preview.ts";
import { PREVIEW_USER } from "../../cms/access-policies.ts";
import { admin, call, createUser, directusUrl, type TestUser } from "./directus-clients.ts";

const preview = inject("preview");
let draftId: number;
let publishedId: number;
let editorToken: string;
let editorId: string;
let visitor: TestUser;

/** The endpoint as a browser frame would ask: no redirect followed. */
async function previewLink(recipeId: number | string, token?: string) {
  return fetch(`${directusUrl()}/preview-link/recipe/${recipeId}`, {
    redirect: "manual",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

beforeAll(async () => {
  const client = await admin();
  const [published] = await client.request<{ id: number }[]>(
    "GET",
    "/items/recipe?filter[status][_eq]=published&fields=id&limit=1",
  );
  if (!published) throw new Error("the seed has no published recipe");
  publishedId = published.id;
  const draft = await client.request<{ id: number }>("POST", "/items/recipe", {
    status: "draft",
    name: "Vorschau-Entwurf",
    slug: "vorschau-entwurf",
  });
  draftId = draft.id;
  // The local admin is the editor here: an account with app access, signed in with a password.
  const login = await call("POST", "/auth/login", { body: { email: "admin@example.org", password: "kochen-lokal" } });
  editorToken = (login.data as { access_token: string }).access_token;
  editorId = ((await call("GET", "/users/me?fields=id", { token: editorToken })).data as { id: string }).id;
  visitor = await createUser(`besucher-${Date.now()}@example.org`);
});

describe("the preview-link endpoint", () => {
  it("sends an editor to the site's preview with a token the Worker accepts for that recipe", async () => {
    const response = await previewLink(draftId, editorToken);
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${preview.siteUrl}/vorschau/rezept/${draftId}`);
    const key = await previewKey(preview.secret);
    const check = await checkPreviewToken(key, draftId, location.searchParams.get("token"));
    expect(check).toMatchObject({ ok: true, editor: editorId });
    expect((await checkPreviewToken(key, publishedId, location.searchParams.get("token"))).ok).toBe(false);
  });

  it.each([
    ["an anonymous caller", () => undefined],
    ["a visitor signed in with Google (Nutzer)", () => visitor.token],
    ["a made-up token", () => "kein-echter-token"],
  ])("refuses %s in German, without a link", async (_name, token) => {
    const response = await previewLink(draftId, token());
    expect([401, 403]).toContain(response.status);
    expect(response.headers.get("location")).toBeNull();
    if (response.status === 403) expect(await response.text()).toContain("Nur für die Redaktion");
  });

  it("refuses the preview user's own token: it reads drafts, it has no app access", async () => {
    const response = await previewLink(draftId, preview.directusToken);
    expect(response.status).toBe(403);
    expect(response.headers.get("location")).toBeNull();
  });

  it.each([
    ["no such recipe", 99_999_999],
    ["no recipe id", "abc"],
  ])("answers %s with a German 404", async (_name, id) => {
    const response = await previewLink(id, editorToken);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Rezept nicht gefunden");
  });
});

describe("the 'Website (Vorschau)' user", () => {
  it("reads a draft with the sync's fields, its lines and their ingredients' status", async () => {
    const raw = await readDraftRecipe({ url: directusUrl(), token: preview.directusToken }, draftId);
    expect(raw).toMatchObject({ id: draftId, status: "draft", name: "Vorschau-Entwurf" });
    const published = await readDraftRecipe({ url: directusUrl(), token: preview.directusToken }, publishedId);
    const [line] = (published?.ingredients ?? []) as { ingredient_id: { name: string; status: string } }[];
    expect(line?.ingredient_id).toMatchObject({ name: expect.any(String), status: "published" });
  });

  it("reads no draft without its token: the public sees none", async () => {
    expect(await readDraftRecipe({ url: directusUrl(), token: "" }, draftId).catch(() => "refused")).not.toMatchObject({
      id: draftId,
    });
  });

  it.each([
    ["users", "/users"],
    ["saved recipes", "/items/saved_recipes"],
    ["the recipe's editors' fields", "/items/recipe?fields=import_key&limit=1"],
  ])("reads no %s", async (_name, path) => {
    const answer = await call("GET", path, { token: preview.directusToken });
    expect(answer.status).toBe(403);
  });

  it("reads no more files than the public does", async () => {
    const asPreview = await call("GET", "/files?fields=id&limit=-1", { token: preview.directusToken });
    const asPublic = await call("GET", "/files?fields=id&limit=-1");
    expect(asPreview.status).toBe(200);
    expect(asPreview.data).toEqual(asPublic.data);
  });

  it("changes nothing", async () => {
    const answer = await call("PATCH", `/items/recipe/${draftId}`, {
      token: preview.directusToken,
      body: { name: "Überschrieben" },
    });
    expect(answer.status).toBe(403);
  });

  it("has no app access and no password", async () => {
    const client = await admin();
    const user = await client.request<{ password: string | null; role: string | null }>(
      "GET",
      `/users/${PREVIEW_USER.id}?fields=password,role`,
    );
    expect(user.role).toBeNull();
    expect(user.password).toBeNull();
  });
});
