import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReadIngredientLine } from "../../catalog/ingredient-lines/read-line.ts";
import { RECIPE_IMAGES_FOLDER } from "../../cms/access-policies.ts";
import { adminWithToken, type DirectusAdmin } from "../../scripts/cms/directus-admin.ts";
import {
  connectImportTarget,
  type DirectusImportTarget,
  directusTarget,
  imageFileId,
  storedImportKey,
} from "../../scripts/import/directus-target.ts";
import type { ImportedRecipe, ImportReport, ReadOutcome } from "../../scripts/import/imported-recipe.ts";
import { type ImportEvent, importRecipes } from "../../scripts/import/run-import.ts";
import { LOCAL_ADMIN } from "../../scripts/local-stack/directus.ts";
import { admin, call, directusUrl } from "./directus-clients.ts";
import { body, type ImportServer, SEED_JPEG, startImportServer } from "./import-server.ts";

let server: ImportServer;
let client: DirectusAdmin;
let token: string;
let target: DirectusImportTarget;

beforeAll(async () => {
  server = await startImportServer();
  client = await admin();
  const login = await call("POST", "/auth/login", { body: LOCAL_ADMIN });
  token = (login.data as { access_token: string }).access_token;
  target = await connectImportTarget({ url: directusUrl(), token });
  await target.knownIngredients();
});

afterAll(async () => {
  await server.close();
});

let counter = 0;
/** A unique source for each recipe a test makes. */
function source(): string {
  counter += 1;
  return `https://rezepte.example/import-test/${counter}`;
}

function line(ingredient: string, overrides: Partial<ReadIngredientLine> = {}): ReadIngredientLine {
  return {
    ok: true,
    line: `1 ${ingredient}`,
    amount: 1,
    amountMax: null,
    unit: null,
    ingredient,
    known: true,
    note: null,
    optional: false,
    ...overrides,
  };
}

function recipe(overrides: Partial<ImportedRecipe> = {}): ImportedRecipe {
  const url = source();
  return {
    source: "test.ndjson:1",
    key: url,
    name: "Gurkensalat mit Dill",
    description: "Frisch und schnell.",
    cuisine: "Deutsch",
    servings: 2,
    prepMinutes: 10,
    cookMinutes: 0,
    totalMinutes: 10,
    category: "SALAD",
    vegetarian: true,
    vegan: false,
    sourceUrl: url,
    steps: ["Gurke hobeln.", "Mit Joghurt und Dill mischen."],
    imageUrl: null,
    ingredients: [
      line("Naturjoghurt", { line: "150–200 g Naturjoghurt", amount: 150, amountMax: 200, unit: "g" }),
      line("Zwiebel", { line: "1 kleine Zwiebel", note: "klein" }),
      line("Salz", { line: "Salz", amount: null }),
      line("Olivenöl", { line: "1 EL Olivenöl (nach Belieben)", unit: "EL", optional: true }),
    ],
    problems: [],
    ...overrides,
  };
}

interface Line {
  id: number;
  ingredient_id: { id: number; name: string; status: string };
  amount: number | null;
  amount_max: number | null;
  unit: string | null;
  note: string | null;
  sort: number;
}

interface Stored {
  id: number;
  status: string;
  name: string;
  slug: string;
  totalTime: number;
  servings: number | null;
  type: { name: string } | null;
  image: { id: string; folder: string; type: string; filesize: number } | null;
  instructionList: { instruction: string }[] | null;
  recipeUrl: string | null;
  import_key: string | null;
  import_problems: string | null;
  import_hash: string | null;
  ingredients: Line[];
  optionalIngredients: Line[];
}

const LINE = "id,ingredient_id.id,ingredient_id.name,ingredient_id.status,amount,amount_max,unit,note,sort";
const FIELDS = [
  "id,status,name,slug,totalTime,servings,type.name,image.id,image.folder,image.type,image.filesize",
  "instructionList,recipeUrl,import_key,import_problems,import_hash",
  ...LINE.split(",").map((field) => `ingredients.${field}`),
  ...LINE.split(",").map((field) => `optionalIngredients.${field}`),
].join(",");

async function stored(id: number): Promise<Stored> {
  return client.request<Stored>("GET", `/items/recipe/${id}?fields=${FIELDS}`);
}

async function byKey(key: string): Promise<Stored[]> {
  const filter = encodeURIComponent(JSON.stringify({ import_key: { _eq: storedImportKey(key) } }));
  return client.request<Stored[]>("GET", `/items/recipe?fields=${FIELDS}&filter=${filter}`);
}

async function count(collection: string): Promise<number> {
  const [row] = await client.request<{ count: number | string }[]>(
    "GET",
    `/${collection.startsWith("directus_") ? collection.slice("directus_".length) : `items/${collection}`}?aggregate[count]=*`,
  );
  return Number(row?.count);
}

async function counts() {
  return {
    recipes: await count("recipe"),
    lines: await count("recipe_ingredient"),
    optionalLines: await count("recipe_optional_ingredient"),
    ingredients: await count("ingredient"),
    files: await count("directus_files"),
  };
}

const lines = (list: Line[]) =>
  [...list]
    .sort((a, b) => a.sort - b.sort)
    .map((row) => ({
      ingredient: row.ingredient_id.name,
      amount: row.amount,
      amountMax: row.amount_max,
      unit: row.unit,
      note: row.note,
      sort: row.sort,
    }));

describe("npm run import: the Directus target", () => {
  it("writes a recipe as a draft with its lines, import key and checksum", async () => {
    const imported = recipe();
    const result = await target.write(imported);
    expect(result).toEqual({ outcome: "created", id: expect.any(Number), problems: [] });

    const draft = await stored(result.id);
    expect(draft).toMatchObject({
      status: "draft",
      name: "Gurkensalat mit Dill",
      totalTime: 10,
      servings: 2,
      type: { name: "SALAD" },
      image: null,
      instructionList: [{ instruction: "Gurke hobeln." }, { instruction: "Mit Joghurt und Dill mischen." }],
      recipeUrl: imported.sourceUrl,
      import_key: imported.key,
      import_problems: null,
    });
    expect(draft.slug).toMatch(/^gurkensalat-mit-dill(-\d+)?$/);
    expect(draft.import_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(lines(draft.ingredients)).toEqual([
      { ingredient: "Naturjoghurt", amount: 150, amountMax: 200, unit: "g", note: null, sort: 1 },
      { ingredient: "Zwiebel", amount: 1, amountMax: null, unit: null, note: "klein", sort: 2 },
      { ingredient: "Salz", amount: null, amountMax: null, unit: null, note: null, sort: 3 },
    ]);
    expect(lines(draft.optionalIngredients)).toEqual([
      { ingredient: "Olivenöl", amount: 1, amountMax: null, unit: "EL", note: null, sort: 1 },
    ]);
  });

  it("keeps the import's private fields and the draft from the public", async () => {
    const result = await target.write(recipe());
    const anonymous = await call("GET", `/items/recipe/${result.id}`);
    expect(anonymous.status).toBe(403);
  });

  it("proposes an unknown ingredient as a draft once, and every later recipe reuses it whatever its case", async () => {
    const before = await counts();
    const first = await target.write(
      recipe({ ingredients: [line("Drachenfruchtpulver", { known: false }), line("Salz", { amount: null })] }),
    );
    const second = await target.write(
      recipe({
        ingredients: [
          line("drachenfruchtpulver", { known: false }),
          line("DRACHENFRUCHTPULVER", { known: false, optional: true }),
        ],
      }),
    );
    expect((await counts()).ingredients).toBe(before.ingredients + 1);
    const [a, b] = [await stored(first.id), await stored(second.id)];
    const proposed = a.ingredients.find((row) => row.ingredient_id.name === "Drachenfruchtpulver")?.ingredient_id;
    expect(proposed?.status).toBe("draft");
    expect(b.ingredients[0]?.ingredient_id.id).toBe(proposed?.id);
    expect(b.optionalIngredients[0]?.ingredient_id.id).toBe(proposed?.id);
    // The public does not see it; an editor confirms it ("Vorschlag" → "Bestätigt").
    expect((await call("GET", `/items/ingredient/${proposed?.id}`)).status).toBe(403);

    // A later run (a new target) knows it as proposed, not confirmed, and reuses it too.
    const later = await connectImportTarget({ url: directusUrl(), token });
    const known = await later.knownIngredients();
    expect(known.find((fact) => fact.id === proposed?.id)).toMatchObject({ confirmed: false });
    expect(known.find((fact) => fact.name === "Salz")).toMatchObject({ confirmed: true });
    const third = await later.write(recipe({ ingredients: [line("Drachenfruchtpulver", { known: true })] }));
    expect((await stored(third.id)).ingredients[0]?.ingredient_id.id).toBe(proposed?.id);
    expect((await counts()).ingredients).toBe(before.ingredients + 1);
  });

  it("downloads the image into the recipe images folder, following a redirect", async () => {
    const result = await target.write(recipe({ imageUrl: `${server.url}/umleitung.jpg` }));
    expect(result.problems).toEqual([]);
    const draft = await stored(result.id);
    expect(draft.image).toMatchObject({
      folder: RECIPE_IMAGES_FOLDER.id,
      type: "image/jpeg",
      filesize: SEED_JPEG.byteLength,
    });
    const asset = await fetch(`${directusUrl()}/assets/${draft.image?.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Buffer.from(await asset.arrayBuffer()).equals(SEED_JPEG)).toBe(true);
  });

  it.each([
    ["/fehlt.jpg", "der Server antwortet 404"],
    ["/seite.jpg", "der Inhalt ist kein Bild"],
    ["/gross.jpg", "größer als 10 MB"],
    ["/nach-javascript.jpg", "nur http- und https-Adressen"],
  ])("imports the recipe without image when %s cannot be had, and says why", async (path, reason) => {
    const before = await count("directus_files");
    const result = await target.write(recipe({ imageUrl: `${server.url}${path}` }));
    expect(result.outcome).toBe("created");
    expect(result.problems).toEqual([expect.stringContaining(reason)]);
    const draft = await stored(result.id);
    expect(draft.image).toBeNull();
    expect(draft.import_problems).toContain(reason);
    expect(await count("directus_files")).toBe(before);
  });

  it("stores every problem, the reader's and its own, one per line", async () => {
    const result = await target.write(
      recipe({
        totalMinutes: 45,
        prepMinutes: 15,
        cookMinutes: 40,
        problems: ["Zeile „eine Prise Glück“ nicht gelesen."],
      }),
    );
    const draft = await stored(result.id);
    expect(draft.totalTime).toBe(30);
    expect(draft.import_problems?.split("\n")).toEqual([
      "Zeile „eine Prise Glück“ nicht gelesen.",
      expect.stringContaining("Kochzeit laut Quelle 40 Minuten"),
      expect.stringContaining("Als Gesamtzeit sind 30 Minuten eingetragen"),
    ]);
    expect(result.problems).toHaveLength(2);
  });

  it("never takes the slug of an editor's own recipe", async () => {
    const editors = await client.request<{ id: number; slug: string }>("POST", "/items/recipe?fields=id,slug", {
      status: "draft",
      name: "Eigene Linsensuppe",
      slug: "eigene-linsensuppe",
      prepTime: 5,
      cookTime: 20,
      totalTime: 25,
    });
    const result = await target.write(recipe({ name: "Eigene Linsensuppe" }));
    expect((await stored(result.id)).slug).toBe("eigene-linsensuppe-2");
    expect((await stored(editors.id)).slug).toBe("eigene-linsensuppe");
    expect((await stored(editors.id)).import_key).toBeNull();
  });

  it("stores a key longer than the field as its checksum and finds it again", async () => {
    const imported = recipe({ key: `https://rezepte.example/${"sehr-lang/".repeat(40)}` });
    const first = await target.write(imported);
    expect((await stored(first.id)).import_key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await target.write(imported)).toMatchObject({ outcome: "unchanged", id: first.id });
  });

  it("leaves the category, servings, times and source address to the editor where the source gives none", async () => {
    const result = await target.write(
      recipe({
        category: null,
        servings: null,
        prepMinutes: null,
        cookMinutes: null,
        totalMinutes: null,
        sourceUrl: null,
      }),
    );
    const draft = await stored(result.id);
    expect(draft).toMatchObject({ type: null, servings: null, totalTime: 30, recipeUrl: null });
    expect(result.problems).toEqual(["Als Gesamtzeit sind vorläufig 30 Minuten eingetragen."]);
  });

  describe("a second run", () => {
    it("changes nothing when the source is unchanged, and downloads no image again", async () => {
      const imported = recipe({
        imageUrl: `${server.url}/bild.jpg`,
        ingredients: [line("Sternfruchtsirup", { known: false }), line("Zwiebel")],
      });
      const first = await target.write(imported);
      const before = { counts: await counts(), draft: await stored(first.id), hits: server.hits.get("/bild.jpg") };
      const again = await connectImportTarget({ url: directusUrl(), token });
      await again.knownIngredients();
      expect(
        await again.write({ ...imported, ingredients: imported.ingredients.map((row) => ({ ...row, known: true })) }),
      ).toEqual({
        outcome: "unchanged",
        id: first.id,
        problems: [],
      });
      expect(await counts()).toEqual(before.counts);
      expect(await stored(first.id)).toEqual(before.draft);
      expect(server.hits.get("/bild.jpg")).toBe(before.hits);
    });

    it("replaces the fields and lines of an untouched draft when the source changed", async () => {
      const imported = recipe();
      const first = await target.write(imported);
      const before = await counts();
      const changed = {
        ...imported,
        name: "Gurkensalat mit Dill und Minze",
        ingredients: [line("Naturjoghurt", { amount: 200, unit: "g" }), line("Minze", { known: false })],
      };
      expect(await target.write(changed)).toEqual({ outcome: "updated", id: first.id, problems: [] });
      const draft = await stored(first.id);
      expect(draft.name).toBe("Gurkensalat mit Dill und Minze");
      expect(lines(draft.ingredients).map((row) => row.ingredient)).toEqual(["Naturjoghurt", "Minze"]);
      expect(draft.optionalIngredients).toEqual([]);
      const after = await counts();
      expect(after.recipes).toBe(before.recipes);
      expect(after.lines).toBe(before.lines - 1);
      expect(after.optionalLines).toBe(before.optionalLines - 1);
      expect(await target.write(changed)).toMatchObject({ outcome: "unchanged" });
    });

    it("sends nothing when only what to check differs, and leaves a checked (cleared) list cleared", async () => {
      const imported = recipe({ problems: ["Neue Zutat vorgeschlagen: Yuzusaft; bitte prüfen."] });
      const first = await target.write(imported);
      const again = { ...imported, problems: ["Noch nicht bestätigte Zutat aus einem früheren Import: Yuzusaft."] };
      expect(await target.write(again)).toMatchObject({ outcome: "unchanged" });
      expect((await stored(first.id)).import_problems).toBe("Neue Zutat vorgeschlagen: Yuzusaft; bitte prüfen.");
      await client.request("PATCH", `/items/recipe/${first.id}`, { import_problems: null });
      expect(await target.write(again)).toMatchObject({ outcome: "unchanged" });
      expect((await stored(first.id)).import_problems).toBeNull();
      // New content brings its notes back.
      expect(await target.write({ ...again, name: "Gurkensalat neu" })).toMatchObject({ outcome: "updated" });
      expect((await stored(first.id)).import_problems).toContain("Yuzusaft");
    });

    it("keeps a draft an editor changed, untouched", async () => {
      const imported = recipe();
      const first = await target.write(imported);
      await client.request("PATCH", `/items/recipe/${first.id}`, { description: "Von der Redaktion überarbeitet." });
      const edited = await stored(first.id);
      expect(await target.write({ ...imported, name: "Anderer Name" })).toEqual({
        outcome: "kept",
        id: first.id,
        problems: [],
      });
      expect(await stored(first.id)).toEqual(edited);
    });

    it("keeps a draft whose lines an editor changed", async () => {
      const imported = recipe();
      const first = await target.write(imported);
      const row = (await stored(first.id)).ingredients[0];
      await client.request("PATCH", `/items/recipe_ingredient/${row?.id}`, { note: "griechisch" });
      expect(await target.write(imported)).toMatchObject({ outcome: "kept" });
    });

    it("keeps a recipe an editor published, untouched", async () => {
      const imported = recipe();
      const first = await target.write(imported);
      await client.request("PATCH", `/items/recipe/${first.id}`, { status: "published" });
      const published = await stored(first.id);
      expect(await target.write({ ...imported, totalMinutes: 12 })).toMatchObject({ outcome: "kept" });
      expect(await stored(first.id)).toEqual(published);
    });

    it("fetches the image again when its address changed, and removes the file it replaced", async () => {
      server.serve("/zweites-bild.jpg", (_request, response) => {
        response.writeHead(200, { "content-type": "image/jpeg" }).end(SEED_JPEG);
      });
      const imported = recipe({ imageUrl: `${server.url}/bild.jpg` });
      const first = await target.write(imported);
      const oldImage = (await stored(first.id)).image?.id;
      const files = await count("directus_files");
      expect(await target.write({ ...imported, imageUrl: `${server.url}/zweites-bild.jpg` })).toMatchObject({
        outcome: "updated",
      });
      expect((await stored(first.id)).image?.id).toBe(imageFileId(imported.key, `${server.url}/zweites-bild.jpg`));
      expect(await count("directus_files")).toBe(files);
      expect((await call("GET", `/files/${oldImage}`, { token })).status).toBe(403);
    });
  });

  describe("one request or nothing", () => {
    it("leaves no recipe, no line, no proposed ingredient and no image when Directus refuses a line", async () => {
      const before = await counts();
      const imported = recipe({
        imageUrl: `${server.url}/bild.jpg`,
        ingredients: [
          line("Zwiebel"),
          line("Kaktusfeige", { known: false }),
          // Not one of the units the schema allows: the last line fails after the others were inserted.
          line("Zucker", { unit: "Tasse" as ReadIngredientLine["unit"] }),
        ],
      });
      await expect(target.write(imported)).rejects.toThrow(/unit/i);
      expect(await byKey(imported.key)).toEqual([]);
      expect(await counts()).toEqual(before);
      expect((await target.knownIngredients()).some((fact) => fact.name === "Kaktusfeige")).toBe(false);
    });

    it("leaves a draft as it was when Directus refuses its update", async () => {
      const imported = recipe();
      const first = await target.write(imported);
      const before = { draft: await stored(first.id), counts: await counts() };
      const refused = {
        ...imported,
        name: "Neuer Name",
        ingredients: [line("Zwiebel"), line("Zucker", { unit: "Tasse" as ReadIngredientLine["unit"] })],
      };
      await expect(target.write(refused)).rejects.toThrow(/unit/i);
      expect(await stored(first.id)).toEqual(before.draft);
      expect(await counts()).toEqual(before.counts);
      expect(await target.write(imported)).toMatchObject({ outcome: "unchanged" });
    });

    it("rolls back a recipe whose required lines were written when an optional line fails", async () => {
      const before = await counts();
      const imported = recipe({
        ingredients: [
          line("Zwiebel"),
          line("Salz", { amount: null }),
          line("Zucker", { optional: true, unit: "Tasse" as ReadIngredientLine["unit"] }),
        ],
      });
      await expect(target.write(imported)).rejects.toThrow(/unit/i);
      expect(await byKey(imported.key)).toEqual([]);
      expect(await counts()).toEqual(before);
    });
  });
});

/** Runs `npm run import`'s script as a child process; DIRECTUS_TOKEN only where given. */
function runImport(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const { DIRECTUS_TOKEN: _inherited, ...inherited } = process.env;
    const child = spawn(process.execPath, ["scripts/operations/import.ts", ...args], {
      env: { ...inherited, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A schema.org recipe as a recipe site's JSON-LD has it. */
function schemaRecipe(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name,
    url: `${source()}-${name.toLowerCase().replace(/\W+/g, "-")}`,
    description: "Schnell gemacht.",
    recipeYield: "2 Portionen",
    totalTime: "PT20M",
    recipeCategory: "Hauptgericht",
    recipeIngredient: ["200 g Spaghetti", "1 Zwiebel", "2 EL Olivenöl", "Salz"],
    recipeInstructions: [{ "@type": "HowToStep", text: "Nudeln kochen." }],
    ...overrides,
  };
}

describe("npm run import: the loop", () => {
  it("skips a recipe Directus refuses, with the reason, and writes the others", async () => {
    async function* outcomes(): AsyncIterable<ReadOutcome> {
      yield { recipe: recipe({ name: "Vorher" }) };
      yield {
        recipe: recipe({
          name: "Abgelehnt",
          ingredients: [line("Zucker", { unit: "Tasse" as ReadIngredientLine["unit"] })],
        }),
      };
      yield { skipped: { source: "kaputt.json", reason: "Kein gültiges JSON" } };
      yield { recipe: recipe({ name: "Nachher" }) };
    }
    const events: ImportEvent[] = [];
    const counts = await importRecipes(outcomes(), target, (event) => events.push(event));
    expect(counts).toEqual({ read: 3, created: 2, updated: 0, unchanged: 0, kept: 0, skipped: 2 });
    expect(events.filter((event) => event.kind === "skipped").map((event) => event.skipped.reason)).toEqual([
      expect.stringMatching(/^Directus hat „Abgelehnt“ nicht angenommen: 400 .*unit/),
      "Kein gültiges JSON",
    ]);
  });

  it("ends the run when Directus cannot be reached", async () => {
    async function* outcomes(): AsyncIterable<ReadOutcome> {
      yield { recipe: recipe() };
      yield { recipe: recipe() };
    }
    const nowhere = directusTarget(adminWithToken("http://127.0.0.1:9", token));
    const events: ImportEvent[] = [];
    await expect(importRecipes(outcomes(), nowhere, (event) => events.push(event))).rejects.toThrow();
    expect(events).toEqual([]);
  });
});

describe("npm run import: the command", () => {
  let folder: string;
  const withToken = () => ({ DIRECTUS_TOKEN: token });
  const cms = () => ["--url", directusUrl()];

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "import-test-"));
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  function ndjson(name: string, documents: (Record<string, unknown> | string)[]): string {
    const file = join(folder, name);
    writeFileSync(
      file,
      documents.map((document) => (typeof document === "string" ? document : JSON.stringify(document))).join("\n"),
    );
    return file;
  }

  it.each([
    [[], "name at least one file"],
    [["--frisch", "x.ndjson"], "--frisch"],
    [["--token", "geheim", "x.ndjson"], "DIRECTUS_TOKEN"],
    [["--token=geheim", "x.ndjson"], "DIRECTUS_TOKEN"],
    [["--url", "ftp://cms.example", "x.ndjson"], "http(s)"],
    [["--url", "http://cms.example", "x.ndjson"], "https only"],
    [["--url", "kein-ort", "x.ndjson"], "not an address"],
  ])("refuses %j as a usage error (exit 2)", async (args, message) => {
    const { code, stdout, stderr } = await runImport(args, withToken());
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(message);
    expect(stderr).toContain("usage: npm run import");
  });

  it("refuses --url without DIRECTUS_TOKEN (exit 2)", async () => {
    const { code, stderr } = await runImport([...cms(), "x.ndjson"]);
    expect(code).toBe(2);
    expect(stderr).toContain("DIRECTUS_TOKEN");
  });

  it("--dry-run --json prints exactly one JSON object, the report, and writes nothing", async () => {
    const file = ndjson("trocken.ndjson", [schemaRecipe("Trockene Nudeln"), "{ kaputt", schemaRecipe("Zweite Nudeln")]);
    const before = await counts();
    const { code, stdout, stderr } = await runImport(["--dry-run", "--json", ...cms(), file], withToken());
    expect(stdout.endsWith("}\n")).toBe(true);
    expect(stdout.trim().split("\n")).toHaveLength(1);
    const report = JSON.parse(stdout) as ImportReport;
    expect(Object.keys(report).sort()).toEqual(["recipes", "skipped"]);
    expect(report.recipes.map((entry) => entry.name)).toEqual(["Trockene Nudeln", "Zweite Nudeln"]);
    expect(report.recipes[0]?.ingredients[0]).toMatchObject({
      line: "200 g Spaghetti",
      ingredient: "Spaghetti",
      known: true,
    });
    expect(report.skipped).toEqual([{ source: expect.stringContaining("trocken.ndjson"), reason: expect.any(String) }]);
    expect(stderr).toContain("dry run");
    expect(code).toBe(1);
    expect(await counts()).toEqual(before);
  });

  it("imports a file (exit 0), and a second run changes nothing", async () => {
    const file = ndjson("gut.ndjson", [schemaRecipe("Erste Pasta"), schemaRecipe("Zweite Pasta")]);
    const first = await runImport([...cms(), file], withToken());
    expect(first.stderr).not.toContain("import: import:");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/created\s+2\b/);
    const before = await counts();
    const second = await runImport([...cms(), file], withToken());
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/unchanged\s+2\b/);
    expect(second.stdout).toMatch(/created\s+0\b/);
    expect(await counts()).toEqual(before);
  });

  it("skips what cannot be read, names it, imports the rest (exit 1)", async () => {
    const file = ndjson("gemischt.ndjson", [
      schemaRecipe("Gute Suppe"),
      '{"name": "ohne Ende"',
      schemaRecipe("Noch eine Suppe"),
    ]);
    const { code, stdout } = await runImport([...cms(), file], withToken());
    expect(code).toBe(1);
    expect(stdout).toMatch(/created\s+2\b/);
    expect(stdout).toMatch(/skipped\s+1\b/);
    expect(stdout).toContain("gemischt.ndjson:2");
  });
  it("skips every input it cannot use, with its reason, stores markup as plain text, and goes on (exit 1)", async () => {
    const page = (jsonLd: unknown) =>
      // As pages write it: "</" escaped, or the markup in the texts would end the script element.
      `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(jsonLd).replaceAll("</", "<\\/")}</script></head><body></body></html>`;
    const address = `${server.url}/rezept-mit-markup.html`;
    server.serve(
      "/rezept-mit-markup.html",
      body(
        "text/html; charset=utf-8",
        page(
          schemaRecipe("Tomatensuppe <b>fein</b><script>alert(1)</script>", {
            url: address,
            description: "Cremig &amp; schnell <img src=x onerror=alert(1)>",
            recipeInstructions: [{ "@type": "HowToStep", text: "<p>Tomaten <script>alert(2)</script>kochen.</p>" }],
            image: "javascript:alert(1)",
          }),
        ),
      ),
    );
    server.serve("/ohne-rezept.html", body("text/html", "<html><body>Kein Rezept hier.</body></html>"));
    server.serve("/gross.json", body("application/json", `{"name": "${"x".repeat(11 * 1024 * 1024)}"}`));
    const file = (name: string, content: string) => {
      writeFileSync(join(folder, name), content);
      return join(folder, name);
    };
    const inputs = [
      file("kaputt.json", '{"@type": "Recipe", "name": '),
      file("ohne-name.json", JSON.stringify(schemaRecipe("", { name: undefined }))),
      file("ohne-zutaten.json", JSON.stringify(schemaRecipe("Leere Suppe", { recipeIngredient: [] }))),
      `${server.url}/ohne-rezept.html`,
      `${server.url}/fehlt.html`,
      `${server.url}/gross.json`,
      "javascript:alert(1)",
      "data:application/json,{}",
      address,
    ];
    const before = await counts();
    const { code, stdout } = await runImport(["--json", ...cms(), ...inputs], withToken());
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as ImportReport;
    expect(report.skipped).toHaveLength(inputs.length - 1);
    for (const skipped of report.skipped) expect(skipped.reason.length).toBeGreaterThan(5);
    for (const input of inputs.slice(0, -1)) {
      expect(report.skipped.some((skipped) => skipped.source.includes(input.split("/").pop() ?? input))).toBe(true);
    }
    // Invalid JSON is named with where it broke.
    expect(report.skipped.find((skipped) => skipped.source.includes("kaputt.json"))?.reason).toMatch(/\d/);

    expect(report.recipes).toHaveLength(1);
    expect((await counts()).recipes).toBe(before.recipes + 1);
    const [draft] = await byKey(address);
    expect(draft?.status).toBe("draft");
    const texts = [draft?.name, ...(draft?.instructionList ?? []).map((step) => step.instruction)];
    const description = await client.request<{ description: string }>(
      "GET",
      `/items/recipe/${draft?.id}?fields=description`,
    );
    for (const text of [...texts, description.description]) {
      expect(text).not.toMatch(/[<>]|script|alert|onerror/);
    }
    expect(draft?.name).toContain("Tomatensuppe");
    expect(description.description).toContain("Cremig & schnell");
    expect(draft?.image).toBeNull();
  });
});
