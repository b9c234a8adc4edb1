/**
 * cms/ops/init.sh, the `init` service of cms/compose.yaml, run for real
 * against Directus on the throwaway PostgreSQL (the local CLI in place of the
 * image's): a start that would delete a field an editor added stops before
 * changing anything and names it; allowed by name, it deletes it and goes on.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";
import { POSTGRES_SCHEMA_SNAPSHOT } from "../../scripts/local-stack/cms.ts";
import { CMS_DIR, DIRECTUS_CLI, directusProcessEnv, LOCAL_ADMIN } from "../../scripts/local-stack/directus.ts";
import { admin, call, directusCliOptions, retryOnClosedConnection } from "../cms/directus-clients.ts";

function init(extra: Record<string, string> = {}) {
  const result = spawnSync("sh", [join(CMS_DIR, "ops/init.sh")], {
    cwd: CMS_DIR,
    env: {
      ...directusProcessEnv(directusCliOptions()),
      DIRECTUS_CLI: `${process.execPath} ${DIRECTUS_CLI}`,
      SCHEMA_SNAPSHOT: POSTGRES_SCHEMA_SNAPSHOT,
      ...extra,
    },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

async function fieldExists(collection: string, field: string): Promise<boolean> {
  const client = await retryOnClosedConnection(admin);
  return client.request("GET", `/fields/${collection}/${field}`).then(
    () => true,
    () => false,
  );
}

it("a start refuses to delete a field an editor added, and deletes it when SCHEMA_DROP_ALLOW names it", async () => {
  const client = await admin();
  await client.request("POST", "/fields/ingredient", {
    field: "editor_note",
    type: "text",
    meta: { interface: "input" },
  });

  const refused = init();
  expect(refused.status, refused.output).toBe(2);
  expect(refused.output).toContain("field ingredient.editor_note (with its values)");
  expect(refused.output).toContain("SCHEMA_DROP_ALLOW=ingredient.editor_note");
  expect(refused.output).not.toContain("Snapshot applied");
  expect(await fieldExists("ingredient", "editor_note")).toBe(true);

  const allowed = init({ SCHEMA_DROP_ALLOW: "ingredient.editor_note" });
  expect(allowed.status, allowed.output).toBe(0);
  expect(allowed.output).toContain("deleting as allowed by SCHEMA_DROP_ALLOW: ingredient.editor_note");
  // The Directus under test read its schema before the CLI changed it (compose's init runs before Directus starts).
  const login = await retryOnClosedConnection(() => call("POST", "/auth/login", { body: LOCAL_ADMIN }));
  const token = (login.data as { access_token: string }).access_token;
  expect((await call("POST", "/utils/cache/clear?system", { token })).status).toBe(200);
  expect(await fieldExists("ingredient", "editor_note")).toBe(false);

  // And a start with nothing to delete goes through.
  const again = init();
  expect(again.status, again.output).toBe(0);
});
