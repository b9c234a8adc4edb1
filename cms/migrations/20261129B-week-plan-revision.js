/**
 * The week plan's revision (decision 0070), kept as the shopping list's is
 * (revision_triggers.js). The `revision` column is in cms/schema/snapshot.json
 * (snapshot.postgres.json), so this runs only after the schema is applied.
 */
import { createRevisionTriggers, dropRevisionTriggers } from "./revision_triggers.js";

/** @param {import("knex").Knex} knex */
export async function up(knex) {
  await createRevisionTriggers(knex, "week_plans", "week-plan-revision");
}

/** @param {import("knex").Knex} knex */
export async function down(knex) {
  await dropRevisionTriggers(knex, "week_plans", "week-plan-revision");
}
