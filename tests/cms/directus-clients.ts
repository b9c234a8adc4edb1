import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inject } from "vitest";
import { USER_ROLE } from "../../cms/access-policies.ts";
import { connectAdmin, type DirectusAdmin } from "../../scripts/cms/directus-admin.ts";
import {
  CMS_DIR,
  type DirectusOptions,
  LOCAL_ADMIN,
  MIGRATIONS_DIR,
  sqliteDatabaseFile,
} from "../../scripts/local-stack/directus.ts";

/** The site Directus may send a signed-in visitor back to, in these tests. */
export const TEST_SITE = "http://127.0.0.1:8799";

export function directusUrl(): string {
  return inject("directusUrl");
}

/** Options for running Directus CLI commands (migrations, schema) against the Directus under test. */
export function directusCliOptions(): DirectusOptions {
  return {
    dataDir: inject("cmsDataDir"),
    database: inject("cmsDatabase"),
    port: Number(new URL(directusUrl()).port),
    publicUrl: directusUrl(),
  };
}

/** What `undoMigration` needs of knex, Directus' query builder (in cms/node_modules, as Directus uses it). */
interface Knex {
  (table: string): { where(row: Record<string, string>): { delete(): Promise<number> } };
  destroy(): Promise<void>;
}

/** A knex connection of our own to the database under test, configured as Directus configures its own. */
function openKnex(): Knex {
  const knex = createRequire(join(CMS_DIR, "package.json"))("knex") as (config: object) => Knex;
  const database = inject("cmsDatabase");
  if (database.client === "sqlite3") {
    return knex({
      client: "sqlite3",
      connection: { filename: sqliteDatabaseFile(inject("cmsDataDir")) },
      useNullAsDefault: true,
      // Directus holds the same file open and writes to it.
      pool: {
        afterCreate: (connection: SqliteConnection, done: () => void) =>
          connection.run("PRAGMA busy_timeout = 10000", done),
      },
    });
  }
  const { host, port, database: name, user, password } = database;
  return knex({ client: "pg", connection: { host, port, database: name, user, password } });
}

interface SqliteConnection {
  run(sql: string, done: () => void): void;
}

/**
 * Takes the Directus under test back to before our migration `version` (cms/migrations), as an earlier `npm
 * start` left a database: runs that migration's own `down` on the database, in this process, and forgets that it
 * ran. `migrate:latest`, which runs every migration not recorded in version order, then runs it again as the next
 * start does; the caller runs that in a `finally`, as the Directus is shared. The later migrations stay: each
 * keeps the rules of another collection. Directus' `migrate:down` undoes only the newest, so this took a Directus
 * CLI run per later migration (four for saved_recipes, 10–45 s each on two busy cores).
 */
export async function undoMigration(version: string): Promise<void> {
  const file = readdirSync(MIGRATIONS_DIR).find((name) => name.startsWith(`${version}-`));
  if (!file) throw new Error(`undoMigration: no migration ${version} in ${MIGRATIONS_DIR}`);
  const migration = (await import(pathToFileURL(join(MIGRATIONS_DIR, file)).href)) as {
    down(knex: Knex): Promise<void>;
  };
  const knex = openKnex();
  try {
    await migration.down(knex);
    await knex("directus_migrations").where({ version }).delete();
  } finally {
    await knex.destroy();
  }
}

export function admin(): Promise<DirectusAdmin> {
  return connectAdmin(directusUrl(), LOCAL_ADMIN);
}

/** A request as somebody: anonymous without a token. Returns status and parsed body. */
export async function call(
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<{ status: number; data: unknown; errors?: { message: string; extensions?: { code?: string } }[] }> {
  const response = await fetch(`${directusUrl()}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : {};
  return { status: response.status, data: json.data, errors: json.errors };
}

export interface TestUser {
  id: string;
  email: string;
  /** A bearer access token. */
  token: string;
  password: string;
}

/**
 * A user in the "Nutzer" role, as Google sign-in would create, but with a
 * password so a test can sign in without the browser dance.
 */
export async function createUser(email: string): Promise<TestUser> {
  const client = await admin();
  const password = `pw-${email}`;
  const user = await client.request<{ id: string }>("POST", "/users", { email, password, role: USER_ROLE.id });
  const login = await call("POST", "/auth/login", { body: { email, password } });
  const token = (login.data as { access_token: string }).access_token;
  return { id: user.id, email, token, password };
}

/** Signs `user` in the way the site's visitors are: a Directus session cookie; returns its token. */
export async function sessionToken(user: TestUser): Promise<string> {
  const response = await fetch(`${directusUrl()}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password, mode: "session" }),
  });
  await response.body?.cancel();
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith("directus_session_token="));
  const token = cookie?.split(";")[0]?.split("=")[1];
  if (!response.ok || !token)
    throw new Error(`directus-clients: session login of ${user.email} failed (${response.status})`);
  return token;
}

/**
 * Runs `request` again once if the connection it reused had been closed by
 * Directus meanwhile: Node's server drops a keep-alive connection after 5 s
 * idle, and a test that waited on a CLI command for longer can race it.
 */
export async function retryOnClosedConnection<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const code = (error as { cause?: { code?: unknown } })?.cause?.code;
    if (!(error instanceof TypeError) || code !== "UND_ERR_SOCKET") throw error;
    return request();
  }
}
