import { expect, it } from "vitest";
import { applySchemaSnapshot } from "../../scripts/local-stack/cms.ts";
import { LOCAL_ADMIN } from "../../scripts/local-stack/directus.ts";
import { admin, call, directusCliOptions, retryOnClosedConnection } from "./directus-clients.ts";

/** Whether the admin sees the field: Directus answers 403 for one that does not exist. */
async function fieldExists(collection: string, field: string): Promise<boolean> {
  const client = await retryOnClosedConnection(admin);
  return client.request("GET", `/fields/${collection}/${field}`).then(
    () => true,
    () => false,
  );
}

it("a start refuses to delete what an editor added in the Data Studio, names it, and deletes it only when allowed", async () => {
  const client = await admin();
  // An editor's additions: a field with a value on a recipe, and a collection of their own.
  await client.request("POST", "/fields/recipe", {
    field: "editor_note",
    type: "string",
    meta: { interface: "input" },
  });
  await client.request("POST", "/collections", {
    collection: "editor_scratch",
    meta: { icon: "note" },
    schema: {},
    fields: [{ field: "id", type: "integer", schema: { is_primary_key: true, has_auto_increment: true } }],
  });
  const [recipe] = await client.request<{ id: number }[]>("GET", "/items/recipe?limit=1&fields=id");
  if (!recipe) throw new Error("the seed has no recipe");
  await client.request("PATCH", `/items/recipe/${recipe.id}`, { editor_note: "nicht löschen" });

  const options = directusCliOptions();
  const refused = applySchemaSnapshot(options);
  await expect(refused).rejects.toThrow(/refusing to apply/);
  const message = await refused.catch((error: Error) => error.message);
  expect(message).toContain("field recipe.editor_note");
  expect(message).toContain("collection editor_scratch");
  expect(message).toContain("SCHEMA_DROP_ALLOW=editor_scratch,recipe.editor_note");

  // Nothing changed: the field and its value, and the collection, are still there.
  expect(await fieldExists("recipe", "editor_note")).toBe(true);
  const kept = await retryOnClosedConnection(() =>
    client.request<{ editor_note: string }>("GET", `/items/recipe/${recipe.id}?fields=editor_note`),
  );
  expect(kept.editor_note).toBe("nicht löschen");
  expect(await fieldExists("editor_scratch", "id")).toBe(true);

  // Allowing only one of them is not enough.
  await expect(applySchemaSnapshot(options, ["recipe.editor_note"])).rejects.toThrow(/collection editor_scratch/);
  expect(await fieldExists("recipe", "editor_note")).toBe(true);

  // Allowed by name, the apply deletes both and the database matches the snapshot again.
  await applySchemaSnapshot(options, ["recipe.editor_note", "editor_scratch"]);
  // The running Directus still holds the schema it read before the CLI changed it; compose's init runs before
  // Directus starts, so only the test has to tell it.
  const login = await retryOnClosedConnection(() => call("POST", "/auth/login", { body: LOCAL_ADMIN }));
  const token = (login.data as { access_token: string }).access_token;
  expect((await call("POST", "/utils/cache/clear?system", { token })).status).toBe(200);
  expect(await fieldExists("recipe", "editor_note")).toBe(false);
  expect(await fieldExists("editor_scratch", "id")).toBe(false);
  await applySchemaSnapshot(options);
});
