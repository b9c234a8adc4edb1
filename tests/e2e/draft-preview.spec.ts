/**
 * The editors' draft preview in the real Data Studio (decision 0051): an
 * editor signs in on the Data Studio's own host, opens a draft's Live
 * Preview, and its frame shows the draft as the site would publish it, with
 * the preview banner: Directus' preview-link endpoint sent it there with a
 * token. A visitor who goes to the same preview, or to the draft's public
 * address, sees no draft.
 */
import { readFileSync } from "node:fs";
import { connectAdmin } from "../../scripts/cms/directus-admin.ts";
import { LOCAL_ADMIN } from "../../scripts/local-stack/directus.ts";
import { STUDIO_START_TIMEOUT, signInToDataStudio, expect as studioExpect } from "./data-studio.ts";
import { expect, test } from "./fixtures.ts";
import { STACK_FILE, STUDIO_URL } from "./stack.ts";

const SEED_SLUG = "kuerbissuppe-mit-ingwer";

/** A copy of a seed recipe as a draft, with a name and slug of its own; removed afterwards. */
async function withDraft(name: string, run: (id: number, slug: string) => Promise<void>): Promise<void> {
  const { directusUrl } = JSON.parse(readFileSync(STACK_FILE, "utf8")) as { directusUrl: string };
  const editor = await connectAdmin(directusUrl, LOCAL_ADMIN);
  const [seed] = await editor.request<Record<string, unknown>[]>(
    "GET",
    `/items/recipe?filter[slug][_eq]=${SEED_SLUG}&fields=*,ingredients.ingredient_id,ingredients.amount,ingredients.unit,ingredients.note,ingredients.sort`,
  );
  if (!seed) throw new Error(`${SEED_SLUG} is not in the seed`);
  const slug = `vorschau-${Date.now()}`;
  const { id: _id, date_created: _created, date_updated: _updated, optionalIngredients: _optional, ...fields } = seed;
  const draft = await editor.request<{ id: number }>("POST", "/items/recipe", {
    ...fields,
    status: "draft",
    name,
    slug,
    ingredients: { create: seed.ingredients },
  });
  try {
    await run(draft.id, slug);
  } finally {
    await editor.request("DELETE", `/items/recipe/${draft.id}`);
  }
}

test(
  "an editor opens a draft's Live Preview in the Data Studio and sees it as the site would show it",
  {
    tag: "@desktop",
  },
  async ({ page }, testInfo) => {
    test.slow();
    const name = `Vorschau-Suppe ${testInfo.project.name}`;
    await withDraft(name, async (id, slug) => {
      await signInToDataStudio(page, `${STUDIO_URL}/directus`);

      // The item's preview, as the Data Studio opens it from the form's Live Preview.
      await page.goto(`${STUDIO_URL}/directus/admin/content/recipe/${id}/preview`, { timeout: STUDIO_START_TIMEOUT });
      const frame = page.frameLocator("iframe");
      await expect(frame.getByText("Vorschau – so erscheint das Rezept auf der Website.")).toBeVisible({
        timeout: STUDIO_START_TIMEOUT,
      });
      await studioExpect(frame.getByRole("heading", { level: 1, name })).toBeVisible();
      await studioExpect(frame.getByText("Status: Entwurf.")).toBeVisible();
      await page.screenshot({
        path: testInfo.outputPath(`draft-preview-${testInfo.project.name}.png`),
        fullPage: true,
      });

      // The same address without the Data Studio's token shows nothing of the draft.
      const refused = await page.goto(`/vorschau/rezept/${id}`);
      expect(refused?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "Nur für die Redaktion" })).toBeVisible();
      await expect(page.getByText(name)).toHaveCount(0);
      // And its public address does not exist: a draft is not on the site.
      await page.goto(`/rezepte/${slug}`);
      await expect(page).toHaveURL(/\/$/);
    });
  },
);
