/**
 * `npm run cms:backfill -- --url <directus>`: once, after the deploy that
 * brings servings and amounts (issue 15), or nutrition (issue 45), fills them
 * into a database seeded before they existed (scripts/cms/backfill-amounts.ts
 * and backfill-nutrition.ts say what they write and what they leave alone). Then run a sync. The local stack does this on
 * every start. Credentials as for `cms:apply`: DIRECTUS_ADMIN_EMAIL and
 * DIRECTUS_ADMIN_PASSWORD in the environment.
 */
import { parseArgs } from "node:util";
import { errorMessage } from "../../logging/error-message.ts";
import { backfillAmounts } from "./backfill-amounts.ts";
import { backfillNutrition } from "./backfill-nutrition.ts";
import { connectAdminFromEnvironment } from "./directus-admin.ts";

const { values: args } = parseArgs({ options: { url: { type: "string" } } });

try {
  const admin = await connectAdminFromEnvironment("cms:backfill", args.url);
  const done = await backfillAmounts(admin);
  const nutrition = await backfillNutrition(admin);
  console.log(`cms:backfill: ${admin.url}
  recipes given servings and amounts  ${done.recipes} (${done.lines} ingredient lines)
  ingredients given a plural          ${done.ingredients}
  ingredients given nutrition         ${nutrition}`);
  if (done.skipped.length > 0) {
    console.log(`  left for an editor (ingredients changed since the seed): ${done.skipped.join(", ")}`);
  }
} catch (error) {
  console.error(errorMessage(error));
  process.exitCode = 1;
}
