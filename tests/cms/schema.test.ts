import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { schemaSnapshotFor } from "../../scripts/local-stack/cms.ts";
import { runDirectusCli } from "../../scripts/local-stack/directus.ts";
import { directusCliOptions } from "./directus-clients.ts";

it("applies the schema a second time without changing anything", async () => {
  const options = directusCliOptions();
  // snapshot.json on SQLite, snapshot.postgres.json on Postgres (the Postgres stage runs this file too).
  const snapshot = schemaSnapshotFor(options.database);
  // The global setup applied it once; applying again must be a no-op …
  await runDirectusCli(options, ["schema", "apply", "--yes", snapshot]);
  // … and the database must then match the snapshot exactly.
  const again = join(options.dataDir, "snapshot-again.json");
  await runDirectusCli(options, ["schema", "snapshot", "--yes", "--format", "json", again]);
  expect(JSON.parse(readFileSync(again, "utf8"))).toEqual(JSON.parse(readFileSync(snapshot, "utf8")));
});
