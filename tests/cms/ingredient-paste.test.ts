/**
 * "Zutatenliste einfügen" (cms/flows.ts, decision 0048) in a real Directus: the manual flow triggered
 * through Directus' API as the Data Studio does (POST /flows/trigger/<id> with the recipe's key and the
 * confirmation dialog's values), its operation loaded from cms/extensions/ingredient-paste.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INGREDIENT_PASTE_FLOW } from "../../cms/flows.ts";
import { LOCAL_ADMIN } from "../../scripts/local-stack/directus.ts";
import { admin, call, createUser, directusUrl } from "./directus-clients.ts";

interface Line {
  sort: number;
  amount: number | null;
  amount_max: number | null;
  unit: string | null;
  note: string | null;
  ingredient_id: { id: number; name: string; status: string };
}
interface Recipe {
  import_problems: string | null;
  ingredients: Line[];
  optionalIngredients: Line[];
}

const LIST = ["200 g Mehl", "2–3 EL Olivenöl", "2 Zwiebeln, fein gewürfelt", "1 Prise Salz", "1 Stange Zitronengras"];

let adminToken: string;
let adminId: string;
let typeId: number;
const created: number[] = [];

beforeAll(async () => {
  const login = await call("POST", "/auth/login", { body: LOCAL_ADMIN });
  adminToken = (login.data as { access_token: string }).access_token;
  adminId = ((await call("GET", "/users/me?fields=id", { token: adminToken })).data as { id: string }).id;
  typeId = ((await call("GET", "/items/RecipeType?limit=1&fields=id")).data as { id: number }[])[0]?.id ?? 0;
});

afterAll(async () => {
  const client = await admin();
  if (created.length > 0) await client.request("DELETE", "/items/recipe", created);
  const names = ["Zitronengras", "Galgant", "Kaffirlimettenblätter"];
  const proposed = await client.request<{ id: number }[]>(
    "GET",
    `/items/ingredient?filter[name][_in]=${encodeURIComponent(names.join(","))}&fields=id&limit=-1`,
  );
  if (proposed.length > 0)
    await client.request(
      "DELETE",
      "/items/ingredient",
      proposed.map(({ id }) => id),
    );
});

/** A draft recipe of its own, with a first line (Butter) when asked. */
async function newRecipe(status = "draft", butter = true): Promise<number> {
  const client = await admin();
  const [ingredient] = await client.request<{ id: number }[]>(
    "GET",
    "/items/ingredient?filter[name][_eq]=Butter&fields=id",
  );
  const recipe = await client.request<{ id: number }>("POST", "/items/recipe", {
    status,
    name: "Einfüge-Test",
    slug: `einfuege-test-${Date.now()}-${created.length}`,
    prepTime: 5,
    cookTime: 5,
    totalTime: 10,
    servings: 2,
    type: typeId,
    ingredients: butter ? [{ ingredient_id: ingredient?.id, amount: 20, unit: "g", sort: 1 }] : [],
  });
  created.push(recipe.id);
  return recipe.id;
}

async function recipeOf(id: number): Promise<Recipe> {
  const fields = [
    "sort",
    "amount",
    "amount_max",
    "unit",
    "note",
    "ingredient_id.id",
    "ingredient_id.name",
    "ingredient_id.status",
  ];
  const query = [
    "import_problems",
    ...["ingredients", "optionalIngredients"].flatMap((list) => fields.map((f) => `${list}.${f}`)),
  ];
  const recipe = await (await admin()).request<Recipe>("GET", `/items/recipe/${id}?fields=${query.join(",")}`);
  for (const list of [recipe.ingredients, recipe.optionalIngredients]) list.sort((a, b) => a.sort - b.sort);
  return recipe;
}

/**
 * The flow, triggered as the Data Studio does it from a recipe's page. A flow's answer is its last
 * operation's result as the whole body (no `data` around it); a refusal is Directus' usual `errors`.
 */
async function paste(
  recipe: number | number[],
  fields: { ingredient_list?: unknown; mode?: string; optional?: boolean },
  token = adminToken,
): Promise<{ status: number; data: unknown; errors?: { message: string }[] }> {
  const response = await fetch(`${directusUrl()}/flows/trigger/${INGREDIENT_PASTE_FLOW.id}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ collection: "recipe", keys: Array.isArray(recipe) ? recipe : [recipe], ...fields }),
  });
  const body = (await response.json()) as { errors?: { message: string }[] };
  return { status: response.status, data: body.errors ? undefined : body, errors: body.errors };
}

/**
 * An editor whose role may read recipes and create ingredients but not change recipes: the paste creates
 * its proposed ingredient before the recipe's update is refused, so only the transaction takes it back.
 */
async function editorWhoCannotChangeRecipes(): Promise<string> {
  const client = await admin();
  const policy = await client.request<{ id: string }>("POST", "/policies", {
    name: "Einfüge-Test: liest Rezepte, legt Zutaten an",
    icon: "block",
    admin_access: false,
    app_access: true,
  });
  await client.request(
    "POST",
    "/permissions",
    [
      ["recipe", "read"],
      ["recipe_ingredient", "read"],
      ["recipe_optional_ingredient", "read"],
      ["ingredient", "read"],
      ["ingredient", "create"],
    ].map(([collection, action]) => ({ policy: policy.id, collection, action, fields: ["*"], permissions: {} })),
  );
  const role = await client.request<{ id: string }>("POST", "/roles", { name: "Einfüge-Test" });
  await client.request("POST", "/access", { role: role.id, policy: policy.id });
  const email = `paste-editor-${Date.now()}@example.org`;
  await client.request("POST", "/users", { email, password: "paste-editor", role: role.id });
  const login = await call("POST", "/auth/login", { body: { email, password: "paste-editor" } });
  return (login.data as { access_token: string }).access_token;
}

async function ingredientsNamed(name: string): Promise<{ id: number; status: string }[]> {
  return (await admin()).request(
    "GET",
    `/items/ingredient?filter[name][_eq]=${encodeURIComponent(name)}&fields=id,status`,
  );
}

describe("the flow and its operation", () => {
  it("are in Directus: the extension loaded from EXTENSIONS_PATH, the flow on recipes' pages with its dialog", async () => {
    const extensions = (await call("GET", "/extensions", { token: adminToken })).data as {
      schema: { name: string; type: string } | null;
      meta: { enabled: boolean };
    }[];
    const ours = extensions.find((extension) => extension.schema?.name === "wkij-ingredient-paste");
    expect(ours?.schema?.type).toBe("operation");
    expect(ours?.meta.enabled).toBe(true);

    const flow = (
      await call("GET", `/flows/${INGREDIENT_PASTE_FLOW.id}?fields=trigger,status,options`, { token: adminToken })
    ).data as {
      trigger: string;
      status: string;
      options: { collections: string[]; location: string; fields: { name: string }[] };
    };
    expect(flow).toMatchObject({
      trigger: "manual",
      status: "active",
      options: { collections: ["recipe"], location: "item" },
    });
    expect(flow.options.fields.map(({ name }) => name)).toEqual([
      "Zutatenliste",
      "Vorhandene Zeilen",
      "Als optionale Zutaten",
    ]);
  });
});

describe("pasting a list", () => {
  it("appends the lines in order, with amounts, ranges, units and notes, and proposes an unknown ingredient", async () => {
    const id = await newRecipe();
    const answer = await paste(id, {
      ingredient_list: `${LIST.join("\n")}\n\nPetersilie (optional)\n`,
      mode: "append",
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      recipe: id,
      lines: 5,
      optionalLines: 1,
      proposed: ["Zitronengras"],
      unread: [],
      summary: "Zutatenliste eingefügt: 6 Zeilen, 1 neue Zutat vorgeschlagen",
    });

    const recipe = await recipeOf(id);
    expect(
      recipe.ingredients.map(({ sort, amount, amount_max, unit, note, ingredient_id }) => [
        sort,
        amount,
        amount_max,
        unit,
        note,
        ingredient_id.name,
      ]),
    ).toEqual([
      [1, 20, null, "g", null, "Butter"],
      [2, 200, null, "g", null, "Mehl"],
      [3, 2, 3, "EL", null, "Olivenöl"],
      [4, 2, null, null, "fein gewürfelt", "Zwiebel"],
      [5, 1, null, "Prise", null, "Salz"],
      [6, 1, null, "Stange", null, "Zitronengras"],
    ]);
    expect(recipe.optionalIngredients.map(({ sort, ingredient_id }) => [sort, ingredient_id.name])).toEqual([
      [1, "Petersilie"],
    ]);
    const [proposed, ...more] = await ingredientsNamed("Zitronengras");
    expect(more).toEqual([]);
    expect(proposed?.status).toBe("draft");
    expect(recipe.ingredients.at(-1)?.ingredient_id).toMatchObject({ id: proposed?.id, status: "draft" });
    expect(recipe.import_problems).toBe("Neue Zutat vorgeschlagen: „Zitronengras“; bitte prüfen.");

    // The editor's notification, with the proposed ingredient, linked to the recipe.
    const [notification] = await (await admin()).request<
      { subject: string; message: string; collection: string; item: string }[]
    >(
      "GET",
      `/notifications?filter[recipient][_eq]=${adminId}&filter[item][_eq]=${id}&fields=subject,message,collection,item`,
    );
    expect(notification).toMatchObject({
      subject: "„Einfüge-Test“ – Zutatenliste eingefügt: 6 Zeilen, 1 neue Zutat vorgeschlagen",
      collection: "recipe",
      item: String(id),
    });
    expect(notification?.message).toContain("- Zitronengras");
  });

  it("replaces the list's lines, reuses the proposed ingredient instead of a second one, and keeps earlier problems", async () => {
    const id = await newRecipe();
    await paste(id, { ingredient_list: "1 Stück Galgant" });
    const answer = await paste(id, { ingredient_list: "2 Eier\n1 Stück Galgant", mode: "replace" });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ lines: 2, proposed: [], unconfirmed: ["Galgant"] });

    const recipe = await recipeOf(id);
    expect(recipe.ingredients.map(({ sort, ingredient_id }) => [sort, ingredient_id.name])).toEqual([
      [1, "Ei"],
      [2, "Galgant"],
    ]);
    expect(await ingredientsNamed("Galgant")).toHaveLength(1);
    expect(recipe.import_problems?.split("\n")).toEqual([
      "Neue Zutat vorgeschlagen: „Galgant“; bitte prüfen.",
      "Vorgeschlagene Zutat noch nicht bestätigt: „Galgant“; bitte prüfen.",
    ]);
  });

  it("puts every line into the optional ingredients when asked, after the ones there", async () => {
    const id = await newRecipe();
    await paste(id, { ingredient_list: "1 Prise Salz", optional: true });
    await paste(id, { ingredient_list: "Petersilie", optional: true, mode: "append" });
    const recipe = await recipeOf(id);
    expect(recipe.ingredients.map(({ ingredient_id }) => ingredient_id.name)).toEqual(["Butter"]);
    expect(recipe.optionalIngredients.map(({ sort, ingredient_id }) => [sort, ingredient_id.name])).toEqual([
      [1, "Salz"],
      [2, "Petersilie"],
    ]);
  });

  it("shortens a note over 40 characters and says so, and warns that a published recipe waits for its proposals", async () => {
    const id = await newRecipe("published");
    const note = "in sehr feine Streifen geschnitten und kurz blanchiert";
    const answer = await paste(id, { ingredient_list: `1 Zwiebel, ${note}\n3 Kaffirlimettenblätter` });
    expect(answer.status).toBe(200);
    const recipe = await recipeOf(id);
    const shortened = recipe.ingredients[1]?.note ?? "";
    expect(shortened.length).toBeLessThanOrEqual(40);
    expect(shortened.endsWith("…")).toBe(true);
    expect(recipe.import_problems?.split("\n")).toEqual([
      `Notiz „${note}“ zu „Zwiebel“ auf 40 Zeichen gekürzt; bitte prüfen.`,
      "Neue Zutat vorgeschlagen: „Kaffirlimettenblätter“; bitte prüfen.",
      "Das Rezept ist veröffentlicht: Bis jede vorgeschlagene Zutat bestätigt ist, lässt die Website es aus.",
    ]);
  });
});

describe("the recipe a paste changes", () => {
  it("has a later date_updated, though only its lines changed: the sync reads only what changed (decision 0052)", async () => {
    const id = await newRecipe();
    const updatedAt = async () =>
      (await (await admin()).request<{ date_updated: string | null }>("GET", `/items/recipe/${id}?fields=date_updated`))
        .date_updated;
    const before = await updatedAt();
    // Directus keeps whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const answer = await paste(id, { ingredient_list: "200 g Mehl", mode: "append" });
    expect(answer.errors).toBeUndefined();
    expect((await recipeOf(id)).import_problems).toBeNull();
    const after = await updatedAt();
    expect(after).not.toBeNull();
    expect(Date.parse(after ?? "")).toBeGreaterThan(Date.parse(before ?? "1970-01-01"));
  });
});

describe("a paste that is refused changes nothing", () => {
  const cases: [string, () => Promise<number>, (id: number) => ReturnType<typeof paste>, number, RegExp][] = [
    [
      "an empty list",
      () => newRecipe(),
      (id) => paste(id, { ingredient_list: " \n \n" }),
      400,
      /^Die Zutatenliste ist leer/,
    ],
    [
      "more than 20 KB",
      () => newRecipe(),
      (id) => paste(id, { ingredient_list: `200 g Mehl ${"x".repeat(21_000)}` }),
      400,
      /^Die Zutatenliste ist zu lang \(21 KB, höchstens 20 KB\)/,
    ],
    [
      "more than 200 lines",
      () => newRecipe(),
      (id) => paste(id, { ingredient_list: Array.from({ length: 201 }, () => "1 Prise Salz").join("\n") }),
      400,
      /^Die Zutatenliste hat 201 Zeilen, höchstens 200/,
    ],
    [
      "no line that reads as an ingredient",
      () => newRecipe(),
      (id) => paste(id, { ingredient_list: "???\n1 2 3\nFür den Teig:" }),
      400,
      /^Keine Zeile ließ sich als Zutat lesen, nichts wurde eingefügt\. „\?\?\?“: Die Zeile enthält keine Wörter/,
    ],
    [
      "two recipes at once",
      () => newRecipe(),
      async (id) => paste([id, await newRecipe()], { ingredient_list: "1 Stange Neue-Zutat-A" }),
      400,
      /genau ein Rezept/,
    ],
    [
      "a visitor's account (the Nutzer role), even on a published recipe they may read",
      () => newRecipe("published"),
      async (id) =>
        paste(
          id,
          { ingredient_list: "1 Stange Neue-Zutat-B" },
          (await createUser(`paste-${Date.now()}@example.org`)).token,
        ),
      403,
      /^Nicht eingefügt: Dafür fehlen die Rechte/,
    ],
    [
      "an editor who may propose ingredients but not change this recipe (the proposal is taken back too)",
      () => newRecipe(),
      async (id) => paste(id, { ingredient_list: "1 Stange Neue-Zutat-C" }, await editorWhoCannotChangeRecipes()),
      403,
      /^Nicht eingefügt: Dafür fehlen die Rechte/,
    ],
  ];

  it.each(cases)("%s", async (_name, prepare, attempt, status, message) => {
    const id = await prepare();
    const before = await recipeOf(id);
    const ingredientCount = (await (await admin()).request<unknown[]>("GET", "/items/ingredient?fields=id&limit=-1"))
      .length;
    const answer = await attempt(id);
    expect(answer.status).toBe(status);
    expect(answer.errors?.[0]?.message).toMatch(message);
    expect(await recipeOf(id)).toEqual(before);
    expect((await (await admin()).request<unknown[]>("GET", "/items/ingredient?fields=id&limit=-1")).length).toBe(
      ingredientCount,
    );
  });

  it("refuses a recipe that does not exist", async () => {
    const answer = await paste(999_999, { ingredient_list: "1 Prise Salz" });
    expect(answer.status).toBe(403);
    expect(answer.errors?.[0]?.message).toMatch(/^Nicht eingefügt/);
  });
});
