/**
 * Scheduled publishing: a published recipe may carry a time to appear
 * (`publish_at`, "Veröffentlichen am") and a time to go offline
 * (`unpublish_at`, "Offline nehmen am"). Outside that window the sync leaves
 * it out of the catalog, so pages, the sitemap, the search and the
 * ingredient counts never see it; the coordinator wakes at the next of these
 * times (nextDueTime) and publishes again.
 */

/** A recipe's publish times, in ms; null where none is set. */
export interface PublicationTimes {
  publishAt: number | null;
  unpublishAt: number | null;
}

/** Where `now` lies in a recipe's window, or what is wrong with its times. */
export type WindowCheck =
  | { ok: true; state: "open"; times: PublicationTimes }
  | { ok: true; state: "scheduled"; times: PublicationTimes }
  | { ok: true; state: "ended"; times: PublicationTimes }
  | { ok: false; problems: string[] };

/** A timestamp field as Directus returns it (ISO 8601), null when unset, undefined when it is no time. */
function time(value: unknown): number | null | undefined {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value !== "string") return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Reads a recipe's publish times and places `now` in them: before the window, in it, or after it. */
export function publicationWindow(raw: Record<string, unknown>, now: number): WindowCheck {
  const publishAt = time(raw.publish_at);
  const unpublishAt = time(raw.unpublish_at);
  const problems: string[] = [];
  if (publishAt === undefined) problems.push("publish_at is not a date");
  if (unpublishAt === undefined) problems.push("unpublish_at is not a date");
  if (publishAt === undefined || unpublishAt === undefined) return { ok: false, problems };
  if (publishAt !== null && unpublishAt !== null && unpublishAt <= publishAt) {
    return { ok: false, problems: ["unpublish_at is not after publish_at"] };
  }
  const times = { publishAt, unpublishAt };
  return { ok: true, state: windowState(times, now), times };
}

/** Where `now` lies in valid publish times: before the window, in it, or after it. */
export function windowState(times: PublicationTimes, now: number): "open" | "scheduled" | "ended" {
  if (times.unpublishAt !== null && times.unpublishAt <= now) return "ended";
  if (times.publishAt !== null && times.publishAt > now) return "scheduled";
  return "open";
}

/** The first of a recipe's times after `now`: when its place in the catalog changes next. */
export function nextBoundary(times: PublicationTimes, now: number): number | null {
  const ahead = [times.publishAt, times.unpublishAt].filter((at): at is number => at !== null && at > now);
  return ahead.length > 0 ? Math.min(...ahead) : null;
}

/** The earliest time after `now` at which any of these recipes appears or goes offline; null for none. */
export function nextDueTime(all: Iterable<PublicationTimes>, now: number): number | null {
  let next: number | null = null;
  for (const times of all) {
    const at = nextBoundary(times, now);
    if (at !== null && (next === null || at < next)) next = at;
  }
  return next;
}
