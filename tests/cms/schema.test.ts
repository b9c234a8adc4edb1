import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { SCHEMA_SNAPSHOT } from "../../scripts/local-stack/cms.ts";
import { runDirectusCli } from "../../scripts/local-stack/directus.ts";
import { directusCliOptions } from "./directus-clients.ts";

it("applies the schema a second time without changing anything", async () => {
  const options = directusCliOptions();
  // The global setup applied it once; applying again must be a no-op …
  await runDirectusCli(options, ["schema", "apply", "--yes", SCHEMA_SNAPSHOT]);
  // … and the database must then match the snapshot exactly.
  const again = join(options.dataDir, "snapshot-again.json");
  await runDirectusCli(options, ["schema", "snapshot", "--yes", "--format", "json", again]);
  expect(JSON.parse(readFileSync(again, "utf8"))).toEqual(JSON.parse(readFileSync(SCHEMA_SNAPSHOT, "utf8")));
});
