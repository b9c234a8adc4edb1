/**
 * `npm run cms:apply -- --url <directus>`: brings a running Directus (a
 * production one, say) in line with what the repository declares: roles,
 * policies, permissions and the access settings (cms/access-policies.ts),
 * the publish-on-save flow (cms/flows.ts), the Data Studio's language and
 * shared list views (cms/studio-settings.ts); with DIRECTUS_PREVIEW_TOKEN in
 * the environment, the token of the site's preview reader (preview-token.ts),
 * and with DIRECTUS_STATUS_TOKEN, that of its status writer (status-token.ts).
 * The local stack does the same on every start (scripts/local-stack/cms.ts).
 * Idempotent: a second run changes nothing and says so.
 *
 * Signs in as an administrator with DIRECTUS_ADMIN_EMAIL and
 * DIRECTUS_ADMIN_PASSWORD from the environment. Run it after
 * `directus schema apply` and `directus database migrate:latest`.
 */
import { parseArgs } from "node:util";
import { STUDIO_SETTINGS } from "../../cms/studio-settings.ts";
import { errorMessage } from "../../logging/error-message.ts";
import { applyAccessPolicies } from "./apply-access-policies.ts";
import { applyFlows } from "./apply-flows.ts";
import { applyPresets } from "./apply-presets.ts";
import { connectAdminFromEnvironment } from "./directus-admin.ts";
import { setPreviewToken } from "./preview-token.ts";
import { setStatusToken } from "./status-token.ts";

const { values: args } = parseArgs({ options: { url: { type: "string" } } });

try {
  const admin = await connectAdminFromEnvironment("cms:apply", args.url);
  await admin.request("PATCH", "/settings", STUDIO_SETTINGS);
  const access = await applyAccessPolicies(admin);
  // The Worker's DIRECTUS_PREVIEW_TOKEN, when given: the site reads drafts for the editors' preview with it.
  const previewToken = process.env.DIRECTUS_PREVIEW_TOKEN;
  if (previewToken) await setPreviewToken(admin, previewToken);
  const flows = await applyFlows(admin);
  const presets = await applyPresets(admin);
  // The Worker's DIRECTUS_STATUS_TOKEN, when given: the site writes recipes' publication statuses with it.
  const statusToken = process.env.DIRECTUS_STATUS_TOKEN;
  if (statusToken) await setStatusToken(admin, statusToken);
  const count = (changes: { created: number; updated: number; deleted: number }) =>
    `${changes.created} created, ${changes.updated} updated, ${changes.deleted} deleted`;
  console.log(`cms:apply: ${admin.url}
  access policies and settings  ${count(access)}
  flows                         ${count(flows)}
  list views                    ${count(presets)}
  status token                  ${statusToken ? "set" : "unchanged (DIRECTUS_STATUS_TOKEN not given)"}
  preview token                 ${previewToken ? "set" : "unchanged (DIRECTUS_PREVIEW_TOKEN not given)"}`);
} catch (error) {
  console.error(errorMessage(error));
  process.exitCode = 1;
}
