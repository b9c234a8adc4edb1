/**
 * Rules for recipe_ratings (decision 0065) that Directus' schema snapshot and
 * permissions cannot express, kept in the database itself:
 *
 * - one rating per (user, recipe): a composite unique index (snapshots know
 *   only single-column uniqueness). Two tabs rating at once both try to create
 *   the row; the second gets RECORD_NOT_UNIQUE and the site updates the row
 *   instead (app/lib/directus/ratings-api.server.ts). Existing duplicates are
 *   removed first, keeping the newest (highest id: the visitor's last word).
 * - 1 to 5 whole stars. The field's validation in the Data Studio says the
 *   same and answers first; this is what holds when something writes past
 *   Directus. PostgreSQL gets a CHECK constraint (its column is an integer);
 *   SQLite cannot add one to an existing table, so triggers refuse any other
 *   value on insert and update, also a REAL such as 3.5 that an INTEGER column
 *   keeps as it is.
 * - only published recipes can be rated: as for saved recipes
 *   (20261123A-saved-recipes-rules.js), a create permission's item rule is not
 *   applied by Directus 11, so a trigger refuses the insert with the
 *   foreign-key error class (400 INVALID_FOREIGN_KEY).
 *
 * The collection itself is in cms/schema/snapshot.json, so this migration runs
 * only after the schema is applied (scripts/local-stack/cms.ts,
 * cms/ops/init.sh) and refuses to run earlier rather than be recorded as done.
 * On SQLite a later column change rebuilds the table and loses the triggers;
 * scripts/local-stack/sqlite-triggers.ts sets them aside and makes them again.
 */

const UNIQUE_INDEX = "recipe_ratings_user_recipe_unique";
const STARS_CHECK = "recipe_ratings_stars_range";

/** @param {import("knex").Knex} knex */
function dialect(knex) {
  const name = knex.client.dialect;
  if (name !== "sqlite3" && name !== "postgresql") {
    throw new Error(`migration recipe-ratings-rules: no rules written for the ${name} database`);
  }
  return name;
}

/** @param {import("knex").Knex} knex */
export async function up(knex) {
  const client = dialect(knex);
  if (!(await knex.schema.hasTable("recipe_ratings")) || !(await knex.schema.hasTable("recipe"))) {
    throw new Error(
      "migration recipe-ratings-rules: recipe_ratings does not exist yet; apply cms/schema/snapshot.json first, then run `directus database migrate:latest`",
    );
  }
  await knex.transaction(async (trx) => {
    await trx("recipe_ratings").whereNotIn("id", trx("recipe_ratings").max("id").groupBy("user", "recipe")).delete();
    await trx.schema.alterTable("recipe_ratings", (table) => {
      table.unique(["user", "recipe"], { indexName: UNIQUE_INDEX });
    });

    if (client === "sqlite3") {
      for (const [name, event] of [
        ["recipe_ratings_stars_insert", "INSERT"],
        ["recipe_ratings_stars_update", "UPDATE OF stars"],
      ]) {
        await trx.raw(`
          CREATE TRIGGER ${name} BEFORE ${event} ON recipe_ratings
          WHEN NEW.stars IS NULL OR typeof(NEW.stars) != 'integer' OR NEW.stars NOT BETWEEN 1 AND 5
          BEGIN
            SELECT RAISE(ABORT, 'CHECK constraint failed: recipe_ratings.stars must be a whole number from 1 to 5');
          END`);
      }
      await trx.raw(`
        CREATE TRIGGER recipe_ratings_published BEFORE INSERT ON recipe_ratings
        WHEN NOT EXISTS (SELECT 1 FROM recipe WHERE id = NEW.recipe AND status = 'published')
        BEGIN
          -- Directus maps "FOREIGN KEY" refusals from SQLite to INVALID_FOREIGN_KEY (400).
          SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: recipe_ratings.recipe must be a published recipe');
        END`);
      return;
    }

    await trx.raw(`ALTER TABLE recipe_ratings ADD CONSTRAINT ${STARS_CHECK} CHECK (stars BETWEEN 1 AND 5)`);
    await trx.raw(`
      CREATE FUNCTION recipe_ratings_published() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM recipe WHERE id = NEW.recipe AND status = 'published') THEN
          -- Directus maps SQLSTATE 23503 with a table and a "Key (recipe)" detail to INVALID_FOREIGN_KEY (400).
          RAISE EXCEPTION 'recipe_ratings.recipe must be a published recipe'
            USING ERRCODE = 'foreign_key_violation', TABLE = 'recipe_ratings',
                  DETAIL = format('Key (recipe)=(%s) is not a published recipe.', NEW.recipe);
        END IF;
        RETURN NEW;
      END
      $$`);
    await trx.raw(`
      CREATE TRIGGER recipe_ratings_published BEFORE INSERT ON recipe_ratings
      FOR EACH ROW EXECUTE FUNCTION recipe_ratings_published()`);
  });
}

/** @param {import("knex").Knex} knex */
export async function down(knex) {
  const client = dialect(knex);
  await knex.transaction(async (trx) => {
    if (client === "sqlite3") {
      await trx.raw("DROP TRIGGER IF EXISTS recipe_ratings_stars_insert");
      await trx.raw("DROP TRIGGER IF EXISTS recipe_ratings_stars_update");
      await trx.raw("DROP TRIGGER IF EXISTS recipe_ratings_published");
    } else {
      await trx.raw("DROP TRIGGER IF EXISTS recipe_ratings_published ON recipe_ratings");
      await trx.raw("DROP FUNCTION IF EXISTS recipe_ratings_published()");
      await trx.raw(`ALTER TABLE recipe_ratings DROP CONSTRAINT IF EXISTS ${STARS_CHECK}`);
    }
    await trx.schema.alterTable("recipe_ratings", (table) => {
      table.dropUnique(["user", "recipe"], UNIQUE_INDEX);
    });
  });
}
