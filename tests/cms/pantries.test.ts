import { beforeAll, describe, expect, it } from "vitest";
import { directusOrigin } from "../../app/lib/directus/directus-origin.ts";
import { pantryApi } from "../../app/lib/directus/pantry-api.server.ts";
import { userApi } from "../../app/lib/directus/user-api.server.ts";
import { admin, call, createUser, directusUrl, sessionToken, type TestUser } from "./directus-clients.ts";

/**
 * The pantries collection (decision 0040) on a real Directus: one row per
 * user, which only that user reads, creates and changes (cms/access-policies.ts,
 * the unique index on `user` in cms/schema/snapshot.json); and the site's
 * pantryApi reading and writing it with a visitor's session.
 */

let alice: TestUser;
let bob: TestUser;
let bobsRow: number;

const row = (ingredients: string[], missing: string[] = []) => ({
  ingredients,
  missing_basics: missing,
  changed_at: "2026-11-27T10:00:00.000Z",
});

async function pantriesOf(user: TestUser): Promise<{ id: number; ingredients: string[] }[]> {
  const client = await admin();
  return client.request("GET", `/items/pantries?fields=id,ingredients&filter[user][_eq]=${user.id}&limit=-1`);
}

function siteApi(token: string) {
  return pantryApi(userApi(directusOrigin(directusUrl(), null), token, undefined).caller);
}

beforeAll(async () => {
  const suffix = Date.now();
  alice = await createUser(`vorrat-alice-${suffix}@example.org`);
  bob = await createUser(`vorrat-bob-${suffix}@example.org`);
  const created = await call("POST", "/items/pantries", { token: bob.token, body: row(["feta"]) });
  expect(created.status).toBe(200);
  bobsRow = (created.data as { id: number }).id;
});

describe("anonymous visitors", () => {
  it("can neither read nor write a pantry", async () => {
    expect((await call("GET", "/items/pantries")).status).toBe(403);
    expect((await call("GET", `/items/pantries/${bobsRow}`)).status).toBe(403);
    expect((await call("POST", "/items/pantries", { body: row(["tomate"]) })).status).toBe(403);
    expect((await call("PATCH", `/items/pantries/${bobsRow}`, { body: row(["speck"]) })).status).toBe(403);
    expect((await pantriesOf(bob)).map((each) => each.ingredients)).toEqual([["feta"]]);
  });
});

describe("a signed-in user", () => {
  it("creates their own row, as themselves, and only one", async () => {
    const created = await call("POST", "/items/pantries", { token: alice.token, body: row(["tomate"], ["salz"]) });
    expect(created.status).toBe(200);
    expect((created.data as { user: string }).user).toBe(alice.id);
    const second = await call("POST", "/items/pantries", { token: alice.token, body: row(["ei"]) });
    expect(second.status).toBe(400);
    expect(second.errors?.[0]?.extensions?.code).toBe("RECORD_NOT_UNIQUE");
    // A payload that names a user is refused outright: `user` is not a field users may write.
    const forged = await call("POST", "/items/pantries", {
      token: alice.token,
      body: { ...row(["ei"]), user: bob.id },
    });
    expect(forged.status).toBe(403);
    expect((await pantriesOf(alice)).map((each) => each.ingredients)).toEqual([["tomate"]]);
  });

  it("reads only their own row", async () => {
    const listed = (await call("GET", "/items/pantries?fields=id,user,ingredients", { token: alice.token })).data as {
      user: string;
    }[];
    expect(listed.map((each) => each.user)).toEqual([alice.id]);
    expect((await call("GET", `/items/pantries/${bobsRow}`, { token: alice.token })).status).toBe(403);
    const filtered = await call("GET", `/items/pantries?filter[user][_eq]=${bob.id}`, { token: alice.token });
    expect(filtered.data).toEqual([]);
  });

  it("cannot change or delete another user's row, nor give their own away", async () => {
    expect(
      (await call("PATCH", `/items/pantries/${bobsRow}`, { token: alice.token, body: row(["speck"]) })).status,
    ).toBe(403);
    const byKeys = await call("PATCH", "/items/pantries", {
      token: alice.token,
      body: { keys: [bobsRow], data: row(["speck"]) },
    });
    expect(byKeys.status).toBe(403);
    expect((await call("DELETE", `/items/pantries/${bobsRow}`, { token: alice.token })).status).toBe(403);
    const [own] = await pantriesOf(alice);
    expect(
      (await call("PATCH", `/items/pantries/${own?.id}`, { token: alice.token, body: { user: bob.id } })).status,
    ).toBe(403);
    expect((await pantriesOf(bob)).map((each) => each.ingredients)).toEqual([["feta"]]);
  });

  it("changes their own row", async () => {
    const [own] = await pantriesOf(alice);
    const changed = await call("PATCH", `/items/pantries/${own?.id}`, {
      token: alice.token,
      body: row(["ei", "feta"]),
    });
    expect(changed.status).toBe(200);
    expect((await pantriesOf(alice)).map((each) => each.ingredients)).toEqual([["ei", "feta"]]);
  });

  it("loses the row with the account", async () => {
    const carol = await createUser(`vorrat-carol-${Date.now()}@example.org`);
    const created = await call("POST", "/items/pantries", { token: carol.token, body: row(["reis"]) });
    const id = (created.data as { id: number }).id;
    expect(await pantriesOf(carol)).toHaveLength(1);
    const client = await admin();
    await client.request("DELETE", `/users/${carol.id}`);
    // Gone, not left behind without a user.
    expect(await client.request("GET", `/items/pantries?filter[id][_eq]=${id}`)).toEqual([]);
  });
});

describe("the site's pantry calls", () => {
  it("read none at first, then what they saved, to the millisecond", async () => {
    const api = siteApi(await sessionToken(await createUser(`vorrat-seite-${Date.now()}@example.org`)));
    expect(await api.read()).toBeNull();
    const pantry = { selected: ["tomate", "sorte:kaese"], missingBasics: ["salz"], changedAt: 1_764_237_600_123 };
    await api.save(pantry);
    expect(await api.read()).toEqual(pantry);
    const emptied = { selected: [], missingBasics: [], changedAt: 1_764_237_700_456 };
    await api.save(emptied);
    expect(await api.read()).toEqual(emptied);
  });

  it("keep one row when two saves race, the later one updating the row the first made", async () => {
    const user = await createUser(`vorrat-eilig-${Date.now()}@example.org`);
    const api = siteApi(await sessionToken(user));
    await Promise.all([
      api.save({ selected: ["ei"], missingBasics: [], changedAt: 1 }),
      api.save({ selected: ["feta"], missingBasics: [], changedAt: 2 }),
    ]);
    const rows = await pantriesOf(user);
    expect(rows).toHaveLength(1);
    expect([["ei"], ["feta"]]).toContainEqual(rows[0]?.ingredients);
  });

  it("read the signed-in user's own row, never another's", async () => {
    const api = siteApi(await sessionToken(alice));
    expect((await api.read())?.selected).toEqual(["ei", "feta"]);
  });
});
