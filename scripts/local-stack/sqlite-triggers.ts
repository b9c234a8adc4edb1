/**
 * Triggers of a local SQLite database set aside while Directus changes the
 * schema. To change a column, Directus has SQLite rebuild the table (a new
 * one is filled, the old one dropped, the new one renamed), and SQLite
 * refuses the rename while a trigger names the table: our saved-recipes
 * triggers (cms/migrations/20261123A-saved-recipes-rules.js) name `recipe`,
 * so a local database made before a change of a recipe field could no
 * longer be started ("error in trigger saved_recipes_published: no such
 * table: main.recipe"). PostgreSQL changes columns in place and needs none
 * of this.
 */
import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";

interface Trigger {
  name: string;
  sql: string;
}

/** Runs `work` with every trigger of the database in `file` dropped, then creates them again as they were. */
export async function withTriggersSetAside<T>(file: string, work: () => Promise<T>): Promise<T> {
  // A new database has no triggers yet: the migrations make them after the schema is applied.
  if (!existsSync(file)) return work();
  const database = new DatabaseSync(file);
  let triggers: Trigger[];
  try {
    triggers = database
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL")
      .all() as unknown as Trigger[];
    for (const { name } of triggers) database.exec(`DROP TRIGGER "${name.replaceAll('"', '""')}"`);
  } finally {
    database.close();
  }
  try {
    return await work();
  } finally {
    const again = new DatabaseSync(file);
    try {
      for (const { sql } of triggers) again.exec(sql);
    } finally {
      again.close();
    }
  }
}
