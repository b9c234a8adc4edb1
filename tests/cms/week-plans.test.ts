/**
 * The week plan's collection on a real Directus (decision 0070), on SQLite
 * here and on PostgreSQL in vitest.cms-postgres.config.ts: each user reads,
 * creates and changes only their own row, which Directus ties to them; nobody
 * gets a second row; anonymous visitors get nothing of it. A change is stored
 * only as the revision after the one it read
 * (cms/migrations/20261129B-week-plan-revision.js), so the site's changes
 * made at the same moment are all stored, or refused out loud.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { directusOrigin } from "../../app/lib/directus/directus-origin.ts";
import { REVISION_ATTEMPTS } from "../../app/lib/directus/revisioned-row.server.ts";
import { userApi } from "../../app/lib/directus/user-api.server.ts";
import { changeAccountPlan, readAccountPlan, WeekPlanBusyError } from "../../app/lib/directus/week-plan-api.server.ts";
import { admin, call, createUser, directusUrl, sessionToken, type TestUser } from "./directus-clients.ts";

const PLAN = { version: 1, entries: [{ day: 0, recipe: "gazpacho", servings: 2 }] };

let alice: TestUser;
let bob: TestUser;
let bobsRow: number;

beforeAll(async () => {
  const suffix = Date.now();
  alice = await createUser(`woche-alice-${suffix}@example.org`);
  bob = await createUser(`woche-bob-${suffix}@example.org`);
  const created = await call("POST", "/items/week_plans", { token: bob.token, body: { entries: PLAN } });
  expect(created.status).toBe(200);
  bobsRow = (created.data as { id: number }).id;
});

describe("anonymous visitors", () => {
  it("can neither read, create, change nor delete a plan", async () => {
    expect((await call("GET", "/items/week_plans")).status).toBe(403);
    expect((await call("GET", `/items/week_plans/${bobsRow}`)).status).toBe(403);
    expect((await call("POST", "/items/week_plans", { body: { entries: PLAN } })).status).toBe(403);
    expect((await call("PATCH", `/items/week_plans/${bobsRow}`, { body: { entries: null } })).status).toBe(403);
    expect((await call("DELETE", `/items/week_plans/${bobsRow}`)).status).toBe(403);
  });
});

describe("signed-in users", () => {
  it("create their plan as themselves, cannot name another user, and have one plan each", async () => {
    const forged = await call("POST", "/items/week_plans", {
      token: alice.token,
      body: { entries: PLAN, user: bob.id },
    });
    expect(forged.status).toBe(403);
    const created = await call("POST", "/items/week_plans", { token: alice.token, body: { entries: PLAN } });
    expect(created.status).toBe(200);
    expect((created.data as { user: string }).user).toBe(alice.id);
    const second = await call("POST", "/items/week_plans", { token: alice.token, body: { entries: PLAN } });
    expect(second.status).toBe(400);
    expect(second.errors?.[0]?.extensions?.code).toBe("RECORD_NOT_UNIQUE");
  });

  it("read and change only their own plan, never hand it over, and cannot delete it", async () => {
    const rows = (await call("GET", "/items/week_plans?fields=id,user", { token: alice.token })).data as {
      id: number;
      user: string;
    }[];
    expect(rows.map((row) => row.user)).toEqual([alice.id]);
    expect((await call("GET", `/items/week_plans/${bobsRow}`, { token: alice.token })).status).toBe(403);
    const empty = { version: 1, entries: [] };
    expect(
      (await call("PATCH", `/items/week_plans/${bobsRow}`, { token: alice.token, body: { entries: empty } })).status,
    ).toBe(403);
    const byQuery = await call("PATCH", "/items/week_plans", {
      token: alice.token,
      body: { keys: [bobsRow], data: { entries: empty } },
    });
    expect(byQuery.status).toBe(403);
    const own = rows[0]?.id;
    expect(
      (await call("PATCH", `/items/week_plans/${own}`, { token: alice.token, body: { user: bob.id } })).status,
    ).toBe(403);
    expect((await call("DELETE", `/items/week_plans/${own}`, { token: alice.token })).status).toBe(403);
    const client = await admin();
    expect((await client.request<{ entries: unknown }>("GET", `/items/week_plans/${bobsRow}`)).entries).toEqual(PLAN);
  });

  it("lose their plan with their account", async () => {
    const carol = await createUser(`woche-carol-${Date.now()}@example.org`);
    const created = await call("POST", "/items/week_plans", { token: carol.token, body: { entries: PLAN } });
    const row = (created.data as { id: number }).id;
    const client = await admin();
    await client.request("DELETE", `/users/${carol.id}`);
    expect(await client.request<unknown[]>("GET", `/items/week_plans?filter[id][_eq]=${row}`)).toEqual([]);
  });
});

async function siteFor(user: TestUser) {
  return userApi(directusOrigin(directusUrl(), null), await sessionToken(user), undefined);
}

describe("a change names the revision it follows", () => {
  it("is refused by the database when that revision is taken, and an edit that names none moves it on", async () => {
    const user = await createUser(`woche-revision-${Date.now()}@example.org`);
    const created = await call("POST", "/items/week_plans", { token: user.token, body: { entries: PLAN } });
    const row = (created.data as { id: number }).id;
    const empty = { version: 1, entries: [] };
    expect(
      (await call("PATCH", `/items/week_plans/${row}`, { token: user.token, body: { entries: empty, revision: 1 } }))
        .status,
    ).toBe(200);
    for (const revision of [1, 0, 5]) {
      const stale = await call("PATCH", `/items/week_plans/${row}`, {
        token: user.token,
        body: { entries: PLAN, revision },
      });
      expect(stale.errors?.[0]?.extensions?.code).toBe("RECORD_NOT_UNIQUE");
    }
    const client = await admin();
    await client.request("PATCH", `/items/week_plans/${row}`, { entries: PLAN });
    const after = await client.request<{ revision: number; entries: unknown }>("GET", `/items/week_plans/${row}`);
    expect(after).toMatchObject({ revision: 2, entries: PLAN });
  });
});

describe("the site's changes at the same moment (two tabs, phone and laptop)", () => {
  it(`stores all of ${REVISION_ATTEMPTS} first adds at once, and then as many moves and removals at once`, async () => {
    const user = await createUser(`woche-zugleich-${Date.now()}@example.org`);
    const tabs = await Promise.all(Array.from({ length: REVISION_ATTEMPTS }, () => siteFor(user)));
    await Promise.all(
      tabs.map((tab, index) =>
        changeAccountPlan(tab, { kind: "add", entries: [{ day: index, recipe: `rezept-${index}`, servings: 2 }] }),
      ),
    );
    const first = tabs[0] ?? (await siteFor(user));
    expect((await readAccountPlan(first)).entries.map((entry) => entry.recipe).sort()).toEqual(
      tabs.map((_, index) => `rezept-${index}`),
    );
    // Tab 0 removes its recipe, the others move theirs to Sunday or change the servings, all at once.
    await Promise.all(
      tabs.map((tab, index) =>
        changeAccountPlan(
          tab,
          index === 0
            ? { kind: "remove", day: 0, recipe: "rezept-0" }
            : index % 2 === 1
              ? { kind: "move", day: index, recipe: `rezept-${index}`, to: 6 }
              : { kind: "servings", day: index, recipe: `rezept-${index}`, servings: 5 },
        ),
      ),
    );
    const stored = (await readAccountPlan(first)).entries;
    expect(stored).toHaveLength(REVISION_ATTEMPTS - 1);
    for (const entry of stored) {
      const index = Number(entry.recipe.split("-")[1]);
      expect(entry).toEqual(
        index % 2 === 1
          ? { day: 6, recipe: `rezept-${index}`, servings: 2 }
          : { day: index, recipe: `rezept-${index}`, servings: 5 },
      );
    }
  });

  it("with more at once than it tries, each change is stored or refused with WeekPlanBusyError; none is lost", async () => {
    const user = await createUser(`woche-ansturm-${Date.now()}@example.org`);
    const count = REVISION_ATTEMPTS * 3;
    const tabs = await Promise.all(Array.from({ length: count }, () => siteFor(user)));
    const outcomes = await Promise.allSettled(
      tabs.map((tab, index) =>
        changeAccountPlan(tab, { kind: "add", entries: [{ day: index % 7, recipe: `ansturm-${index}`, servings: 1 }] }),
      ),
    );
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(WeekPlanBusyError);
    }
    const stored = new Set((await readAccountPlan(tabs[0] ?? (await siteFor(user)))).entries.map((e) => e.recipe));
    // Exactly the changes that were answered as stored are in the plan.
    expect(outcomes.map((_, index) => stored.has(`ansturm-${index}`))).toEqual(
      outcomes.map((outcome) => outcome.status === "fulfilled"),
    );
    expect(stored.size).toBeGreaterThanOrEqual(REVISION_ATTEMPTS);
  });
});
