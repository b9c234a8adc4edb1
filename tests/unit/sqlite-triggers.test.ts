import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { withTriggersSetAside } from "../../scripts/local-stack/sqlite-triggers.ts";

// The local CMS database's shape where it matters: saved recipes guarded by a trigger that names `recipe`
// (as cms/migrations/20261123A-saved-recipes-rules.js makes it on SQLite).
const TRIGGER = `CREATE TRIGGER saved_recipes_published BEFORE INSERT ON saved_recipes
  WHEN NOT EXISTS (SELECT 1 FROM recipe WHERE id = NEW.recipe AND status = 'published')
  BEGIN SELECT RAISE(ABORT, 'saved_recipes.recipe must be a published recipe'); END`;

/** What Directus has SQLite do to change a column of `recipe`: fill a new table, drop the old, rename the new. */
const REBUILD_RECIPE = `
  CREATE TABLE _knex_temp_alter (id INTEGER PRIMARY KEY, status TEXT, servings INTEGER);
  INSERT INTO _knex_temp_alter (id, status) SELECT id, status FROM recipe;
  DROP TABLE recipe;
  ALTER TABLE _knex_temp_alter RENAME TO recipe;`;

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function scratchDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), "sqlite-triggers-"));
  directories.push(directory);
  return directory;
}

function olderDatabase(): string {
  const directory = scratchDirectory();
  const file = join(directory, "directus.db");
  const database = new DatabaseSync(file);
  database.exec(`
    CREATE TABLE recipe (id INTEGER PRIMARY KEY, status TEXT);
    CREATE TABLE saved_recipes (id INTEGER PRIMARY KEY, recipe INTEGER, "user" TEXT);
    INSERT INTO recipe (id, status) VALUES (1, 'published'), (2, 'draft');`);
  database.exec(TRIGGER);
  database.close();
  return file;
}

function withDatabase<T>(file: string, use: (database: DatabaseSync) => T): T {
  const database = new DatabaseSync(file);
  try {
    return use(database);
  } finally {
    database.close();
  }
}

const triggersOf = (file: string) =>
  withDatabase(file, (database) =>
    database.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all(),
  );

describe("triggers set aside for a schema change of the local CMS database", () => {
  it("lets SQLite rebuild a table a trigger names, which it refuses otherwise", async () => {
    const file = olderDatabase();
    // The failure `npm start` met on a database made before a recipe field was added.
    expect(() => withDatabase(file, (database) => database.exec(REBUILD_RECIPE))).toThrow(/saved_recipes_published/);

    const fresh = olderDatabase();
    const before = triggersOf(fresh);
    await withTriggersSetAside(fresh, async () => {
      expect(triggersOf(fresh)).toEqual([]);
      withDatabase(fresh, (database) => database.exec(REBUILD_RECIPE));
    });
    expect(triggersOf(fresh)).toEqual(before);
    // The trigger guards the rebuilt table as before, and the rows survived the rebuild.
    withDatabase(fresh, (database) => {
      database.exec(`INSERT INTO saved_recipes (recipe, "user") VALUES (1, 'a')`);
      expect(() => database.exec(`INSERT INTO saved_recipes (recipe, "user") VALUES (2, 'a')`)).toThrow(
        /must be a published recipe/,
      );
    });
  });

  it("puts the triggers back when the work fails", async () => {
    const file = olderDatabase();
    const before = triggersOf(file);
    await expect(
      withTriggersSetAside(file, async () => {
        throw new Error("schema apply failed");
      }),
    ).rejects.toThrow("schema apply failed");
    expect(triggersOf(file)).toEqual(before);
  });

  it("leaves a database that does not exist yet to the work", async () => {
    const file = join(scratchDirectory(), "directus.db");
    expect(await withTriggersSetAside(file, async () => "applied")).toBe("applied");
    expect(existsSync(file)).toBe(false);
  });
});
