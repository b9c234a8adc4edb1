/**
 * Directus 11.17.4 with the production environment's answers to three
 * questions, taken from cms/.env.production.example itself: whose address a
 * request is (CF-Connecting-IP), where the instances share their state
 * (Redis: messages between instances, rate limiter, schedules) and how long the activity log,
 * revisions and flow logs are kept. A Directus of its own (SQLite, no content)
 * and a throwaway Redis (Debian's redis-server); the CMS of the global setup
 * is not touched.
 */
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionEnvExample } from "../../scripts/cms/env-file.ts";
import {
  type DirectusOptions,
  type DirectusServer,
  LOCAL_ADMIN,
  runDirectusCli,
  sqliteDatabaseFile,
  startDirectus,
} from "../../scripts/local-stack/directus.ts";
import { freePort } from "../../scripts/local-stack/free-port.ts";
import { type ScratchRedis, startScratchRedis } from "../../scripts/local-stack/redis.ts";
import { inScratchFolder } from "../../scripts/local-stack/scratch-folder.ts";

/** The variables this file checks Directus' behaviour for, with their production values. */
const FROM_PRODUCTION = [
  "IP_CUSTOM_HEADER",
  "IP_TRUST_PROXY",
  "RATE_LIMITER_ENABLED",
  "RATE_LIMITER_STORE",
  "CACHE_STORE",
  "SYNCHRONIZATION_STORE",
  "RETENTION_ENABLED",
  "ACTIVITY_RETENTION",
  "REVISIONS_RETENTION",
  "FLOW_LOGS_RETENTION",
] as const;

/** Few points over a long window, so a test can use a bucket up; the retention job every 2 s instead of hourly. */
const TEST_OVERRIDES = {
  RATE_LIMITER_POINTS: "3",
  RATE_LIMITER_DURATION: "120",
  RETENTION_SCHEDULE: "*/2 * * * * *",
};

const DAY_MS = 24 * 60 * 60 * 1000;

let redis: ScratchRedis;
let directus: DirectusServer & { dataDir: string };
let directusOptions: DirectusOptions;
/** A second instance on the same database and the same Redis, as compose would run a second `directus`. */
let second: DirectusServer;

/** Signs in as the admin at `url` from `ip`; returns the access token. */
async function signIn(url: string, ip: string): Promise<string> {
  const response = await fetch(`${url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify(LOCAL_ADMIN),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

beforeAll(async () => {
  const production = productionEnvExample();
  const fromProduction = Object.fromEntries(
    FROM_PRODUCTION.map((name) => {
      const value = production.get(name);
      if (value === undefined) throw new Error(`cms/.env.production.example does not set ${name}`);
      return [name, value];
    }),
  );
  redis = await startScratchRedis();
  directus = await inScratchFolder("scratch-directus-env-", async (dataDir) => {
    const port = await freePort();
    directusOptions = {
      dataDir,
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      extraEnv: { ...fromProduction, ...TEST_OVERRIDES, REDIS: redis.url },
    };
    await runDirectusCli({ ...directusOptions, withoutOwnMigrations: true }, ["bootstrap"]);
    return { ...(await startDirectus(directusOptions)), dataDir };
  }).catch(async (error) => {
    await redis.stop();
    throw error;
  });
  // Started before any test uses up the limiter's bucket of this process's address: its readiness check counts too.
  const port = await freePort();
  second = await startDirectus({ ...directusOptions, port, publicUrl: `http://127.0.0.1:${port}` });
});

afterAll(async () => {
  await second?.stop();
  await directus?.stop();
  await redis?.stop();
});

/** GET /server/ping from this process (one socket address), with the given headers. */
async function ping(headers: Record<string, string>): Promise<number> {
  const response = await fetch(`${directus.url}/server/ping`, { headers });
  await response.body?.cancel();
  return response.status;
}

/** The rate limiter's keys in Redis (rate-limiter-flexible's prefix), without the prefix. */
async function limiterKeys(): Promise<string[]> {
  return (await redis.command("--scan", "--pattern", "rlflx:*")).map((key) => key.slice("rlflx:".length)).sort();
}

describe("whose address a request is", () => {
  it("each CF-Connecting-IP has a bucket of its own in Redis, and X-Forwarded-For changes nothing", async () => {
    const visitorA = "203.0.113.10";
    const visitorB = "2001:db8::20";
    // All three points of visitor A, each with a different forged X-Forwarded-For.
    for (const forged of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      expect(await ping({ "cf-connecting-ip": visitorA, "x-forwarded-for": forged })).toBe(200);
    }
    // A's bucket is empty, whatever X-Forwarded-For claims …
    expect(await ping({ "cf-connecting-ip": visitorA })).toBe(429);
    expect(await ping({ "cf-connecting-ip": visitorA, "x-forwarded-for": "198.51.100.4" })).toBe(429);
    // … while B, on the very same connection address, has all of its own.
    expect(await ping({ "cf-connecting-ip": visitorB, "x-forwarded-for": visitorA })).toBe(200);

    const keys = await limiterKeys();
    expect(keys).toContain(visitorA);
    expect(keys).toContain(visitorB);
    expect(keys.filter((key) => key.startsWith("198.51.100."))).toEqual([]);
  });

  it.each([
    ["no header", {}],
    ["a malformed header", { "cf-connecting-ip": "not-an-address" }],
    ["a list in the header", { "cf-connecting-ip": "203.0.113.30, 203.0.113.31" }],
  ])(
    "without a valid CF-Connecting-IP (%s) the connection's address counts, not X-Forwarded-For",
    async (_name, headers) => {
      const forged = `198.51.100.${50 + Math.floor(Math.random() * 100)}`;
      await ping({ ...headers, "x-forwarded-for": forged });
      const keys = await limiterKeys();
      expect(keys).toContain("127.0.0.1");
      expect(keys).not.toContain(forged);
      expect(keys.filter((key) => key.startsWith("203.0.113.3"))).toEqual([]);
    },
  );

  it("the activity log records the address from CF-Connecting-IP", async () => {
    const visitor = "203.0.113.77";
    const response = await fetch(`${directus.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": visitor, "x-forwarded-for": "198.51.100.9" },
      body: JSON.stringify(LOCAL_ADMIN),
    });
    expect(response.status).toBe(200);
    await response.body?.cancel();
    const database = new DatabaseSync(sqliteDatabaseFile(directus.dataDir), { readOnly: true });
    try {
      const row = database
        .prepare("select ip from directus_activity where action = 'login' order by id desc limit 1")
        .get() as { ip: string } | undefined;
      expect(row?.ip).toBe(visitor);
    } finally {
      database.close();
    }
  });
});

describe("state the instances share", () => {
  it("a visitor's bucket is the same on every instance", async () => {
    const visitor = "203.0.113.40";
    for (let point = 0; point < 3; point++) expect(await ping({ "cf-connecting-ip": visitor })).toBe(200);
    const response = await fetch(`${second.url}/server/ping`, { headers: { "cf-connecting-ip": visitor } });
    await response.body?.cancel();
    expect(response.status).toBe(429);
  });

  it("a schema change on one instance is seen by the other at once", async () => {
    const token = await signIn(directus.url, "203.0.113.41");
    let seen = 0;
    const onSecond = async () => {
      // Items are read through the instance's schema in memory: a collection it does not know is forbidden.
      const response = await fetch(`${second.url}/items/geteilt`, {
        headers: { authorization: `Bearer ${token}`, "cf-connecting-ip": `203.0.113.${42 + seen++}` },
      });
      await response.body?.cancel();
      return response.status;
    };
    // The second instance reads its schema now, and holds it in memory …
    expect(await onSecond()).toBe(403);
    const created = await fetch(`${directus.url}/collections`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "cf-connecting-ip": "203.0.113.60",
      },
      body: JSON.stringify({ collection: "geteilt", meta: { icon: "share" }, schema: {} }),
    });
    await created.body?.cancel();
    expect(created.status).toBe(200);
    // … until the first one's message through Redis tells it the schema changed.
    expect(await onSecond()).toBe(200);
  });

  it("scheduled jobs keep their clock in Redis, so one instance runs each", async () => {
    // The retention job's clock (SYNCHRONIZATION_STORE), set by its first run: every 2 s here.
    await expect
      .poll(() => redis.command("--scan", "--pattern", "directus-sync:*"), { timeout: 60_000 })
      .toContainEqual(expect.stringContaining("retention"));
  });
});

describe("retention", () => {
  async function api(token: string, ip: string, method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${directus.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "cf-connecting-ip": ip },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
    const text = await response.text();
    return text ? (JSON.parse(text) as { data: unknown }).data : undefined;
  }

  it("deletes activity, revisions and flow runs older than the privacy page's 7 days, and keeps a day's", async () => {
    const database = new DatabaseSync(sqliteDatabaseFile(directus.dataDir));
    try {
      const lastId = () => (database.prepare("select max(id) as id from directus_activity").get() as { id: number }).id;
      const before = lastId();
      // A sign-in, a save with its revision, and a flow run; each request from an address of its own, so the
      // test's three-point rate limit never trips.
      let address = 100;
      const next = () => `203.0.113.${address++}`;
      const token = await signIn(directus.url, next());
      const me = (await api(token, next(), "GET", "/users/me?fields=id")) as { id: string };
      await api(token, next(), "PATCH", `/users/${me.id}`, { first_name: "Alt" });
      const flow = (await api(token, next(), "POST", "/flows", {
        name: "Aufbewahrung",
        status: "active",
        trigger: "webhook",
        accountability: "all",
        options: { method: "GET" },
      })) as { id: string };
      await api(token, next(), "GET", `/flows/trigger/${flow.id}`);
      const older = lastId();
      await signIn(directus.url, next());

      const inRange = "from directus_activity where id > ? and id <= ?";
      const actions = database
        .prepare(`select distinct action ${inRange} order by action`)
        .all(before, older)
        .map((row) => (row as { action: string }).action);
      expect(actions).toEqual(expect.arrayContaining(["login", "run", "update"]));
      const revisions = database
        .prepare(`select id from directus_revisions where activity in (select id ${inRange})`)
        .all(before, older)
        .map((row) => (row as { id: number }).id);
      expect(revisions.length).toBeGreaterThanOrEqual(2);

      // Time passes: those rows are 6 days and 23 hours old (the last hourly run before the privacy page's 7 days
      // are up must take them), the last sign-in a day old. Directus on SQLite keeps epoch milliseconds.
      const now = Date.now();
      database
        .prepare("update directus_activity set timestamp = ? where id > ? and id <= ?")
        .run(now - 7 * DAY_MS + 60 * 60 * 1000, before, older);
      database.prepare("update directus_activity set timestamp = ? where id > ?").run(now - DAY_MS, older);

      const left = () => (database.prepare(`select count(*) as n ${inRange}`).get(before, older) as { n: number }).n;
      await expect.poll(left, { timeout: 60_000, interval: 500 }).toBe(0);
      const revisionsLeft = database
        .prepare(`select count(*) as n from directus_revisions where id in (${revisions.map(() => "?").join(",")})`)
        .get(...revisions) as { n: number };
      expect(revisionsLeft.n).toBe(0);
      const kept = database.prepare("select count(*) as n from directus_activity where id > ?").get(older) as {
        n: number;
      };
      expect(kept.n).toBe(1);
    } finally {
      database.close();
    }
  });
});
