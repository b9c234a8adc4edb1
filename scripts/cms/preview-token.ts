/**
 * Gives the "Website (Vorschau)" user (cms/access-policies.ts: PREVIEW_USER)
 * its static token: the value the Worker holds as DIRECTUS_PREVIEW_TOKEN,
 * with which it reads a recipe of any status for the editors' preview
 * (decision 0051). `npm start` makes one per run; in production
 * `npm run cms:apply` sets the one in its environment.
 */
import { PREVIEW_USER } from "../../cms/access-policies.ts";
import type { DirectusAdmin } from "./directus-admin.ts";

/** Sets the preview user's token to `token`. */
export async function setPreviewToken(admin: DirectusAdmin, token: string): Promise<void> {
  await admin.request("PATCH", `/users/${PREVIEW_USER.id}`, { token });
}
