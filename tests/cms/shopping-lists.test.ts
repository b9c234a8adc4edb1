/**
 * The shopping list's collection on a real Directus (decision 0041): each
 * user reads, creates and changes only their own row, which Directus ties to
 * them; nobody gets a second row; anonymous visitors get nothing of it. A
 * change is stored only as the revision after the one it read
 * (cms/migrations/20261127A-shopping-list-revision.js), so the site's changes
 * made at the same moment are all stored, or refused out loud.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { directusOrigin } from "../../app/lib/directus/directus-origin.ts";
import {
  CHANGE_ATTEMPTS,
  changeAccountList,
  readAccountList,
  ShoppingListBusyError,
} from "../../app/lib/directus/shopping-list-api.server.ts";
import { userApi } from "../../app/lib/directus/user-api.server.ts";
import { lineKeyOf } from "../../app/lib/shopping-list/combine.ts";
import type { ShoppingEntry } from "../../app/lib/shopping-list/stored-list.ts";
import { runDirectusCli } from "../../scripts/local-stack/directus.ts";
import {
  admin,
  call,
  createUser,
  directusCliOptions,
  directusUrl,
  sessionToken,
  type TestUser,
  undoMigration,
} from "./directus-clients.ts";

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

/** One recipe's lines of distinct ingredients, so that each is a line of its own on the page. */
function recipeEntries(recipe: string, count: number): ShoppingEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    recipe,
    recipeName: `Rezept ${recipe}`,
    name: `Zutat ${recipe} ${index}`,
    plural: null,
    amount: index + 1,
    unit: "g" as const,
    done: false,
  }));
}

/** The site's calls for `user`, with a session of their own (each tab or device of a visitor is one). */
async function siteFor(user: TestUser) {
  return userApi(directusOrigin(directusUrl(), null), await sessionToken(user), undefined);
}

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
    // Back to a database without the rule …
    await undoMigration("20261127A");
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

describe("the site's changes at the same moment (two tabs, phone and laptop)", () => {
  it(`stores all of ${CHANGE_ATTEMPTS} first adds at once, each recipe whole, in one row`, async () => {
    const user = await createUser(`einkauf-zugleich-neu-${Date.now()}@example.org`);
    const tabs = await Promise.all(Array.from({ length: CHANGE_ATTEMPTS }, () => siteFor(user)));
    const recipes = tabs.map((_, index) => recipeEntries(`rezept-${index}`, 3));
    await Promise.all(tabs.map((tab, index) => changeAccountList(tab, { kind: "add", entries: recipes[index] ?? [] })));
    const stored = await readAccountList(tabs[0] ?? (await siteFor(user)));
    expect(stored.entries).toHaveLength(CHANGE_ATTEMPTS * 3);
    expect(new Set(stored.entries.map((entry) => entry.recipe))).toEqual(
      new Set(recipes.map((entries) => entries[0]?.recipe)),
    );
  });

  it(`stores every one of ${CHANGE_ATTEMPTS} changes posted at once: ticks, a removal and an add, round after round`, async () => {
    const user = await createUser(`einkauf-zugleich-${Date.now()}@example.org`);
    const tabs = await Promise.all(Array.from({ length: CHANGE_ATTEMPTS }, () => siteFor(user)));
    const first = tabs[0] ?? (await siteFor(user));
    for (let round = 0; round < 3; round += 1) {
      const lines = recipeEntries(`runde-${round}`, CHANGE_ATTEMPTS);
      await changeAccountList(first, { kind: "add", entries: lines });
      const keys = lines.map(lineKeyOf);
      const extra = recipeEntries(`dazu-${round}`, 2);
      // Tab 0 removes line 0, tab 1 adds a recipe, the others tick a line each; all at the same moment.
      await Promise.all(
        tabs.map((tab, index) =>
          changeAccountList(
            tab,
            index === 0
              ? { kind: "remove", line: keys[0] ?? "" }
              : index === 1
                ? { kind: "add", entries: extra }
                : { kind: "tick", line: keys[index] ?? "", done: true },
          ),
        ),
      );
      const stored = (await readAccountList(first)).entries;
      const thisRound = stored.filter((entry) => entry.recipe === `runde-${round}`);
      expect(thisRound.map((entry) => entry.name)).toEqual(lines.slice(1).map((entry) => entry.name));
      expect(thisRound.map((entry) => entry.done)).toEqual(lines.slice(1).map((_, index) => index >= 1));
      expect(stored.filter((entry) => entry.recipe === `dazu-${round}`)).toHaveLength(2);
    }
  });

  it("with more at once than it tries, each change is stored or refused with ShoppingListBusyError; none is lost", async () => {
    const user = await createUser(`einkauf-ansturm-${Date.now()}@example.org`);
    const count = CHANGE_ATTEMPTS * 3;
    const tabs = await Promise.all(Array.from({ length: count }, () => siteFor(user)));
    const lines = recipeEntries("ansturm", count);
    const keys = lines.map(lineKeyOf);
    const first = tabs[0] ?? (await siteFor(user));
    await changeAccountList(first, { kind: "add", entries: lines });
    const outcomes = await Promise.allSettled(
      tabs.map((tab, index) => changeAccountList(tab, { kind: "tick", line: keys[index] ?? "", done: true })),
    );
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(ShoppingListBusyError);
    }
    const ticked = (await readAccountList(first)).entries.map((entry) => entry.done);
    // Exactly the changes that were answered as stored are in the list.
    expect(ticked).toEqual(outcomes.map((outcome) => outcome.status === "fulfilled"));
    // A change refused CHANGE_ATTEMPTS times met as many stored ones.
    expect(ticked.filter(Boolean).length).toBeGreaterThanOrEqual(CHANGE_ATTEMPTS);
    // The add made the row (revision 0); each stored tick counted once.
    expect((await rowOf(user)).revision).toBe(ticked.filter(Boolean).length);
  });
});
