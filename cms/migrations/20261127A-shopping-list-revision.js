/**
 * The shopping list's revision (decision 0041), kept honest by the database
 * itself (revision_triggers.js says how). The `revision` column itself is in
 * cms/schema/snapshot.json, so this migration runs only after the schema is
 * applied (scripts/local-stack/cms.ts, cms/ops/init.sh). On SQLite, a later
 * column change to shopping_lists rebuilds the table and loses triggers;
 * scripts/local-stack/sqlite-triggers.ts sets them aside and makes them again.
 */
import { createRevisionTriggers, dropRevisionTriggers } from "./revision_triggers.js";

/** @param {import("knex").Knex} knex */
export async function up(knex) {
  await createRevisionTriggers(knex, "shopping_lists", "shopping-list-revision");
}

/** @param {import("knex").Knex} knex */
export async function down(knex) {
  await dropRevisionTriggers(knex, "shopping_lists", "shopping-list-revision");
}
