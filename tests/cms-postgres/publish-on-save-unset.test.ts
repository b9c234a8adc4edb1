import { expect, it } from "vitest";
import { admin, call } from "../cms/directus-clients.ts";
import { calls, ofItem, runOf } from "../cms/flow-runs.ts";

// This CMS runs without SYNC_URL and SYNC_TOKEN (tests/cms-postgres/global-setup.ts).
it("without a site to call, saves as usual and the flow stops at its first step", async () => {
  const client = await admin();
  const type = ((await call("GET", "/items/RecipeType?limit=1&fields=id")).data as { id: number }[])[0]?.id;
  const recipe = await client.request<{ id: number }>("POST", "/items/recipe", {
    status: "draft",
    name: "Ohne Website",
    slug: `ohne-website-${Date.now()}`,
    prepTime: 5,
    cookTime: 5,
    totalTime: 10,
    type,
  });
  try {
    const run = await runOf(ofItem("recipe.items.create", recipe.id));
    expect(run.steps).toEqual([expect.objectContaining({ key: "configured", status: "reject" })]);
    expect(calls(run)).toEqual([]);
    const [stored] = await client.request<{ name: string }[]>(
      "GET",
      `/items/recipe?filter[id][_eq]=${recipe.id}&fields=name`,
    );
    expect(stored?.name).toBe("Ohne Website");
  } finally {
    await client.request("DELETE", `/items/recipe/${recipe.id}`);
  }
});
