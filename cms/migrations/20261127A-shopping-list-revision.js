/**
 * The shopping list's revision (decision 0041), kept honest by the database
 * itself: a write that names a revision must name the one after the row's
 * current one, so of two writes that read the same list only the first is
 * stored. Directus cannot say this: its update by a filter query reads the
 * matching keys first and then updates by key (ItemsService.updateByQuery),
 * so a write in between passes the filter too. Only a check inside the
 * UPDATE statement sees the row as it is when it is written.
 *
 * - a write that sets `revision` to anything but the current one plus one is
 *   refused with the database's unique-constraint error, which Directus
 *   answers as 400 RECORD_NOT_UNIQUE on `revision` (the number is taken
 *   already): the site reads the list again and applies its change to it
 *   (app/lib/directus/shopping-list-api.server.ts).
 * - a write of `entries` that does not name the revision (an editor in the
 *   Data Studio) moves it on by one, so a site write that read the list
 *   before that edit is refused too and does not undo it.
 *
 * The `revision` column itself is in cms/schema/snapshot.json, so this
 * migration runs only after the schema is applied (scripts/local-stack/cms.ts,
 * cms/ops/init.sh) and refuses to run earlier rather than be recorded as
 * done. On SQLite, a later column change to shopping_lists rebuilds the table
 * and loses triggers; scripts/local-stack/sqlite-triggers.ts sets them aside
 * and makes them again.
 */

/** @param {import("knex").Knex} knex */
function dialect(knex) {
  const name = knex.client.dialect;
  if (name !== "sqlite3" && name !== "postgresql") {
    throw new Error(`migration shopping-list-revision: no triggers written for the ${name} database`);
  }
  return name;
}

/** @param {import("knex").Knex} knex */
export async function up(knex) {
  const client = dialect(knex);
  if (!(await knex.schema.hasTable("shopping_lists")) || !(await knex.schema.hasColumn("shopping_lists", "revision"))) {
    throw new Error(
      "migration shopping-list-revision: shopping_lists.revision does not exist yet; apply cms/schema/snapshot.json first, then run `directus database migrate:latest`",
    );
  }
  await knex.transaction(async (trx) => {
    if (client === "sqlite3") {
      // "UPDATE OF revision": only writes that name the revision are checked; the message is the one
      // SQLite gives a unique index, which Directus maps to RECORD_NOT_UNIQUE on shopping_lists.revision.
      await trx.raw(`
        CREATE TRIGGER shopping_lists_revision_taken BEFORE UPDATE OF revision ON shopping_lists
        WHEN NEW.revision IS NOT OLD.revision + 1
        BEGIN
          SELECT RAISE(ABORT, 'UNIQUE constraint failed: shopping_lists.revision');
        END`);
      // Its own UPDATE names the revision, one more than before: the trigger above lets it through.
      await trx.raw(`
        CREATE TRIGGER shopping_lists_revision_moves AFTER UPDATE OF entries ON shopping_lists
        WHEN NEW.revision IS OLD.revision
        BEGIN
          UPDATE shopping_lists SET revision = OLD.revision + 1 WHERE id = NEW.id;
        END`);
      return;
    }

    // A second write of the same row waits for the first to commit and is then checked against the
    // row as the first left it (READ COMMITTED re-reads a row it had to wait for).
    await trx.raw(`
      CREATE FUNCTION shopping_lists_revision_taken() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.revision IS DISTINCT FROM OLD.revision + 1 THEN
          -- Directus maps SQLSTATE 23505 with a table and a "Key (revision)" detail to RECORD_NOT_UNIQUE (400).
          RAISE EXCEPTION 'shopping_lists.revision % is taken', NEW.revision
            USING ERRCODE = 'unique_violation', TABLE = 'shopping_lists',
                  DETAIL = format('Key (revision)=(%s) already exists.', NEW.revision);
        END IF;
        RETURN NEW;
      END
      $$`);
    await trx.raw(`
      CREATE FUNCTION shopping_lists_revision_moves() RETURNS trigger LANGUAGE plpgsql AS $$
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
      CREATE TRIGGER shopping_lists_a_revision_taken BEFORE UPDATE OF revision ON shopping_lists
      FOR EACH ROW EXECUTE FUNCTION shopping_lists_revision_taken()`);
    await trx.raw(`
      CREATE TRIGGER shopping_lists_b_revision_moves BEFORE UPDATE OF entries ON shopping_lists
      FOR EACH ROW EXECUTE FUNCTION shopping_lists_revision_moves()`);
  });
}

/** @param {import("knex").Knex} knex */
export async function down(knex) {
  const client = dialect(knex);
  await knex.transaction(async (trx) => {
    if (client === "sqlite3") {
      await trx.raw("DROP TRIGGER IF EXISTS shopping_lists_revision_taken");
      await trx.raw("DROP TRIGGER IF EXISTS shopping_lists_revision_moves");
      return;
    }
    await trx.raw("DROP TRIGGER IF EXISTS shopping_lists_a_revision_taken ON shopping_lists");
    await trx.raw("DROP TRIGGER IF EXISTS shopping_lists_b_revision_moves ON shopping_lists");
    await trx.raw("DROP FUNCTION IF EXISTS shopping_lists_revision_taken()");
    await trx.raw("DROP FUNCTION IF EXISTS shopping_lists_revision_moves()");
  });
}
