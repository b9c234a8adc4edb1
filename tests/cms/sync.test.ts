import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as forward, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPlatformProxy } from "wrangler";
import { type CatalogStore, readPointer } from "../../catalog/format/storage.ts";
import { GRACE_MS, KEEP_VERSIONS, type SyncSummary } from "../../catalog/sync/coordinator.ts";
import { type ContentSource, createDirectusSource } from "../../catalog/sync/directus-source.ts";
import { createCatalogCache } from "../../catalog/view/catalog-cache.server.ts";
import { readPublished, readWholeRecipes } from "../../catalog/view/published-catalog.ts";
import { searchRecipes } from "../../catalog/view/queries.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { admin, call, directusUrl } from "./directus-clients.ts";

type Fault = "none" | "slow" | "error-on-second-page" | "proxy-error" | "garbage" | "shrink";

let platform: Awaited<ReturnType<typeof getPlatformProxy<{ CATALOG: CatalogStore }>>>;
let persistDir: string;
let proxy: Server;
let proxyUrl: string;
let fault: Fault = "none";
const counts = { puts: 0, deletes: 0 };

/** The real local KV, with its writes counted. */
function countingStore(): CatalogStore {
  const kv = platform.env.CATALOG;
  return {
    get: kv.get.bind(kv),
    put: (key, value, options) => {
      counts.puts += 1;
      return kv.put(key, value, options);
    },
    delete: (key) => {
      counts.deletes += 1;
      return kv.delete(key);
    },
    list: kv.list.bind(kv),
  };
}

/**
 * Sits between the sync and the real Directus and breaks things on demand:
 * slow answers, a 5xx on the second request for recipes, a proxy's error page, a page that is not JSON,
 * or two thirds of the recipes missing (from the count and the pages).
 */
function startFaultProxy(target: URL): Promise<Server> {
  let recipePages = 0;
  const server = createServer((incoming, outgoing) => {
    const isRecipePage = incoming.url?.startsWith("/items/recipe") ?? false;
    if (isRecipePage) recipePages += 1;
    if (fault === "garbage" && isRecipePage) {
      outgoing.writeHead(200, { "content-type": "text/html" }).end("<html>Wartungsarbeiten</html>");
      return;
    }
    if (fault === "proxy-error" && isRecipePage) {
      outgoing.writeHead(502, { "content-type": "text/html" }).end("<html>502 Bad Gateway</html>");
      return;
    }
    if (fault === "error-on-second-page" && isRecipePage && recipePages >= 2) {
      outgoing.writeHead(502, { "content-type": "application/json" }).end('{"errors":[{"message":"Bad Gateway"}]}');
      return;
    }
    const upstream = forward(
      {
        hostname: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      async (response) => {
        const chunks: Buffer[] = [];
        for await (const chunk of response) chunks.push(chunk as Buffer);
        let body = Buffer.concat(chunks);
        if (fault === "shrink" && isRecipePage && incoming.url?.includes("aggregate")) {
          const json = JSON.parse(body.toString()) as { data: { count: { id: number } }[] };
          const counted = json.data[0]?.count;
          if (counted) counted.id = Math.ceil(Number(counted.id) / 3);
          body = Buffer.from(JSON.stringify(json));
        } else if (
          fault === "shrink" &&
          isRecipePage &&
          incoming.url?.includes("fields") &&
          response.statusCode === 200
        ) {
          const json = JSON.parse(body.toString()) as { data: { id: number }[] };
          const last = json.data.at(-1);
          json.data = json.data.filter((recipe, index) => index % 3 === 0 || recipe === last);
          body = Buffer.from(JSON.stringify(json));
        }
        if (fault === "slow") await new Promise((resolve) => setTimeout(resolve, SOURCE_TIMEOUT_MS + 1_000));
        const headers = { ...response.headers, "content-length": String(body.length) };
        outgoing.writeHead(response.statusCode ?? 502, headers).end(body);
      },
    );
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/**
 * How long the tests' source waits for one answer. Shorter than production's 15 s so that "slow" costs seconds,
 * but not so short that a slow answer of a Directus on two busy cores is taken for a fault: 1 s left a loaded CI
 * machine (where the browser tests run beside this stage) a margin of one second.
 */
const SOURCE_TIMEOUT_MS = 5_000;

function source(url = proxyUrl) {
  return createDirectusSource({ url, pageSize: 20, timeoutMs: SOURCE_TIMEOUT_MS });
}

/** What the coordinator reads next: Directus through the fault proxy, unless a test says otherwise. */
let nextSource: () => ContentSource = () => source();
let harness: ReturnType<typeof coordinatorHarness>;

/**
 * One sync through the catalog coordinator (its real code on node:sqlite,
 * the real local KV): its summary, or its failure thrown.
 */
async function sync(options: { url?: string; dryRun?: boolean; now?: Date } = {}): Promise<SyncSummary> {
  counts.puts = 0;
  counts.deletes = 0;
  if (options.now) harness.advance(Math.max(0, options.now.getTime() - harness.clock()));
  nextSource = () => source(options.url);
  const view = await harness.run(options.dryRun ? "dry-run" : "publish");
  if (!view.summary) throw new Error(view.error?.message ?? "sync failed");
  return view.summary;
}

beforeAll(async () => {
  persistDir = mkdtempSync(join(tmpdir(), "sync-kv-"));
  platform = await getPlatformProxy<{ CATALOG: CatalogStore }>({
    configPath: "wrangler.toml",
    persist: { path: persistDir },
  });
  proxy = await startFaultProxy(new URL(directusUrl()));
  const address = proxy.address();
  proxyUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  harness = coordinatorHarness({ store: countingStore(), source: () => nextSource(), start: Date.now() });
});

afterAll(async () => {
  await platform?.dispose();
  await new Promise((resolve) => proxy?.close(resolve));
  rmSync(persistDir, { recursive: true, force: true });
});

describe("catalog sync from Directus into KV", () => {
  it("publishes every published recipe and a working search index on the first run", async () => {
    const published = ((await call("GET", "/items/recipe?limit=-1&fields=id")).data as unknown[]).length;
    const summary = await sync();
    expect(summary.status).toBe("published");
    expect(summary.recipes).toBe(published);
    expect(summary.ingredients).toBeGreaterThanOrEqual(120);
    expect(summary.skipped).toEqual([]);
    expect(counts.puts).toBe(summary.writes);
    expect(counts.puts).toBeGreaterThanOrEqual(3);
    expect(summary.maxOperations).toBeGreaterThan(0);

    const pointer = await readPointer(platform.env.CATALOG);
    expect(pointer?.manifest).toBe(summary.manifest);
    const live = await readPublished(platform.env.CATALOG, summary.manifest);
    expect(live.count).toBe(published);
    // The published index itself, not one rebuilt from the recipes.
    expect(live.searchIndexBlobs()).not.toBeNull();
    const catalog = await createCatalogCache().get(platform.env.CATALOG);
    if (!catalog) throw new Error("nothing is live");
    const found = (await searchRecipes(catalog, "spatzle")).slice();
    const names = (await catalog.recipesAt(found.map((result) => result.position))).map((recipe) => recipe.name);
    expect(names).toContain("Käsespätzle aus der Pfanne");
    const recipes = await readWholeRecipes(live);

    // Servings and lines arrive as the seed wrote them, in order.
    const soup = recipes.find((recipe) => recipe.slug === "rote-linsen-suppe-mit-kokos");
    expect(soup?.servings).toBe(4);
    expect(soup?.ingredientLines.slice(0, 4)).toEqual([
      {
        name: "Rote Linsen",
        plural: null,
        wholePieces: false,
        amount: 200,
        amountMax: null,
        unit: "g",
        note: null,
        optional: false,
      },
      {
        name: "Zwiebel",
        plural: "Zwiebeln",
        wholePieces: false,
        amount: 1,
        amountMax: null,
        unit: null,
        note: null,
        optional: false,
      },
      {
        name: "Knoblauch",
        plural: null,
        wholePieces: false,
        amount: 2,
        amountMax: null,
        unit: "Zehe",
        note: null,
        optional: false,
      },
      {
        name: "Ingwer",
        plural: null,
        wholePieces: false,
        amount: 1,
        amountMax: null,
        unit: "Stück",
        note: "ca. 2 cm",
        optional: false,
      },
    ]);
    const shakshuka = recipes.find((recipe) => recipe.slug === "shakshuka");
    expect(shakshuka?.ingredientLines.find((line) => line.name === "Ei")).toMatchObject({
      plural: "Eier",
      wholePieces: true,
    });
    expect(soup?.ingredientLines.at(-1)).toEqual({
      name: "Koriander",
      plural: null,
      wholePieces: false,
      amount: 0.5,
      amountMax: null,
      unit: "Bund",
      note: "zum Bestreuen",
      optional: true,
    });
  });

  it("writes nothing when nothing changed, and nothing on a dry run", async () => {
    const summary = await sync();
    expect(summary.status).toBe("unchanged");
    expect(counts).toEqual({ puts: 0, deletes: 0 });
    const dry = await sync({ dryRun: true });
    expect(dry.status).toBe("unchanged");
    expect(counts).toEqual({ puts: 0, deletes: 0 });
  });

  it("publishes a new version after an edit, and keeps the old one readable", async () => {
    const before = await readPointer(platform.env.CATALOG);
    const client = await admin();
    const [recipe] = await client.request<{ id: number; name: string }[]>(
      "GET",
      "/items/recipe?filter[slug][_eq]=shakshuka&fields=id,name",
    );
    expect(recipe).toBeDefined();
    await client.request("PATCH", `/items/recipe/${recipe?.id}`, { name: "Shakshuka mit Feta" });
    try {
      const summary = await sync();
      expect(summary.status).toBe("published");
      expect(summary.changes).toEqual({
        added: [],
        removed: [],
        changed: ["shakshuka"],
        counts: { added: 0, removed: 0, changed: 1 },
      });
      expect(summary.manifest).not.toBe(before?.manifest);
      const live = await readPublished(platform.env.CATALOG, summary.manifest);
      expect((await readWholeRecipes(live)).find((entry) => entry.id === recipe?.id)?.name).toBe("Shakshuka mit Feta");
      const pointer = await readPointer(platform.env.CATALOG);
      expect(pointer?.retired.map((entry) => entry.manifest)).toContain(before?.manifest);
      expect(harness.coordinator.status().kept.map((entry) => entry.manifest)).toContain(before?.manifest);
      // Within the grace period the replaced version is still complete.
      await expect(readPublished(platform.env.CATALOG, before?.manifest ?? "")).resolves.toBeDefined();
    } finally {
      await client.request("PATCH", `/items/recipe/${recipe?.id}`, { name: recipe?.name });
    }
  });

  it("keeps replaced versions for a rollback, past the grace period too", async () => {
    // The edit above was undone in Directus: this publishes the original again
    // and retires the edited version.
    expect((await sync()).status).toBe("published");
    const kept = harness.coordinator.status().kept;
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(KEEP_VERSIONS);
    // Deleting versions beyond KEEP_VERSIONS is tested in tests/unit/coordinator.test.ts.
    const later = new Date(harness.clock() + GRACE_MS + 60_000);
    const summary = await sync({ now: later });
    await harness.settle(later.getTime());
    expect(counts.deletes).toBe(0);
    expect(harness.coordinator.status().kept).toEqual(kept);
    for (const entry of kept) await expect(readPublished(platform.env.CATALOG, entry.manifest)).resolves.toBeDefined();
    // The live version is untouched and complete.
    await expect(readPublished(platform.env.CATALOG, summary.manifest)).resolves.toBeDefined();
  });

  it("publishes a save made while a sync reads Directus with the next sync, not with the one under way", async () => {
    const client = await admin();
    const [recipe] = await client.request<{ id: number; name: string }[]>(
      "GET",
      "/items/recipe?filter[slug][_eq]=shakshuka&fields=id,name",
    );
    let saved: { id: number } | undefined;
    // After this sync has read the recipes, an editor renames one, and the save asks for a sync.
    nextSource = () => {
      const plain = source();
      return {
        ...plain,
        async countRecipes() {
          const counted = await plain.countRecipes();
          if (saved) return counted;
          await client.request("PATCH", `/items/recipe/${recipe?.id}`, { name: "Shakshuka, später gespeichert" });
          saved = await harness.request("publish");
          return counted;
        },
      };
    };
    try {
      const { id } = await harness.request("publish");
      const first = await harness.finish(id);
      expect(first.summary?.status).toBe("unchanged");
      expect(saved?.id).toBeGreaterThan(id);
      // The save's request waited for the next run, which read Directus after it.
      const second = await harness.finish(saved?.id ?? 0);
      expect(second.summary?.status).toBe("published");
      const live = await readPublished(platform.env.CATALOG, second.summary?.manifest ?? "");
      expect((await readWholeRecipes(live)).find((entry) => entry.id === recipe?.id)?.name).toBe(
        "Shakshuka, später gespeichert",
      );
    } finally {
      await client.request("PATCH", `/items/recipe/${recipe?.id}`, { name: recipe?.name });
      expect((await sync()).status).toBe("published");
    }
  });

  it("skips and reports a recipe that cannot be shown, and publishes the rest", async () => {
    const client = await admin();
    const type = (await call("GET", "/items/RecipeType?limit=1&fields=id")).data as { id: number }[];
    const broken = await client.request<{ id: number }>("POST", "/items/recipe", {
      status: "published",
      name: "Ohne Zutaten",
      slug: "ohne-zutaten",
      prepTime: 5,
      cookTime: 5,
      totalTime: 10,
      instructions: "Nichts.",
      type: type[0]?.id,
    });
    try {
      const summary = await sync();
      const skipped = summary.skipped.find((record) => record.id === broken.id);
      expect(skipped?.problems).toContain("ingredients is empty");
      expect(skipped?.problems).toContain("servings must be a whole number from 1 to 12, got null");
      const live = await readPublished(platform.env.CATALOG, summary.manifest);
      expect((await readWholeRecipes(live)).some((recipe) => recipe.slug === "ohne-zutaten")).toBe(false);
    } finally {
      await client.request("DELETE", `/items/recipe/${broken.id}`);
    }
  });

  it("carries a range an editor gives a line (Menge bis), and skips the recipe while its range does not go up", async () => {
    const client = await admin();
    const slug = "rote-linsen-suppe-mit-kokos";
    const [recipe] = await client.request<{ id: number }[]>("GET", `/items/recipe?filter[slug][_eq]=${slug}&fields=id`);
    const [row] = await client.request<{ id: number; amount: number; unit: string }[]>(
      "GET",
      `/items/recipe_ingredient?filter[recipe_id][_eq]=${recipe?.id}&filter[ingredient_id][name][_eq]=Knoblauch&fields=id,amount,unit`,
    );
    expect(row).toMatchObject({ amount: 2, unit: "Zehe" });
    // As the Data Studio's form saves a line: nested in an update of the recipe, which moves the recipe's
    // date_updated, what the sync reads changes by. A save of the line alone was read only while an earlier
    // test's change of the recipe lay within the read's two minutes of overlap, and a slow machine got past them.
    const saveLine = (fields: Record<string, unknown>) =>
      client.request("PATCH", `/items/recipe/${recipe?.id}`, {
        ingredients: { create: [], update: [{ id: row?.id, ...fields }], delete: [] },
      });
    try {
      await saveLine({ amount_max: 3 });
      const summary = await sync();
      expect(summary.changes).toEqual({
        added: [],
        removed: [],
        changed: [slug],
        counts: { added: 0, removed: 0, changed: 1 },
      });
      const live = await readPublished(platform.env.CATALOG, summary.manifest);
      const soup = (await readWholeRecipes(live)).find((entry) => entry.slug === slug);
      expect(soup?.ingredientLines.find((line) => line.name === "Knoblauch")).toEqual({
        name: "Knoblauch",
        plural: null,
        wholePieces: false,
        amount: 2,
        amountMax: 3,
        unit: "Zehe",
        note: null,
        optional: false,
      });

      // Directus takes any positive upper amount; the sync wants it above the amount.
      await saveLine({ amount_max: 1.5 });
      const refused = await sync();
      expect(refused.skipped.find((record) => record.id === recipe?.id)?.problems).toEqual([
        'ingredients "Knoblauch": amount_max 1.5 must be above amount 2',
      ]);
      expect(refused.changes?.removed).toEqual([slug]);
    } finally {
      await saveLine({ amount_max: null });
      expect((await sync()).status).toBe("published");
    }
  });

  describe("keeps the last good version when the CMS misbehaves", () => {
    const cases: [string, () => Promise<unknown>, RegExp][] = [
      ["Directus is down", () => sync({ url: "http://127.0.0.1:9" }), /failed/],
      [
        "an answer takes too long",
        async () => {
          fault = "slow";
          return sync();
        },
        /aborted|timeout|timed out/i,
      ],
      [
        "a 5xx arrives in the middle",
        async () => {
          fault = "error-on-second-page";
          return sync();
        },
        /Bad Gateway|502/,
      ],
      [
        "a proxy's error page arrives in place of Directus' answer",
        async () => {
          fault = "proxy-error";
          return sync();
        },
        /failed: HTTP 502/,
      ],
      [
        "a page is not JSON",
        async () => {
          fault = "garbage";
          return sync();
        },
        /directus/,
      ],
      [
        "two thirds of the recipes are gone",
        async () => {
          fault = "shrink";
          return sync();
        },
        /refusing to publish/,
      ],
    ];

    it.each(cases)("%s", async (_name, run, message) => {
      const before = await readPointer(platform.env.CATALOG);
      try {
        await expect(run()).rejects.toThrowError(message);
      } finally {
        fault = "none";
      }
      expect(counts).toEqual({ puts: 0, deletes: 0 });
      expect(await readPointer(platform.env.CATALOG)).toEqual(before);
    });
  });
});
