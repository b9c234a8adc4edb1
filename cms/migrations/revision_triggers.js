/**
 * The triggers that keep a revisioned row honest (decision 0041): a write
 * that names a revision must name the one after the row's current one, so of
 * two writes that read the same row only the first is stored; a write of
 * `entries` that names none (an editor in the Data Studio) moves it on by one.
 * Shared by the migrations of `shopping_lists` and `week_plans`. Not a
 * migration itself: Directus runs only files whose name has a "-".
 *
 * Directus cannot say this: its update by a filter query reads the matching
 * keys first and then updates by key (ItemsService.updateByQuery), so a write
 * in between passes the filter too. Only a check inside the UPDATE statement
 * sees the row as it is when it is written. A refused write gets the
 * database's unique-constraint error, which Directus answers as 400
 * RECORD_NOT_UNIQUE on `revision` (app/lib/directus/revisioned-row.server.ts).
 */

/**
 * @param {import("knex").Knex} knex
 * @param {string} migration the migration's name, for its messages
 */
export function revisionDialect(knex, migration) {
  const name = knex.client.dialect;
  if (name !== "sqlite3" && name !== "postgresql") {
    throw new Error(`migration ${migration}: no triggers written for the ${name} database`);
  }
  return name;
}

/**
 * Creates the triggers of `table` (its `revision` column must exist: the
 * schema snapshot adds it, so the migration refuses to run before rather
 * than be recorded as done).
 * @param {import("knex").Knex} knex
 * @param {string} table
 * @param {string} migration
 */
export async function createRevisionTriggers(knex, table, migration) {
  const client = revisionDialect(knex, migration);
  if (!(await knex.schema.hasTable(table)) || !(await knex.schema.hasColumn(table, "revision"))) {
    throw new Error(
      `migration ${migration}: ${table}.revision does not exist yet; apply cms/schema/snapshot.json first, then run \`directus database migrate:latest\``,
    );
  }
  await knex.transaction(async (trx) => {
    if (client === "sqlite3") {
      // "UPDATE OF revision": only writes that name the revision are checked; the message is the one
      // SQLite gives a unique index, which Directus maps to RECORD_NOT_UNIQUE on <table>.revision.
      await trx.raw(`
        CREATE TRIGGER ${table}_revision_taken BEFORE UPDATE OF revision ON ${table}
        WHEN NEW.revision IS NOT OLD.revision + 1
        BEGIN
          SELECT RAISE(ABORT, 'UNIQUE constraint failed: ${table}.revision');
        END`);
      // Its own UPDATE names the revision, one more than before: the trigger above lets it through.
      await trx.raw(`
        CREATE TRIGGER ${table}_revision_moves AFTER UPDATE OF entries ON ${table}
        WHEN NEW.revision IS OLD.revision
        BEGIN
          UPDATE ${table} SET revision = OLD.revision + 1 WHERE id = NEW.id;
        END`);
      return;
    }

    // A second write of the same row waits for the first to commit and is then checked against the
    // row as the first left it (READ COMMITTED re-reads a row it had to wait for).
    await trx.raw(`
      CREATE FUNCTION ${table}_revision_taken() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.revision IS DISTINCT FROM OLD.revision + 1 THEN
          -- Directus maps SQLSTATE 23505 with a table and a "Key (revision)" detail to RECORD_NOT_UNIQUE (400).
          RAISE EXCEPTION '${table}.revision % is taken', NEW.revision
            USING ERRCODE = 'unique_violation', TABLE = '${table}',
                  DETAIL = format('Key (revision)=(%s) already exists.', NEW.revision);
        END IF;
        RETURN NEW;
      END
      $$`);
    await trx.raw(`
      CREATE FUNCTION ${table}_revision_moves() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.revision = OLD.revision THEN
          NEW.revision := OLD.revision + 1;
        END IF;
        RETURN NEW;
      END
      $$`);
    // PostgreSQL fires a row's BEFORE triggers in the order of their names: the check (a_) sees the
    // revision as the write named it, before the other (b_) moves on one that was not named.
    await trx.raw(`
      CREATE TRIGGER ${table}_a_revision_taken BEFORE UPDATE OF revision ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${table}_revision_taken()`);
    await trx.raw(`
      CREATE TRIGGER ${table}_b_revision_moves BEFORE UPDATE OF entries ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${table}_revision_moves()`);
  });
}

/**
 * @param {import("knex").Knex} knex
 * @param {string} table
 * @param {string} migration
 */
export async function dropRevisionTriggers(knex, table, migration) {
  const client = revisionDialect(knex, migration);
  await knex.transaction(async (trx) => {
    if (client === "sqlite3") {
      await trx.raw(`DROP TRIGGER IF EXISTS ${table}_revision_taken`);
      await trx.raw(`DROP TRIGGER IF EXISTS ${table}_revision_moves`);
      return;
    }
    await trx.raw(`DROP TRIGGER IF EXISTS ${table}_a_revision_taken ON ${table}`);
    await trx.raw(`DROP TRIGGER IF EXISTS ${table}_b_revision_moves ON ${table}`);
    await trx.raw(`DROP FUNCTION IF EXISTS ${table}_revision_taken()`);
    await trx.raw(`DROP FUNCTION IF EXISTS ${table}_revision_moves()`);
  });
}
