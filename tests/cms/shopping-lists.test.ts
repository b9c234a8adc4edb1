/**
 * The shopping list's collection on a real Directus (decision 0041): each
 * user reads, creates and changes only their own row, which Directus ties to
 * them; nobody gets a second row; anonymous visitors get nothing of it. A
 * change is stored only as the revision after the one it read
 * (cms/migrations/20261127A-shopping-list-revision.js).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ShoppingEntry } from "../../app/lib/shopping-list/stored-list.ts";
import { runDirectusCli } from "../../scripts/local-stack/directus.ts";
import { admin, call, createUser, directusCliOptions, type TestUser } from "./directus-clients.ts";

const ENTRY = {
  recipe: "gazpacho",
  recipeName: "Gazpacho",
  name: "Salatgurke",
  plural: "Salatgurken",
  amount: 1,
  unit: null,
  done: false,
};
const LIST = { version: 1, entries: [ENTRY] };

let alice: TestUser;
let bob: TestUser;
let bobsRow: number;

beforeAll(async () => {
  const suffix = Date.now();
  alice = await createUser(`einkauf-alice-${suffix}@example.org`);
  bob = await createUser(`einkauf-bob-${suffix}@example.org`);
  const created = await call("POST", "/items/shopping_lists", { token: bob.token, body: { entries: LIST } });
  expect(created.status).toBe(200);
  bobsRow = (created.data as { id: number }).id;
});

describe("anonymous visitors", () => {
  it("can neither read, create, change nor delete a list", async () => {
    expect((await call("GET", "/items/shopping_lists")).status).toBe(403);
    expect((await call("GET", `/items/shopping_lists/${bobsRow}`)).status).toBe(403);
    expect((await call("POST", "/items/shopping_lists", { body: { entries: LIST } })).status).toBe(403);
    expect((await call("PATCH", `/items/shopping_lists/${bobsRow}`, { body: { entries: null } })).status).toBe(403);
    expect((await call("DELETE", `/items/shopping_lists/${bobsRow}`)).status).toBe(403);
    const client = await admin();
    const row = await client.request<{ entries: unknown }>("GET", `/items/shopping_lists/${bobsRow}`);
    expect(row.entries).toEqual(LIST);
  });
});

describe("signed-in users", () => {
  it("create their list as themselves and cannot name another user", async () => {
    const forged = await call("POST", "/items/shopping_lists", {
      token: alice.token,
      body: { entries: LIST, user: bob.id },
    });
    // `user` is not a field users may write: Directus fills it from the session.
    expect(forged.status).toBe(403);
    const created = await call("POST", "/items/shopping_lists", { token: alice.token, body: { entries: LIST } });
    expect(created.status).toBe(200);
    expect((created.data as { user: string }).user).toBe(alice.id);
  });

  it("have one list each: a second row is refused by the unique index", async () => {
    const second = await call("POST", "/items/shopping_lists", { token: alice.token, body: { entries: LIST } });
    expect(second.status).toBe(400);
    expect(second.errors?.[0]?.extensions?.code).toBe("RECORD_NOT_UNIQUE");
    const client = await admin();
    const rows = await client.request<unknown[]>("GET", `/items/shopping_lists?filter[user][_eq]=${alice.id}`);
    expect(rows).toHaveLength(1);
  });

  it("read only their own list", async () => {
    const alices = (await call("GET", "/items/shopping_lists?fields=id,user,entries", { token: alice.token })).data as {
      user: string;
      entries: unknown;
    }[];
    expect(alices.map((row) => row.user)).toEqual([alice.id]);
    expect(alices[0]?.entries).toEqual(LIST);
    expect((await call("GET", `/items/shopping_lists/${bobsRow}`, { token: alice.token })).status).toBe(403);
    const filtered = await call("GET", `/items/shopping_lists?filter[user][_eq]=${bob.id}`, { token: alice.token });
    expect(filtered.data).toEqual([]);
  });

  it("cannot change or delete someone else's list", async () => {
    const changed = await call("PATCH", `/items/shopping_lists/${bobsRow}`, {
      token: alice.token,
      body: { entries: { version: 1, entries: [] } },
    });
    expect(changed.status).toBe(403);
    // Nor by a filter that names it, nor by handing the row to themselves.
    const byQuery = await call("PATCH", "/items/shopping_lists", {
      token: alice.token,
      body: { keys: [bobsRow], data: { entries: { version: 1, entries: [] } } },
    });
    expect(byQuery.status).toBe(403);
    expect((await call("DELETE", `/items/shopping_lists/${bobsRow}`, { token: alice.token })).status).toBe(403);
    const client = await admin();
    expect((await client.request<{ entries: unknown }>("GET", `/items/shopping_lists/${bobsRow}`)).entries).toEqual(
      LIST,
    );
  });

  it("change their own list, but not who it belongs to, and cannot delete it", async () => {
    const [own] = (await call("GET", "/items/shopping_lists?fields=id", { token: alice.token })).data as {
      id: number;
    }[];
    const emptied = { version: 1, entries: [] };
    const changed = await call("PATCH", `/items/shopping_lists/${own?.id}`, {
      token: alice.token,
      body: { entries: emptied },
    });
    expect(changed.status).toBe(200);
    expect((changed.data as { entries: unknown }).entries).toEqual(emptied);
    const handedOver = await call("PATCH", `/items/shopping_lists/${own?.id}`, {
      token: alice.token,
      body: { user: bob.id },
    });
    expect(handedOver.status).toBe(403);
    // "Liste leeren" empties the row; the row itself stays the user's.
    expect((await call("DELETE", `/items/shopping_lists/${own?.id}`, { token: alice.token })).status).toBe(403);
  });

  it("lose their list with their account", async () => {
    const carol = await createUser(`einkauf-carol-${Date.now()}@example.org`);
    const created = await call("POST", "/items/shopping_lists", { token: carol.token, body: { entries: LIST } });
    const row = (created.data as { id: number }).id;
    const client = await admin();
    await client.request("DELETE", `/users/${carol.id}`);
    const left = await client.request<unknown[]>("GET", `/items/shopping_lists?filter[id][_eq]=${row}`);
    expect(left).toEqual([]);
  });
});

async function rowOf(user: TestUser): Promise<{ id: number; revision: number; entries: { entries: ShoppingEntry[] } }> {
  const client = await admin();
  const [row] = await client.request<{ id: number; revision: number; entries: { entries: ShoppingEntry[] } }[]>(
    "GET",
    `/items/shopping_lists?fields=id,revision,entries&filter[user][_eq]=${user.id}`,
  );
  if (!row) throw new Error(`no shopping list for ${user.email}`);
  return row;
}

describe("a change names the revision it follows", () => {
  it("is refused by the database when that revision is taken, and an edit that names none moves it on", async () => {
    const user = await createUser(`einkauf-revision-${Date.now()}@example.org`);
    const created = await call("POST", "/items/shopping_lists", { token: user.token, body: { entries: LIST } });
    expect((created.data as { revision: number }).revision).toBe(0);
    const row = (created.data as { id: number }).id;
    const emptied = { version: 1, entries: [] };

    const next = await call("PATCH", `/items/shopping_lists/${row}`, {
      token: user.token,
      body: { entries: emptied, revision: 1 },
    });
    expect(next.status).toBe(200);
    // A second write that read revision 0 as well: refused, and the first one's list stays.
    for (const revision of [1, 0, 5]) {
      const stale = await call("PATCH", `/items/shopping_lists/${row}`, {
        token: user.token,
        body: { entries: LIST, revision },
      });
      expect(stale.status).toBe(400);
      expect(stale.errors?.[0]?.extensions?.code).toBe("RECORD_NOT_UNIQUE");
    }
    expect(await rowOf(user)).toMatchObject({ revision: 1, entries: emptied });

    // An editor in the Data Studio names no revision: the database counts the edit, so a site write that read
    // the list before it is refused rather than undoing it.
    const client = await admin();
    await client.request("PATCH", `/items/shopping_lists/${row}`, { entries: LIST });
    expect(await rowOf(user)).toMatchObject({ revision: 2, entries: LIST });
    const beforeEdit = await call("PATCH", `/items/shopping_lists/${row}`, {
      token: user.token,
      body: { entries: emptied, revision: 2 },
    });
    expect(beforeEdit.errors?.[0]?.extensions?.code).toBe("RECORD_NOT_UNIQUE");
    expect(await rowOf(user)).toMatchObject({ revision: 2, entries: LIST });
  });

  it("is what keeps the site's changes: without the migration's rule, a write that read an old list is stored", async () => {
    const options = directusCliOptions();
    const user = await createUser(`einkauf-ohne-regel-${Date.now()}@example.org`);
    const created = await call("POST", "/items/shopping_lists", { token: user.token, body: { entries: LIST } });
    const row = (created.data as { id: number }).id;
    // Back to a database without the rule (ours is the newest migration) …
    await runDirectusCli(options, ["database", "migrate:down"]);
    try {
      const stale = await call("PATCH", `/items/shopping_lists/${row}`, {
        token: user.token,
        body: { entries: LIST, revision: 0 },
      });
      expect(stale.status).toBe(200);
    } finally {
      // … and forward again, as the next start does; never leave the shared Directus without it.
      await runDirectusCli(options, ["database", "migrate:latest"]);
    }
    const refused = await call("PATCH", `/items/shopping_lists/${row}`, {
      token: user.token,
      body: { entries: LIST, revision: 0 },
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe("RECORD_NOT_UNIQUE");
  });
});
