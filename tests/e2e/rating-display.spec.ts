/**
 * Ratings on the real stack (issue 45, decision 0066): three accounts rate a
 * seed recipe in the scratch Directus, an operator's publish (POST /sync, as
 * the cron's every 15 minutes) brings the count and mean to the site; the
 * recipe page and its card show "★ 4,7 (3 Bewertungen)" with a sentence for
 * screen readers and the JSON-LD's aggregateRating, nothing moves; a category
 * sorted by "Beste Bewertung", chosen by a plain link without JavaScript,
 * lists the rated recipes first, best first.
 */
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { USER_ROLE } from "../../cms/access-policies.ts";
import { connectAdmin, type DirectusAdmin } from "../../scripts/cms/directus-admin.ts";
import { LOCAL_ADMIN } from "../../scripts/local-stack/directus.ts";
import { requestSync } from "../../scripts/local-stack/site-sync.ts";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { layoutShift, UNNOTICEABLE_SHIFT } from "./layout-shift.ts";
import { BASE_URL, STACK_FILE } from "./stack.ts";

/** A seed recipe no other browser test rates. */
const RATED = "champignoncremesuppe";

const ONE_DECIMAL = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

interface Stack {
  directusUrl: string;
  syncToken: string;
}

/** Creates an account and rates `recipe` with it; answers the account's id. */
async function rate(stack: Stack, editor: DirectusAdmin, recipe: number, stars: number): Promise<string> {
  const email = `bewertung-e2e-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
  const password = `pw-${email}`;
  const user = await editor.request<{ id: string }>("POST", "/users", { email, password, role: USER_ROLE.id });
  const login = await fetch(`${stack.directusUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const created = await fetch(`${stack.directusUrl}/items/recipe_ratings`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ recipe, stars }),
  });
  expect(created.status).toBe(200);
  return user.id;
}

/** Every published recipe's count and mean, as Directus' administrator reads them. */
async function tallies(editor: DirectusAdmin): Promise<Map<number, { count: number; mean: number }>> {
  const rows = await editor.request<{ recipe: number; stars: number }[]>(
    "GET",
    "/items/recipe_ratings?fields=recipe,stars&limit=-1",
  );
  const sums = new Map<number, { count: number; sum: number }>();
  for (const { recipe, stars } of rows) {
    const tally = sums.get(recipe) ?? { count: 0, sum: 0 };
    tally.count += 1;
    tally.sum += Number(stars);
    sums.set(recipe, tally);
  }
  return new Map([...sums].map(([recipe, { count, sum }]) => [recipe, { count, mean: sum / count }]));
}

const ratingBadge = (page: Page) => page.locator("article.recipe-card .badge-rating").first();

test("a recipe's ratings reach its page, its JSON-LD and a category sorted by rating", { tag: "@desktop" }, async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stack = JSON.parse(readFileSync(STACK_FILE, "utf8")) as Stack;
  const editor = await connectAdmin(stack.directusUrl, LOCAL_ADMIN);
  const [recipe] = await editor.request<{ id: number; type: { name: string } }[]>(
    "GET",
    `/items/recipe?filter[slug][_eq]=${RATED}&fields=id,type.name`,
  );
  if (!recipe) throw new Error(`ratings.spec: no recipe ${RATED}`);
  const users: string[] = [];
  try {
    for (const stars of [5, 4, 5]) users.push(await rate(stack, editor, recipe.id, stars));
    const tally = (await tallies(editor)).get(recipe.id);
    expect(tally?.count).toBeGreaterThanOrEqual(3);
    const mean = ONE_DECIMAL.format(Math.round((tally?.mean ?? 0) * 10) / 10);
    const count = `${tally?.count} Bewertungen`;

    // The publish the cron would ask for; ratings never ask for one themselves.
    await requestSync({ url: BASE_URL, token: stack.syncToken }, "publish");
    // The seed's own ratings show before the publish: wait for the count and mean with the three new ones.
    await expect(async () => {
      await page.goto(`/rezepte/${RATED}`);
      await expect(ratingBadge(page).locator('[aria-hidden="true"]')).toHaveText(`★ ${mean} (${count})`, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 60_000 });

    await waitForHydration(page);
    await expect(ratingBadge(page).locator('[aria-hidden="true"]')).toHaveText(`★ ${mean} (${count})`);
    await expect(ratingBadge(page)).toContainText(`Bewertet mit ${mean} von 5 Sternen, ${count}`);
    await page.waitForLoadState("networkidle");
    const shift = await layoutShift(page);
    expect(shift.total, shift.moved.join("; ")).toBeLessThan(UNNOTICEABLE_SHIFT);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: Math.round((tally?.mean ?? 0) * 10) / 10,
      ratingCount: tally?.count,
      bestRating: 5,
      worstRating: 1,
    });
    const axe = await new AxeBuilder({ page }).include("article.recipe-card .badges").analyze();
    expect(axe.violations).toEqual([]);

    // The category without JavaScript: "Beste Bewertung" is a link; the rated recipes come first, best first.
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE_URL });
    const plain = await noScript.newPage();
    await plain.goto(`/kategorie/${recipe.type.name.toLowerCase()}`);
    const sorting = plain.getByRole("list", { name: "Sortierung" });
    await expect(sorting.getByRole("link", { name: "Standard", exact: true })).toHaveAttribute("aria-current", "true");
    await sorting.getByRole("link", { name: "Beste Bewertung", exact: true }).click();
    await expect(plain).toHaveURL(/\?sortierung=bewertung$/);
    await expect(sorting.getByRole("link", { name: "Beste Bewertung", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    const cards = await plain.locator("article.recipe-card").evaluateAll((articles) =>
      articles.map((article) => ({
        slug: article.getAttribute("data-slug"),
        rating: article.querySelector('.badge-rating [aria-hidden="true"]')?.textContent ?? null,
      })),
    );
    const means = cards.map((card) =>
      card.rating ? Number(/★ ([\d,]+)/.exec(card.rating)?.[1]?.replace(",", ".")) : null,
    );
    const firstUnrated = means.indexOf(null);
    expect(cards.slice(0, firstUnrated === -1 ? cards.length : firstUnrated).map((card) => card.slug)).toContain(RATED);
    if (firstUnrated !== -1) expect(means.slice(firstUnrated).every((value) => value === null)).toBe(true);
    const rated = means.filter((value): value is number => value !== null);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    await noScript.close();
  } finally {
    for (const id of users) await editor.request("DELETE", `/users/${id}`);
  }
});
