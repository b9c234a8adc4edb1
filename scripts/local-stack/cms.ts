/**
 * The local CMS as one unit: the Google stand-in, then Directus (on SQLite, or
 * on a given PostgreSQL) bootstrapped, its schema applied from
 * cms/schema/snapshot.json (snapshot.postgres.json on Postgres), our migrations
 * (cms/migrations) run, started, its access policies and project settings
 * applied, on a new database the seed content loaded, and its flows applied
 * (cms/flows.ts: publish on save, "Zutatenliste einfügen").
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { USER_ROLE } from "../../cms/access-policies.ts";
import { SITE_SYNC_ENV } from "../../cms/flows.ts";
import { dropRefusal, schemaDrops } from "../../cms/ops/schema-guard.mjs";
import { STUDIO_SETTINGS } from "../../cms/studio-settings.ts";
import { applyAccessPolicies } from "../cms/apply-access-policies.ts";
import { applyFlows } from "../cms/apply-flows.ts";
import { applyPresets } from "../cms/apply-presets.ts";
import { backfillAmounts } from "../cms/backfill-amounts.ts";
import { backfillNutrition } from "../cms/backfill-nutrition.ts";
import { connectAdmin } from "../cms/directus-admin.ts";
import { setPreviewToken } from "../cms/preview-token.ts";
import { type SeedOptions, seedCms } from "../cms/seed.ts";
import { seedRatings } from "../cms/seed-ratings.ts";
import { setStatusToken } from "../cms/status-token.ts";
import {
  type DirectusDatabase,
  type DirectusOptions,
  type DirectusServer,
  LOCAL_ADMIN,
  runDirectusCli,
  sqliteDatabaseFile,
  startDirectus,
} from "./directus.ts";
import { freePort } from "./free-port.ts";
import { type GoogleStandIn, startGoogleStandIn } from "./google-stand-in.ts";
import { inScratchFolder } from "./scratch-folder.ts";
import { withTriggersSetAside } from "./sqlite-triggers.ts";

/** The schema, as Directus on SQLite snapshots it: where the schema is edited. */
export const SCHEMA_SNAPSHOT = resolve(import.meta.dirname, "../../cms/schema/snapshot.json");
/** The same schema for Directus on PostgreSQL, made from SCHEMA_SNAPSHOT (scripts/cms/postgres-snapshot.ts). */
export const POSTGRES_SCHEMA_SNAPSHOT = resolve(import.meta.dirname, "../../cms/schema/snapshot.postgres.json");

/** The snapshot to apply to a database of this kind. */
export function schemaSnapshotFor(database: DirectusDatabase | undefined): string {
  return database?.client === "pg" ? POSTGRES_SCHEMA_SNAPSHOT : SCHEMA_SNAPSHOT;
}

/**
 * Applies the schema snapshot for the database, as cms/ops/init.sh does in
 * containers: first the database's own snapshot is compared with it, and
 * when the apply would delete a collection, field or relation that
 * `dropAllow` does not name (an editor's addition in the Data Studio, say),
 * this throws with the list and changes nothing. On SQLite our triggers are
 * set aside while Directus rebuilds tables.
 */
export async function applySchemaSnapshot(options: DirectusOptions, dropAllow: readonly string[] = []): Promise<void> {
  const snapshot = schemaSnapshotFor(options.database);
  const liveFile = join(options.dataDir, "schema-before-apply.json");
  await runDirectusCli(options, ["schema", "snapshot", "--yes", "--format", "json", liveFile]);
  const live = JSON.parse(readFileSync(liveFile, "utf8"));
  rmSync(liveFile);
  const refusal = dropRefusal(schemaDrops(live, JSON.parse(readFileSync(snapshot, "utf8"))), dropAllow, snapshot);
  if (refusal) throw new Error(refusal);
  const apply = () => runDirectusCli(options, ["schema", "apply", "--yes", snapshot]);
  if (options.database === undefined || options.database.client === "sqlite3") {
    await withTriggersSetAside(sqliteDatabaseFile(options.dataDir), apply);
  } else {
    await apply();
  }
}

/** The stand-in's client; local only, so the secret is no secret. */
const SSO_CLIENT = { clientId: "directus-local", clientSecret: "directus-local-secret" } as const;

interface CmsOptions {
  dataDir: string;
  directusPort: number;
  standInPort: number;
  /** Where browsers reach Directus: the site's /directus, or Directus itself in tests. */
  publicUrl: string;
  /** Origins Directus may send a signed-in visitor back to. */
  redirectAllowList: string[];
  /** SQLite in `dataDir` when left out. */
  database?: DirectusDatabase;
  /**
   * The site's sync endpoint for the publish-on-save flow (cms/flows.ts).
   * Without it the flow is applied all the same and stops at its first step.
   */
  siteSync?: SiteSync;
  /**
   * The static token of the "Website (Status)" user, with which the site writes
   * recipes' publication statuses back (the Worker's DIRECTUS_STATUS_TOKEN);
   * left out: the user has none, and nothing can sign in as it.
   */
  statusToken?: string;
  /** The editors' draft preview (decision 0051); left out, Directus has no secret to make preview links with. */
  preview?: CmsPreview;
  /** How the seed brings its images (scripts/cms/seed.ts). */
  seedImages?: SeedOptions["images"];
  /** Collections and fields the schema apply may delete (SCHEMA_DROP_ALLOW); none when left out. */
  schemaDropAllow?: readonly string[];
  log?: (line: string) => void;
}

/** Where the publish-on-save flow calls the site, and with which bearer token. */
interface SiteSync {
  url: string;
  token: string;
}

/** What Directus' preview-link endpoint and the site's preview reader need (decision 0051). */
export interface CmsPreview {
  /** PREVIEW_SECRET, shared with the Worker. */
  secret: string;
  /** The site's origin, where the endpoint sends editors and which the Data Studio may frame. */
  siteUrl: string;
  /** The static token of the "Website (Vorschau)" user: the Worker's DIRECTUS_PREVIEW_TOKEN. */
  directusToken: string;
}

/**
 * Directus' variables for the preview: the endpoint's secret and where the
 * site is, and a Data Studio policy that lets its Live Preview frame the
 * site besides Directus itself.
 */
function previewEnv(preview: CmsPreview): Record<string, string> {
  return {
    PREVIEW_SECRET: preview.secret,
    PREVIEW_SITE_URL: preview.siteUrl,
    CONTENT_SECURITY_POLICY_DIRECTIVES__FRAME_SRC: `'self' ${preview.siteUrl}`,
  };
}

interface RunningCms {
  directus: DirectusServer;
  /** What Directus keeps its data in. */
  database: DirectusDatabase;
  standIn: GoogleStandIn;
  stop(): Promise<void>;
}

/** Directus' variables for the `google` SSO provider, pointed at the stand-in. */
function googleSsoEnv(issuerUrl: string, redirectAllowList: string[]): Record<string, string> {
  return {
    AUTH_PROVIDERS: "google",
    AUTH_GOOGLE_DRIVER: "openid",
    AUTH_GOOGLE_CLIENT_ID: SSO_CLIENT.clientId,
    AUTH_GOOGLE_CLIENT_SECRET: SSO_CLIENT.clientSecret,
    AUTH_GOOGLE_ISSUER_URL: issuerUrl,
    AUTH_GOOGLE_IDENTIFIER_KEY: "email",
    AUTH_GOOGLE_SCOPE: "openid email profile",
    AUTH_GOOGLE_ALLOW_PUBLIC_REGISTRATION: "true",
    AUTH_GOOGLE_DEFAULT_ROLE_ID: USER_ROLE.id,
    AUTH_GOOGLE_MODE: "session",
    AUTH_GOOGLE_REDIRECT_ALLOW_LIST: redirectAllowList.join(","),
    // Plain http locally: a Secure cookie would never come back.
    SESSION_COOKIE_SECURE: "false",
    SESSION_COOKIE_SAME_SITE: "lax",
    REFRESH_TOKEN_COOKIE_SECURE: "false",
    REFRESH_TOKEN_COOKIE_SAME_SITE: "lax",
  };
}

/**
 * Directus' variables for the publish-on-save flow: the endpoint and token,
 * handed to flows through FLOWS_ENV_ALLOW_LIST. Locally the site listens on
 * 127.0.0.1, which Directus' outgoing requests refuse by default
 * (IMPORT_IP_DENY_LIST "0.0.0.0" means every local interface): the list keeps
 * only the cloud metadata address. Production keeps the default; its site is public.
 */
function siteSyncEnv(siteSync: SiteSync): Record<string, string> {
  return {
    SYNC_URL: siteSync.url,
    SYNC_TOKEN: siteSync.token,
    FLOWS_ENV_ALLOW_LIST: SITE_SYNC_ENV.join(","),
    IMPORT_IP_DENY_LIST: "169.254.169.254",
  };
}

/** Brings the whole local CMS up; `stop()` takes it down again. */
export async function startCms(options: CmsOptions): Promise<RunningCms> {
  const log = options.log ?? console.log;
  mkdirSync(options.dataDir, { recursive: true });

  const standIn = await startGoogleStandIn({
    port: options.standInPort,
    ...SSO_CLIENT,
    redirectUris: [`${options.publicUrl}/auth/login/google/callback`],
  });

  const directusOptions = {
    dataDir: options.dataDir,
    database: options.database,
    port: options.directusPort,
    publicUrl: options.publicUrl,
    extraEnv: {
      ...googleSsoEnv(standIn.issuerUrl, options.redirectAllowList),
      ...(options.siteSync ? siteSyncEnv(options.siteSync) : {}),
      ...(options.preview ? previewEnv(options.preview) : {}),
    },
  };
  try {
    // Directus would run cms/migrations during bootstrap too, before the
    // schema exists on a new database; ours run once the schema is applied,
    // on a new database and on an existing one alike.
    await runDirectusCli({ ...directusOptions, withoutOwnMigrations: true }, ["bootstrap"]);
    await applySchemaSnapshot(directusOptions, options.schemaDropAllow);
    await runDirectusCli(directusOptions, ["database", "migrate:latest"]);
  } catch (error) {
    await standIn.close();
    throw error;
  }
  const directus = await startDirectus(directusOptions, log);
  const stop = async () => {
    await directus.stop();
    await standIn.close();
  };

  try {
    const admin = await connectAdmin(directus.url, LOCAL_ADMIN);
    // A German Data Studio for editors. The owner is stored directly: Directus'
    // own "set owner" dialog would report it to Directus' servers, and local
    // machines must not call out.
    await admin.request("PATCH", "/settings", {
      ...STUDIO_SETTINGS,
      project_owner: LOCAL_ADMIN.email,
      project_usage: "personal",
    });
    const access = await applyAccessPolicies(admin);
    if (access.created + access.updated + access.deleted > 0) {
      log(
        `cms: access policies applied (${access.created} created, ${access.updated} updated, ${access.deleted} deleted)`,
      );
    }
    if (options.statusToken) await setStatusToken(admin, options.statusToken);
    const presets = await applyPresets(admin);
    if (presets.created + presets.updated > 0) {
      log(`cms: list views applied (${presets.created} created, ${presets.updated} updated)`);
    }
    if (options.preview) await setPreviewToken(admin, options.preview.directusToken);
    // The seed is applied once per database: what an editor deletes later
    // stays deleted across restarts.
    const marker = join(options.dataDir, "seed-applied");
    if (!existsSync(marker)) {
      const seeded = await seedCms(admin, log, { images: options.seedImages });
      writeFileSync(marker, `${new Date().toISOString()}\n${JSON.stringify(seeded)}\n`);
      log(`cms: seeded ${seeded.recipes} recipes, ${seeded.ingredients} ingredients, ${seeded.images} images`);
    } else {
      // A database seeded before recipes had servings and amounts gets them once (decision 0017).
      const filled = await backfillAmounts(admin);
      if (filled.recipes + filled.ingredients > 0) {
        log(
          `cms: filled servings and amounts into ${filled.recipes} recipes, plurals into ${filled.ingredients} ingredients`,
        );
      }
      if (filled.skipped.length > 0) log(`cms: no amounts for ${filled.skipped.join(", ")} (changed since the seed)`);
      // And seeded before ingredients had nutrition values (decision 0063).
      const nourished = await backfillNutrition(admin);
      if (nourished > 0) log(`cms: filled nutrition values into ${nourished} ingredients`);
    }
    // The seed's ratings, once per database too, also into a database seeded before ratings existed (decision 0065).
    const ratingsMarker = join(options.dataDir, "seed-ratings-applied");
    if (!existsSync(ratingsMarker)) {
      const rated = await seedRatings(admin);
      writeFileSync(ratingsMarker, `${new Date().toISOString()}\n${rated}\n`);
      if (rated > 0) log(`cms: seeded ${rated} ratings`);
    }
    // After the seed: its few hundred new items are not each a reason to call the site.
    const flows = await applyFlows(admin);
    if (flows.created + flows.updated + flows.deleted > 0) {
      log(`cms: flows applied (${flows.created} created, ${flows.updated} updated, ${flows.deleted} deleted)`);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return { directus, database: options.database ?? { client: "sqlite3" }, standIn, stop };
}

/**
 * A throwaway CMS for tests and benchmarks: a temp folder, free ports, Directus
 * reached at its own address unless `publicUrl` puts it behind a site's
 * /directus. `stop()` also removes the folder.
 */
export async function startScratchCms(
  options: Pick<
    CmsOptions,
    "redirectAllowList" | "database" | "siteSync" | "statusToken" | "preview" | "seedImages" | "log"
  > & {
    publicUrl?: string;
  },
): Promise<RunningCms & { dataDir: string }> {
  return inScratchFolder("scratch-cms-", async (dataDir) => {
    const directusPort = await freePort();
    const cms = await startCms({
      dataDir,
      directusPort,
      standInPort: await freePort(),
      ...options,
      publicUrl: options.publicUrl ?? `http://127.0.0.1:${directusPort}`,
    });
    return { ...cms, dataDir };
  });
}
