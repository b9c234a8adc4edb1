/**
 * Publish on save, end to end: an editor changes a recipe in Directus, and
 * Directus' flow (cms/flows.ts) calls the site's POST /sync, so the recipe
 * page shows the change within seconds, without a cron run or a hand sync.
 */
import { readFileSync } from "node:fs";
import { connectAdmin } from "../../scripts/cms/directus-admin.ts";
import { LOCAL_ADMIN } from "../../scripts/local-stack/directus.ts";
import { expect, test } from "./fixtures.ts";
import { STACK_FILE } from "./stack.ts";

const SLUG = "kuerbissuppe-mit-ingwer";

test("an editor's change is on the recipe page within seconds", async ({ page }) => {
  const { directusUrl } = JSON.parse(readFileSync(STACK_FILE, "utf8")) as { directusUrl: string };
  const editor = await connectAdmin(directusUrl, LOCAL_ADMIN);
  const [recipe] = await editor.request<{ id: number; description: string }[]>(
    "GET",
    `/items/recipe?filter[slug][_eq]=${SLUG}&fields=id,description`,
  );
  if (!recipe) throw new Error(`${SLUG} is not in the seed`);
  const marker = `Frisch bearbeitet ${Date.now()}`;
  try {
    await editor.request("PATCH", `/items/recipe/${recipe.id}`, { description: `${recipe.description} ${marker}` });
    // The flow runs after the save; the coordinator settles a second, syncs, and the page looks again within 5 s.
    await expect(async () => {
      await page.goto(`/rezepte/${SLUG}`);
      await expect(page.getByText(marker)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 45_000, intervals: [1_000] });
  } finally {
    await editor.request("PATCH", `/items/recipe/${recipe.id}`, { description: recipe.description });
  }
});
