/**
 * Rules for saved_recipes that Directus' schema snapshot and permissions
 * cannot express, kept in the database itself:
 *
 * - one row per (user, recipe): a composite unique index. Snapshots only know
 *   single-column uniqueness. Existing duplicates are removed first, keeping
 *   the oldest (lowest id), so this also runs on a database that has them.
 * - only published recipes can be saved. Directus 11 does not apply a create
 *   permission's item rule (`permissions`) at all: processPayload checks only
 *   fields, `validation` and presets, and `validation` sees the payload (a
 *   bare recipe id), not the related recipe. A trigger refuses the insert
 *   with the database's foreign-key error class, which Directus answers as
 *   400 INVALID_FOREIGN_KEY instead of a 500 (checked on SQLite and Postgres).
 * - at most 1,000 saved recipes per user (SAVED_RECIPES_LIMIT in
 *   app/lib/saved-recipes-limit.ts; this file is plain JavaScript that
 *   Directus imports, so the number is written out here). The site refuses
 *   the 1,001st save itself with a message; this trigger is the backstop for
 *   saves that race each other or bypass the site. Directus has no error class
 *   for it (users get a 500), so the site recognises it by counting again.
 *
 * Directus runs the files in MIGRATIONS_PATH (cms/migrations) in version
 * order during `bootstrap` and `database migrate:latest`, records each in
 * directus_migrations and never runs it again. On a new database the
 * collections exist only after `schema apply`, so scripts/local-stack/cms.ts
 * bootstraps without custom migrations and runs them after the schema; this
 * migration refuses to run earlier rather than be recorded as done.
 *
 * On SQLite, a later column change to saved_recipes rebuilds the table:
 * indexes are copied, triggers are not. Such a change needs a migration that
 * creates the triggers again.
 */

const LIMIT = 1000;
const UNIQUE_INDEX = "saved_recipes_user_recipe_unique";

/** @param {import("knex").Knex} knex */
function dialect(knex) {
  const name = knex.client.dialect;
  if (name !== "sqlite3" && name !== "postgresql") {
    throw new Error(`migration saved-recipes-rules: no triggers written for the ${name} database`);
  }
  return name;
}

/** @param {import("knex").Knex} knex */
export async function up(knex) {
  const client = dialect(knex);
  if (!(await knex.schema.hasTable("saved_recipes")) || !(await knex.schema.hasTable("recipe"))) {
    throw new Error(
      "migration saved-recipes-rules: saved_recipes does not exist yet; apply cms/schema/snapshot.json first, then run `directus database migrate:latest`",
    );
  }
  await knex.transaction(async (trx) => {
    // The oldest save of each pair stays; it is the one the visitor made first.
    await trx("saved_recipes").whereNotIn("id", trx("saved_recipes").min("id").groupBy("user", "recipe")).delete();
    await trx.schema.alterTable("saved_recipes", (table) => {
      table.unique(["user", "recipe"], { indexName: UNIQUE_INDEX });
    });

    if (client === "sqlite3") {
      await trx.raw(`
        CREATE TRIGGER saved_recipes_published BEFORE INSERT ON saved_recipes
        WHEN NOT EXISTS (SELECT 1 FROM recipe WHERE id = NEW.recipe AND status = 'published')
        BEGIN
          -- Directus maps "FOREIGN KEY" refusals from SQLite to INVALID_FOREIGN_KEY (400).
          SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: saved_recipes.recipe must be a published recipe');
        END`);
      // A save of a pair that already exists is left to the unique index, so
      // it is answered as RECORD_NOT_UNIQUE (a no-op for the site), even at the limit.
      await trx.raw(`
        CREATE TRIGGER saved_recipes_limit BEFORE INSERT ON saved_recipes
        WHEN NEW."user" IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM saved_recipes WHERE "user" = NEW."user" AND recipe = NEW.recipe)
          AND (SELECT COUNT(*) FROM saved_recipes WHERE "user" = NEW."user") >= ${LIMIT}
        BEGIN
          SELECT RAISE(ABORT, 'saved_recipes: a user may save at most ${LIMIT} recipes');
        END`);
      return;
    }

    await trx.raw(`
      CREATE FUNCTION saved_recipes_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM recipe WHERE id = NEW.recipe AND status = 'published') THEN
          -- Directus maps SQLSTATE 23503 with a table and a "Key (recipe)" detail to INVALID_FOREIGN_KEY (400).
          RAISE EXCEPTION 'saved_recipes.recipe must be a published recipe'
            USING ERRCODE = 'foreign_key_violation', TABLE = 'saved_recipes',
                  DETAIL = format('Key (recipe)=(%s) is not a published recipe.', NEW.recipe);
        END IF;
        IF NEW."user" IS NOT NULL THEN
          -- Saves of one user wait for each other until commit, so two cannot both pass at ${LIMIT - 1}.
          PERFORM pg_advisory_xact_lock(hashtext('saved_recipes'), hashtext(NEW."user"::text));
          IF NOT EXISTS (SELECT 1 FROM saved_recipes WHERE "user" = NEW."user" AND recipe = NEW.recipe)
             AND (SELECT count(*) FROM saved_recipes WHERE "user" = NEW."user") >= ${LIMIT} THEN
            RAISE EXCEPTION 'saved_recipes: a user may save at most ${LIMIT} recipes'
              USING ERRCODE = 'check_violation', TABLE = 'saved_recipes';
          END IF;
        END IF;
        RETURN NEW;
      END
      $$`);
    await trx.raw(`
      CREATE TRIGGER saved_recipes_guard BEFORE INSERT ON saved_recipes
      FOR EACH ROW EXECUTE FUNCTION saved_recipes_guard()`);
  });
}

/** @param {import("knex").Knex} knex */
export async function down(knex) {
  const client = dialect(knex);
  await knex.transaction(async (trx) => {
    if (client === "sqlite3") {
      await trx.raw("DROP TRIGGER IF EXISTS saved_recipes_published");
      await trx.raw("DROP TRIGGER IF EXISTS saved_recipes_limit");
    } else {
      await trx.raw("DROP TRIGGER IF EXISTS saved_recipes_guard ON saved_recipes");
      await trx.raw("DROP FUNCTION IF EXISTS saved_recipes_guard()");
    }
    await trx.schema.alterTable("saved_recipes", (table) => {
      table.dropUnique(["user", "recipe"], UNIQUE_INDEX);
    });
  });
}
