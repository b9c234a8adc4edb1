/**
 * Each recipe's publication status, as the coordinator writes it back to
 * Directus (`recipe_publication`, one row per recipe) for editors: live on
 * the site since when and in which version, scheduled, or left out and why,
 * in German. This module is the pure part: what a read of Directus means for
 * each recipe (desiredStatuses), which recipes changed against what the
 * coordinator holds (pendingChanges), what a status becomes once its version
 * is live (settledStatus), and the row Directus stores (publicationRow).
 */
import { germanReasons } from "./german-reasons.ts";
import type { PublicationTimes } from "./publication-window.ts";
import type { ReadCatalog } from "./read-catalog.ts";

/** "live": on the site; "left_out": not on it (see the reason); "scheduled": on it from its publish time. */
export type PublicationState = "live" | "left_out" | "scheduled";

/** What a read of Directus says a recipe's status should be; when it went live is settled at the flip. */
export interface DesiredStatus {
  recipe: number;
  state: PublicationState;
  /** German, for editors; null when there is nothing to say. */
  reason: string | null;
  /** The recipe's content digest when it is live: a new one means a new version of the recipe. */
  digest: string | null;
}

/** A recipe's status as the coordinator holds it (the ledger's `publication` table). */
export interface RecipeStatus extends DesiredStatus {
  /** When it went live and has stayed since (ms); null unless live. */
  liveSince: number | null;
  /** The catalog version (manifest hash) that brought its current content; null unless live. */
  version: string | null;
  /** When this status was settled. */
  changedAt: number;
}

/** A row of Directus' `recipe_publication`. */
export interface PublicationRow {
  recipe: number;
  state: PublicationState;
  reason: string | null;
  live_since: string | null;
  version: string | null;
  checked_at: string;
}

/** The characters of a version's hash that the Data Studio shows (as `npm run sync -- --versions` does). */
export const VERSION_CHARS = 16;

/** Why a recipe that was read before is not read any more: the public reads published recipes only. */
export const NOT_PUBLISHED = "Nicht veröffentlicht: der Status ist „Entwurf“ oder „Archiviert“.";

const BERLIN = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** A time as editors read it: German, in Germany's time zone ("28.11.2026, 14:30 Uhr"). */
export function germanTime(ms: number): string {
  return `${BERLIN.format(new Date(ms))} Uhr`;
}

/** The reason a live recipe carries: none, when it goes offline, and why it shows no nutrition. */
function liveReason(times: PublicationTimes | undefined, nutritionGap: string | null): string | null {
  const offline = times?.unpublishAt != null ? `Wird am ${germanTime(times.unpublishAt)} offline genommen.` : null;
  const reasons = [offline, nutritionGap].filter((reason) => reason !== null);
  return reasons.length > 0 ? reasons.join(" ") : null;
}

/** What a recipe is to a read, for its status: in the catalog, left out with problems, or outside its times. */
export type StatusCause =
  | { kind: "live"; times: PublicationTimes | undefined; digest: string | null; nutritionGap?: string | null }
  | { kind: "skipped"; problems: string[] }
  | { kind: "scheduled" | "ended"; times: PublicationTimes };

/** A recipe's status by what a read made of it. */
export function desiredStatusOf(recipe: number, cause: StatusCause): DesiredStatus {
  switch (cause.kind) {
    case "live":
      return {
        recipe,
        state: "live",
        reason: liveReason(cause.times, cause.nutritionGap ?? null),
        digest: cause.digest,
      };
    case "skipped":
      return { recipe, state: "left_out", reason: germanReasons(cause.problems), digest: null };
    case "scheduled":
      return {
        recipe,
        state: "scheduled",
        reason: `Erscheint am ${germanTime(cause.times.publishAt as number)}.`,
        digest: null,
      };
    case "ended":
      return {
        recipe,
        state: "left_out",
        reason: `Offline seit ${germanTime(cause.times.unpublishAt as number)} („Offline nehmen am“).`,
        digest: null,
      };
  }
}

/**
 * Every recipe's status by one read of Directus: the recipes in the catalog
 * are live (with their digest), the skipped ones left out with their
 * problems in German, and the ones outside their publish times scheduled or
 * left out since their time to go offline.
 */
export function desiredStatuses(read: ReadCatalog, digests: ReadonlyMap<number, string>): DesiredStatus[] {
  const statuses: DesiredStatus[] = [];
  for (const recipe of read.built.catalog.recipes) {
    const cause = {
      times: read.times.get(recipe.id),
      digest: digests.get(recipe.id) ?? null,
      nutritionGap: read.nutritionGaps.get(recipe.id) ?? null,
    };
    statuses.push(desiredStatusOf(recipe.id, { kind: "live", ...cause }));
  }
  for (const record of read.skipped) {
    if (record.kind !== "recipe" || typeof record.id !== "number") continue;
    statuses.push(desiredStatusOf(record.id, { kind: "skipped", problems: record.problems }));
  }
  for (const { id, state, times } of read.outOfWindow) statuses.push(desiredStatusOf(id, { kind: state, times }));
  return statuses;
}

/** Whether a held status says what `desired` says (a live recipe's content included). */
export function sameStatus(held: DesiredStatus, desired: DesiredStatus): boolean {
  return (
    held.state === desired.state &&
    held.reason === desired.reason &&
    (desired.state !== "live" || held.digest === desired.digest)
  );
}

/**
 * The statuses that differ from what the coordinator holds: new recipes,
 * changed ones, and the held recipes this read did not see (no longer
 * published) as left out.
 */
export function pendingChanges(
  desired: readonly DesiredStatus[],
  held: ReadonlyMap<number, DesiredStatus>,
): DesiredStatus[] {
  const seen = new Set<number>();
  const changes: DesiredStatus[] = [];
  for (const status of desired) {
    seen.add(status.recipe);
    const before = held.get(status.recipe);
    if (!before || !sameStatus(before, status)) changes.push(status);
  }
  for (const [recipe, before] of held) {
    if (seen.has(recipe)) continue;
    const gone: DesiredStatus = { recipe, state: "left_out", reason: NOT_PUBLISHED, digest: null };
    if (!sameStatus(before, gone)) changes.push(gone);
  }
  return changes;
}

/**
 * A status once the version the read was for is live: `live` is that
 * version and when it went live. A recipe that stays live keeps its
 * `liveSince`, and its version unless its content changed.
 */
export function settledStatus(
  status: DesiredStatus,
  before: RecipeStatus | undefined,
  live: { version: string; at: number },
  now: number,
): RecipeStatus {
  if (status.state !== "live") return { ...status, liveSince: null, version: null, changedAt: now };
  if (before?.state === "live" && before.liveSince !== null) {
    return {
      ...status,
      liveSince: before.liveSince,
      version: before.digest === status.digest && before.version ? before.version : live.version,
      changedAt: now,
    };
  }
  return { ...status, liveSince: live.at, version: live.version, changedAt: now };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The row Directus stores for a status. */
export function publicationRow(status: RecipeStatus): PublicationRow {
  return {
    recipe: status.recipe,
    state: status.state,
    reason: status.reason,
    live_since: iso(status.liveSince),
    version: status.version === null ? null : status.version.slice(0, VERSION_CHARS),
    checked_at: iso(status.changedAt) as string,
  };
}
