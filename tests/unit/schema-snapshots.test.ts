import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { POSTGRES_SCHEMA_SNAPSHOT, SCHEMA_SNAPSHOT } from "../../scripts/local-stack/cms.ts";

/**
 * cms/schema/snapshot.postgres.json is made from snapshot.json by
 * `npm run schema:postgres`. They may differ only in how each database
 * spells a column (type names, sizes, sequences, constraint names); a field,
 * collection or relation that is in one and not the other, or any other
 * difference, means the Postgres snapshot was not made again after an edit.
 */

interface Snapshot {
  vendor: string;
  directus: string;
  collections: Entry[];
  fields: Entry[];
  relations: Entry[];
}
type Entry = { collection: string; field?: string; related_collection?: string | null } & Record<string, unknown>;

const sqlite = JSON.parse(readFileSync(SCHEMA_SNAPSHOT, "utf8")) as Snapshot;
const postgres = JSON.parse(readFileSync(POSTGRES_SCHEMA_SNAPSHOT, "utf8")) as Snapshot;

/** Column properties each database reports in its own words. */
const SPELLING = ["data_type", "max_length", "numeric_precision", "numeric_scale", "default_value", "constraint_name"];

/** An entry without its database-specific spelling. */
function portable(entry: Entry): unknown {
  const schema = entry.schema as Record<string, unknown> | null | undefined;
  const kept = schema ? Object.fromEntries(Object.entries(schema).filter(([key]) => !SPELLING.includes(key))) : schema;
  // Postgres reports a serial primary key as unique as well.
  if (kept && kept.is_primary_key === true) delete kept.is_unique;
  // A char(36) foreign key on SQLite is a uuid on Postgres (Directus converts it when it creates the table).
  const type =
    entry.type === "string" && schema?.foreign_key_column === "id" && schema?.max_length === 36 ? "uuid" : entry.type;
  return { ...entry, type, schema: kept };
}

const id = (entry: Entry) => [entry.collection, entry.field ?? "", entry.related_collection ?? ""].join("/");

describe("the Postgres schema snapshot", () => {
  it("is for Postgres and the same Directus", () => {
    expect(sqlite.vendor).toBe("sqlite");
    expect(postgres.vendor).toBe("postgres");
    expect(postgres.directus).toBe(sqlite.directus);
  });

  it.each(["collections", "fields", "relations"] as const)("has the same %s as snapshot.json", (part) => {
    const byId = (list: Entry[]) => Object.fromEntries(list.map((entry) => [id(entry), portable(entry)]));
    expect(byId(postgres[part])).toEqual(byId(sqlite[part]));
  });
});
