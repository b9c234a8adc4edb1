/**
 * Brings Directus' roles, policies, permissions, the recipe-image folder and
 * the project settings that are access rules (public registration, login
 * attempts) in line with cms/access-policies.ts: creates what is missing,
 * updates what differs, deletes permissions no longer declared. A second run
 * changes nothing, and says so.
 */
import {
  type Permission,
  PREVIEW_PERMISSIONS,
  PREVIEW_POLICY,
  PREVIEW_USER,
  PROJECT_SETTINGS,
  PUBLIC_PERMISSIONS,
  PUBLIC_POLICY_ID,
  RECIPE_IMAGES_FOLDER,
  STATUS_PERMISSIONS,
  STATUS_POLICY,
  STATUS_USER,
  USER_PERMISSIONS,
  USER_POLICY,
  USER_ROLE,
} from "../../cms/access-policies.ts";
import type { DirectusAdmin } from "./directus-admin.ts";

export interface AccessChanges {
  created: number;
  updated: number;
  deleted: number;
}

/** A record with its id, as Directus' REST API reads and writes it. */
export type Row = { id: string | number } & Record<string, unknown>;

/** Creates the record with this id, or updates the given fields where they differ. */
export async function upsertById(
  admin: DirectusAdmin,
  endpoint: string,
  wanted: Row,
  changes: AccessChanges,
): Promise<void> {
  const [existing] = await admin.request<Row[]>("GET", `${endpoint}?filter[id][_eq]=${wanted.id}&limit=1`);
  if (!existing) {
    await admin.request("POST", endpoint, wanted);
    changes.created += 1;
    return;
  }
  const differing = Object.fromEntries(Object.entries(wanted).filter(([key, value]) => !same(existing[key], value)));
  if (Object.keys(differing).length > 0) {
    await admin.request("PATCH", `${endpoint}/${wanted.id}`, differing);
    changes.updated += 1;
  }
}

/** Equal as Directus stores them: key order and null-versus-missing do not count. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

/** Key order and null-versus-missing must not count as a difference. */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, normalise(inner)]),
    );
  }
  return value ?? null;
}

async function reconcilePermissions(
  admin: DirectusAdmin,
  policy: string,
  wanted: Permission[],
  changes: AccessChanges,
): Promise<void> {
  const existing = await admin.request<(Permission & { id: number })[]>(
    "GET",
    `/permissions?filter[policy][_eq]=${policy}&limit=-1`,
  );
  const remaining = new Map(
    existing.map((permission) => [`${permission.collection}:${permission.action}`, permission]),
  );

  for (const permission of wanted) {
    const key = `${permission.collection}:${permission.action}`;
    const current = remaining.get(key);
    remaining.delete(key);
    if (!current) {
      await admin.request("POST", "/permissions", { policy, ...permission });
      changes.created += 1;
      continue;
    }
    const differs = (["fields", "permissions", "validation", "presets"] as const).some(
      (field) => !same(current[field], permission[field]),
    );
    if (differs) {
      await admin.request("PATCH", `/permissions/${current.id}`, permission);
      changes.updated += 1;
    }
  }
  for (const stale of remaining.values()) {
    await admin.request("DELETE", `/permissions/${stale.id}`);
    changes.deleted += 1;
  }
}

/** Sets the project settings that differ from PROJECT_SETTINGS (one update, counted once). */
async function reconcileSettings(admin: DirectusAdmin, changes: AccessChanges): Promise<void> {
  const fields = Object.keys(PROJECT_SETTINGS);
  const current = await admin.request<Record<string, unknown>>("GET", `/settings?fields=${fields.join(",")}`);
  const differing = Object.fromEntries(
    Object.entries(PROJECT_SETTINGS).filter(([key, value]) => !same(current[key], value)),
  );
  if (Object.keys(differing).length > 0) {
    await admin.request("PATCH", "/settings", differing);
    changes.updated += 1;
  }
}

/** Applies every access rule; returns how many records it had to change. */
export async function applyAccessPolicies(admin: DirectusAdmin): Promise<AccessChanges> {
  const changes: AccessChanges = { created: 0, updated: 0, deleted: 0 };

  await upsertById(admin, "/folders", { ...RECIPE_IMAGES_FOLDER, parent: null }, changes);
  await upsertById(admin, "/roles", { ...USER_ROLE, parent: null }, changes);
  await upsertById(admin, "/policies", { ...USER_POLICY }, changes);

  const links = await admin.request<Row[]>(
    "GET",
    `/access?filter[role][_eq]=${USER_ROLE.id}&filter[policy][_eq]=${USER_POLICY.id}&limit=1`,
  );
  if (links.length === 0) {
    await admin.request("POST", "/access", { role: USER_ROLE.id, policy: USER_POLICY.id });
    changes.created += 1;
  }

  // The site's write-back of publication statuses: a user of its own with one policy (its token: status-token.ts).
  await upsertById(admin, "/policies", { ...STATUS_POLICY }, changes);
  await upsertById(admin, "/users", { ...STATUS_USER, role: null }, changes);
  const statusLinks = await admin.request<Row[]>(
    "GET",
    `/access?filter[user][_eq]=${STATUS_USER.id}&filter[policy][_eq]=${STATUS_POLICY.id}&limit=1`,
  );
  if (statusLinks.length === 0) {
    await admin.request("POST", "/access", { user: STATUS_USER.id, policy: STATUS_POLICY.id });
    changes.created += 1;
  }

  await reconcilePermissions(admin, PUBLIC_POLICY_ID, PUBLIC_PERMISSIONS, changes);
  await reconcilePermissions(admin, USER_POLICY.id, USER_PERMISSIONS, changes);
  await reconcilePermissions(admin, STATUS_POLICY.id, STATUS_PERMISSIONS, changes);
  await reconcileSettings(admin, changes);
  await applyPreviewAccess(admin, changes);
  return changes;
}

/** The site's reader for the editors' preview: a user of its own with one policy (its token: preview-token.ts). */
async function applyPreviewAccess(admin: DirectusAdmin, changes: AccessChanges): Promise<void> {
  await upsertById(admin, "/policies", { ...PREVIEW_POLICY }, changes);
  await upsertById(admin, "/users", { ...PREVIEW_USER, role: null }, changes);
  const links = await admin.request<Row[]>(
    "GET",
    `/access?filter[user][_eq]=${PREVIEW_USER.id}&filter[policy][_eq]=${PREVIEW_POLICY.id}&limit=1`,
  );
  if (links.length === 0) {
    await admin.request("POST", "/access", { user: PREVIEW_USER.id, policy: PREVIEW_POLICY.id });
    changes.created += 1;
  }
  await reconcilePermissions(admin, PREVIEW_POLICY.id, PREVIEW_PERMISSIONS, changes);
}
