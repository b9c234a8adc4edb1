/**
 * `GET /healthz` for uptime monitors and the deploy: whether the catalog this
 * location serves is still confirmed by the sync. 503 when nothing is
 * published, KV or the coordinator cannot be asked, or no sync has confirmed
 * the live version (published it, or found it to be what Directus holds) for
 * longer than STALE_AFTER_MS: two cron runs missed. While a rollback holds the
 * live version, syncs leave it alone on purpose: that is healthy.
 *
 * Everyone gets the status and the confirmation's age, which is all a monitor
 * needs. The details (versions, counts, a hold, the coordinator's queue, its
 * last request with its error, and its faults) only go to whoever sends
 * SYNC_TOKEN as a bearer token, as `/sync` wants it.
 */
import { type CatalogStore, readPointer } from "../catalog/format/storage.ts";
import type { CoordinatorStatus } from "../catalog/sync/coordinator.ts";
import { CRON_INTERVAL_MS } from "../catalog/sync/cron-schedule.ts";
import { jsonResponse } from "./json-response.ts";
import { bearerMatches } from "./sync-endpoint.ts";

/** What a cron run may take before it confirms: the settling second, reading Directus, a few retried steps. */
const RUN_GRACE_MS = 5 * 60 * 1000;
/** Longer without a confirming sync: two cron runs in a row did not confirm, so the sync is broken. */
export const STALE_AFTER_MS = 2 * CRON_INTERVAL_MS + RUN_GRACE_MS;

/** What the health answer needs of the coordinator. */
export type CoordinatorHealth = Pick<
  CoordinatorStatus,
  "live" | "verifiedAt" | "held" | "running" | "queued" | "last" | "faults"
>;

type Status = "ok" | "stale" | "no-catalog" | "error";

/**
 * Who asks: without an Authorization header, anyone ("public"); with
 * SYNC_TOKEN as its bearer token, an operator ("details"); with anything
 * else, "refused" (401), so that a monitor or script set up with a wrong
 * token notices instead of quietly getting less. `token` null: no one
 * gets the details.
 */
export async function healthAccess(
  authorization: string | undefined,
  token: string | null,
): Promise<"public" | "details" | "refused"> {
  if (authorization === undefined) return "public";
  return token !== null && (await bearerMatches(authorization, token)) ? "details" : "refused";
}

/** The answer to a refused Authorization header. */
export function healthRefused(): Response {
  return jsonResponse(
    401,
    { error: "the details need SYNC_TOKEN as the bearer token; without Authorization, /healthz answers the status" },
    { "www-authenticate": 'Bearer realm="healthz"' },
  );
}

/** The answer: the public part for everyone, the details only when `details` is set. */
function answer(
  status: Status,
  ageSeconds: number | null,
  details: boolean,
  more: Record<string, unknown> = {},
): Response {
  const body = details
    ? { status, ageSeconds, staleAfterSeconds: STALE_AFTER_MS / 1000, ...more }
    : { status, ageSeconds };
  return jsonResponse(status === "ok" ? 200 : 503, body);
}

/** The health answer for the catalog in `store` and the coordinator's view, at `now`; `details` for the token's holder. */
export async function healthResponse(
  store: CatalogStore,
  /** The coordinator's view, asked with the version this location's pointer names. */
  coordinator: (version: string) => Promise<CoordinatorHealth>,
  details: boolean,
  now = Date.now(),
): Promise<Response> {
  let pointer: Awaited<ReturnType<typeof readPointer>>;
  try {
    pointer = await readPointer(store);
  } catch {
    return answer("error", null, details, { error: "the catalog pointer cannot be read" });
  }
  if (!pointer) return answer("no-catalog", null, details);
  let health: CoordinatorHealth;
  try {
    health = await coordinator(pointer.manifest);
  } catch {
    return answer("error", null, details, {
      error: "the catalog coordinator cannot be asked",
      version: pointer.manifest,
    });
  }
  const verifiedAt = health.verifiedAt ?? pointer.verifiedAt ?? pointer.publishedAt;
  const syncAgeMs = now - Date.parse(verifiedAt);
  const stale = !health.held && !(syncAgeMs <= STALE_AFTER_MS);
  const last = health.last;
  return answer(stale ? "stale" : "ok", Math.round(syncAgeMs / 1000), details, {
    version: pointer.manifest,
    // What the coordinator made live; it differs from `version` while a new version reaches this location.
    liveVersion: health.live?.manifest ?? null,
    publishedAt: pointer.publishedAt,
    verifiedAt,
    catalogAgeSeconds: Math.round((now - Date.parse(pointer.publishedAt)) / 1000),
    recipes: pointer.counts.recipes,
    ingredients: pointer.counts.ingredients,
    held: health.held ?? null,
    publishing: health.running ? { request: health.running.id, progress: health.running.progress } : null,
    queued: health.queued.length,
    lastSync: last
      ? {
          request: last.id,
          trigger: last.trigger,
          action: last.action,
          state: last.state,
          finishedAt: last.finishedAt,
          outcome: last.summary?.status ?? null,
          error: last.error,
        }
      : null,
    faults: faultDetails(health.faults),
  });
}

/**
 * The coordinator's faults, field by field: a failing step, the last work
 * given up, a pointer write whose outcome is unknown. Named one by one, so
 * a field the coordinator adds reaches no one until it is listed here.
 */
function faultDetails(faults: CoordinatorHealth["faults"]) {
  const { stepUnderWay, failing, gaveUp } = faults;
  return {
    stepUnderWay: stepUnderWay
      ? { work: stepUnderWay.work, request: stepUnderWay.request, startedAt: stepUnderWay.startedAt }
      : null,
    failing: failing
      ? {
          work: failing.work,
          request: failing.request,
          failures: failing.failures,
          giveUpAt: failing.giveUpAt,
          killed: failing.killed,
          error: failing.error,
          at: failing.at,
        }
      : null,
    gaveUp: gaveUp
      ? { work: gaveUp.work, request: gaveUp.request, failures: gaveUp.failures, error: gaveUp.error, at: gaveUp.at }
      : null,
    pointerInDoubt: faults.pointerInDoubt.map((doubt) => ({ manifest: doubt.manifest, keptUntil: doubt.keptUntil })),
    pointerRepairAt: faults.pointerRepairAt,
  };
}
