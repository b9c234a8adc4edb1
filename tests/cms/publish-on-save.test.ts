import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PUBLISH_ON_SAVE_FLOW, PUBLISH_ON_SAVE_OPERATIONS, RETRIES } from "../../cms/flows.ts";
import { applyFlows } from "../../scripts/cms/apply-flows.ts";
import type { SeenSync } from "../stand-ins/site-sync-stand-in.ts";
import { admin, call } from "./directus-clients.ts";
import { calls, lastRunId, ofItem, runOf } from "./flow-runs.ts";

/**
 * The publish-on-save flow (cms/flows.ts) in a real Directus, calling a
 * stand-in for the site's /sync (tests/stand-ins/site-sync-stand-in.ts).
 */

function siteSync() {
  const value = inject("siteSync");
  if (!value) throw new Error("publish-on-save test: the global setup started no site stand-in");
  return value;
}

async function seen(): Promise<SeenSync[]> {
  return (await fetch(`${siteSync().controlUrl}/_seen`)).json() as Promise<SeenSync[]>;
}

async function refuseFor(seconds: number): Promise<void> {
  await fetch(`${siteSync().controlUrl}/_refuse?seconds=${seconds}`, { method: "POST" });
}

let typeIds: { recipe: number; ingredient: number };

beforeAll(async () => {
  typeIds = {
    recipe: ((await call("GET", "/items/RecipeType?limit=1&fields=id")).data as { id: number }[])[0]?.id ?? 0,
    ingredient: ((await call("GET", "/items/IngredientType?limit=1&fields=id")).data as { id: number }[])[0]?.id ?? 0,
  };
});

describe("the flow as code", () => {
  it("is applied again without a change, and put back when someone edited it in the Data Studio", async () => {
    const client = await admin();
    expect(await applyFlows(client)).toEqual({ created: 0, updated: 0, deleted: 0 });

    const waitStep = PUBLISH_ON_SAVE_OPERATIONS.find((operation) => operation.type === "sleep");
    await client.request("PATCH", `/operations/${waitStep?.id}`, { options: { milliseconds: 1 } });
    await client.request("POST", "/operations", {
      flow: PUBLISH_ON_SAVE_FLOW.id,
      name: "Zusätzlich",
      key: "extra",
      type: "log",
      position_x: 19,
      position_y: 37,
      options: { message: "nicht deklariert" },
    });
    expect(await applyFlows(client)).toEqual({ created: 0, updated: 1, deleted: 1 });
    expect(await applyFlows(client)).toEqual({ created: 0, updated: 0, deleted: 0 });
    const [flow] = await client.request<{ status: string; operation: string }[]>(
      "GET",
      `/flows?filter[id][_eq]=${PUBLISH_ON_SAVE_FLOW.id}&fields=status,operation`,
    );
    expect(flow).toEqual({ status: "active", operation: PUBLISH_ON_SAVE_FLOW.operation });
  });

  it(`calls the site at most ${1 + RETRIES} times per save`, () => {
    const requests = PUBLISH_ON_SAVE_OPERATIONS.filter((operation) => operation.type === "request");
    expect(requests).toHaveLength(1 + RETRIES);
    expect(requests.at(-1)?.reject).toBeNull();
  });
});

describe.each([
  [
    "a recipe",
    "recipe",
    () => ({
      status: "draft",
      name: "Flow-Test",
      slug: `flow-test-${Date.now()}`,
      prepTime: 5,
      cookTime: 5,
      totalTime: 10,
      type: typeIds.recipe,
    }),
  ],
  [
    "an ingredient",
    "ingredient",
    () => ({ name: `Flow-Testzutat ${Date.now()}`, vegetarian: true, vegan: true, type: typeIds.ingredient }),
  ],
] as const)("saving %s", (_label, collection, newItem) => {
  let id: number;

  it("after creating it, calls the site with the bearer token as an empty form post", async () => {
    await fetch(`${siteSync().controlUrl}/_seen`, { method: "DELETE" });
    const client = await admin();
    id = (await client.request<{ id: number }>("POST", `/items/${collection}`, newItem())).id;
    const run = await runOf(ofItem(`${collection}.items.create`, id));
    expect(calls(run)).toEqual([{ key: "sync_0", status: 202 }]);
    // The run log is in the database: the token is masked there.
    expect(JSON.stringify(run.steps)).toContain("Bearer ");
    expect(JSON.stringify(run)).not.toContain(siteSync().token);

    const requests = await seen();
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request).toMatchObject({
        method: "POST",
        path: "/sync",
        authorization: `Bearer ${siteSync().token}`,
        contentType: "application/x-www-form-urlencoded",
        body: "",
      });
    }
  });

  it("after updating it", async () => {
    const client = await admin();
    await client.request("PATCH", `/items/${collection}/${id}`, { name: `Flow-Test geändert ${Date.now()}` });
    expect(calls(await runOf(ofItem(`${collection}.items.update`, id)))).toEqual([{ key: "sync_0", status: 202 }]);
  });

  it("after deleting it", async () => {
    const client = await admin();
    await client.request("DELETE", `/items/${collection}/${id}`);
    expect(calls(await runOf(ofItem(`${collection}.items.delete`, id)))).toEqual([{ key: "sync_0", status: 202 }]);
  });
});

describe("saving a recipe's ingredient lines", () => {
  let recipe: number;
  afterAll(async () => {
    if (recipe) await (await admin()).request("DELETE", `/items/recipe/${recipe}`);
  });

  it("is a save of the recipe: its lines need no trigger of their own", async () => {
    const client = await admin();
    const ingredient = ((await call("GET", "/items/ingredient?limit=1&fields=id")).data as { id: number }[])[0]?.id;
    recipe = (
      await client.request<{ id: number }>("POST", "/items/recipe", {
        status: "draft",
        name: "Flow-Test Zutatenliste",
        slug: `flow-test-zutaten-${Date.now()}`,
        prepTime: 5,
        cookTime: 5,
        totalTime: 10,
        type: typeIds.recipe,
      })
    ).id;
    // What the Data Studio's recipe form sends when an editor adds an ingredient line.
    const since = await lastRunId();
    await client.request("PATCH", `/items/recipe/${recipe}`, {
      ingredients: { create: [{ recipe_id: "+", ingredient_id: { id: ingredient } }], update: [], delete: [] },
    });
    const lines = await client.request<unknown[]>("GET", `/items/recipe_ingredient?filter[recipe_id][_eq]=${recipe}`);
    expect(lines).toHaveLength(1);
    expect(calls(await runOf(ofItem("recipe.items.update", recipe), { since }))).toEqual([
      { key: "sync_0", status: 202 },
    ]);
  });
});

describe("when the site refuses because too many requests wait at its coordinator", () => {
  it("waits, asks again at most twice, and a later 202 ends the run", async () => {
    const client = await admin();
    const [recipe] = await client.request<{ id: number; name: string }[]>(
      "GET",
      "/items/recipe?filter[slug][_eq]=shakshuka&fields=id,name",
    );
    if (!recipe) throw new Error("publish-on-save test: the seed has no shakshuka");
    // Refused for 15 s: the first call and the retry 10 s later are refused, the second retry is taken.
    await refuseFor(15);
    const since = await lastRunId();
    await client.request("PATCH", `/items/recipe/${recipe.id}`, { name: `${recipe.name} (Test)` });
    try {
      const run = await runOf(ofItem("recipe.items.update", recipe.id), { since, timeoutMs: 90_000 });
      expect(calls(run)).toEqual([
        { key: "sync_0", status: 429 },
        { key: "sync_1", status: 429 },
        { key: "sync_2", status: 202 },
      ]);
      expect(run.steps.map((step) => `${step.key}:${step.status}`)).toEqual([
        "configured:resolve",
        "sync_0:reject",
        "refused_0:resolve",
        "wait_0:resolve",
        "sync_1:reject",
        "refused_1:resolve",
        "wait_1:resolve",
        "sync_2:resolve",
      ]);
      expect(run.data.sync_0?.headers?.["retry-after"]).toMatch(/^\d+$/);
      const statuses = (await seen()).map((request) => request.status);
      expect(statuses).toContain(429);
      expect(statuses).toContain(202);
    } finally {
      await client.request("PATCH", `/items/recipe/${recipe.id}`, { name: recipe.name });
    }
  });
});
