/**
 * Brings the Data Studio's shared list views (cms/studio-settings.ts:
 * STUDIO_PRESETS) in line: creates a missing one, updates one that differs.
 * Shared presets have no fixed ids (Directus numbers them), so each is found
 * by its collection and bookmark among the presets of no user and no role.
 */
import { STUDIO_PRESETS } from "../../cms/studio-settings.ts";
import type { AccessChanges } from "./apply-access-policies.ts";
import type { DirectusAdmin } from "./directus-admin.ts";

type PresetRow = { id: number; collection: string; bookmark: string | null } & Record<string, unknown>;

/** Applies every shared preset; returns how many it had to change. */
export async function applyPresets(admin: DirectusAdmin): Promise<AccessChanges> {
  const changes: AccessChanges = { created: 0, updated: 0, deleted: 0 };
  const shared = await admin.request<PresetRow[]>(
    "GET",
    "/presets?filter[user][_null]=true&filter[role][_null]=true&limit=-1",
  );
  for (const preset of STUDIO_PRESETS) {
    const existing = shared.find((row) => row.collection === preset.collection && row.bookmark === preset.bookmark);
    const wanted = { ...preset, user: null, role: null };
    if (!existing) {
      await admin.request("POST", "/presets", wanted);
      changes.created += 1;
      continue;
    }
    const differs = (["icon", "color", "layout", "layout_query", "filter", "refresh_interval"] as const).some(
      (field) => JSON.stringify(existing[field] ?? null) !== JSON.stringify(preset[field]),
    );
    if (differs) {
      await admin.request("PATCH", `/presets/${existing.id}`, wanted);
      changes.updated += 1;
    }
  }
  return changes;
}
