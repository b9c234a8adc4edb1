/**
 * Gives the "Website (Status)" user (cms/access-policies.ts: STATUS_USER) its
 * static token: the value the Worker holds as DIRECTUS_STATUS_TOKEN, with
 * which the catalog coordinator writes recipes' publication statuses back.
 * `npm start` makes one per run; in production `npm run cms:apply` sets the
 * one in its environment. Directus keeps it in the user's row; reading it
 * back shows it masked.
 */
import { STATUS_USER } from "../../cms/access-policies.ts";
import type { DirectusAdmin } from "./directus-admin.ts";

export async function setStatusToken(admin: DirectusAdmin, token: string): Promise<void> {
  await admin.request("PATCH", `/users/${STATUS_USER.id}`, { token });
}
