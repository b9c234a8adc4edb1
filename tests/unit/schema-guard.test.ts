import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dropRefusal, main, parseDropAllowList, type Snapshot, schemaDrops } from "../../cms/ops/schema-guard.mjs";

const schema = (collections: string[], fields: string[], relations: string[] = []): Snapshot => ({
  collections: collections.map((collection) => ({ collection })),
  fields: fields.map((name) => {
    const [collection = "", field = ""] = name.split(".");
    return { collection, field };
  }),
  relations: relations.map((name) => {
    const [collection = "", field = ""] = name.split(".");
    return { collection, field };
  }),
});

const TARGET = schema(["recipe", "ingredient"], ["recipe.id", "recipe.name", "ingredient.id"], ["recipe.type"]);

describe("schemaDrops", () => {
  it.each([
    ["the same schema", TARGET, { collections: [], fields: [], relations: [] }],
    [
      "a field an editor added",
      schema(["recipe", "ingredient"], ["recipe.id", "recipe.name", "recipe.note", "ingredient.id"], ["recipe.type"]),
      { collections: [], fields: ["recipe.note"], relations: [] },
    ],
    [
      "a collection an editor added, with its fields and a relation: only the collection is named",
      schema(
        ["recipe", "ingredient", "notes"],
        ["recipe.id", "recipe.name", "ingredient.id", "notes.id", "notes.recipe"],
        ["recipe.type", "notes.recipe"],
      ),
      { collections: ["notes"], fields: [], relations: [] },
    ],
    [
      "a relation on a field that stays",
      schema(["recipe", "ingredient"], ["recipe.id", "recipe.name", "ingredient.id"], ["recipe.type", "recipe.name"]),
      { collections: [], fields: [], relations: ["recipe.name"] },
    ],
    [
      "a relation on a field that goes: only the field is named",
      schema(
        ["recipe", "ingredient"],
        ["recipe.id", "recipe.name", "recipe.owner", "ingredient.id"],
        ["recipe.type", "recipe.owner"],
      ),
      { collections: [], fields: ["recipe.owner"], relations: [] },
    ],
    [
      "what the snapshot adds is no deletion",
      schema(["recipe"], ["recipe.id"]),
      { collections: [], fields: [], relations: [] },
    ],
  ])("%s", (_name, live, expected) => {
    expect(schemaDrops(live, TARGET)).toEqual(expected);
  });

  const names = fc.constantFrom("recipe", "ingredient", "notes", "tags");
  const fieldNames = fc.constantFrom("id", "name", "note", "owner");
  const snapshots = fc
    .record({
      collections: fc.uniqueArray(names, { maxLength: 4 }),
      fields: fc.uniqueArray(fc.tuple(names, fieldNames), { maxLength: 10, selector: ([c, f]) => `${c}.${f}` }),
      relations: fc.uniqueArray(fc.tuple(names, fieldNames), { maxLength: 5, selector: ([c, f]) => `${c}.${f}` }),
    })
    .map(({ collections, fields, relations }) =>
      schema(
        collections,
        fields.map(([c, f]) => `${c}.${f}`),
        relations.map(([c, f]) => `${c}.${f}`),
      ),
    );

  it("names nothing the snapshot has, and accounts for everything it lacks", () => {
    fc.assert(
      fc.property(snapshots, snapshots, (live, target) => {
        const drops = schemaDrops(live, target);
        const has = (list: { collection: string; field?: string }[] | undefined, name: string) =>
          (list ?? []).some(
            (entry) => (entry.field ? `${entry.collection}.${entry.field}` : entry.collection) === name,
          );
        for (const name of drops.collections) expect(has(target.collections, name)).toBe(false);
        for (const name of drops.fields) expect(has(target.fields, name)).toBe(false);
        for (const name of drops.relations) expect(has(target.relations, name)).toBe(false);
        // Every collection, field and relation of the database that the snapshot lacks is named, or goes with a
        // collection or field that is.
        const covered = (name: string) =>
          drops.fields.includes(name) || drops.collections.includes(name.split(".")[0] ?? "");
        for (const { collection } of live.collections ?? []) {
          if (!has(target.collections, collection)) expect(drops.collections).toContain(collection);
        }
        for (const { collection, field } of live.fields ?? []) {
          if (!has(target.fields, `${collection}.${field}`)) expect(covered(`${collection}.${field}`)).toBe(true);
        }
        for (const { collection, field } of live.relations ?? []) {
          const name = `${collection}.${field}`;
          if (!has(target.relations, name)) expect(covered(name) || drops.relations.includes(name)).toBe(true);
        }
        expect(schemaDrops(live, live)).toEqual({ collections: [], fields: [], relations: [] });
      }),
    );
  });
});

describe("dropRefusal", () => {
  const drops = { collections: ["notes"], fields: ["recipe.note"], relations: ["recipe.name"] };

  it("lets the apply go ahead when nothing would be deleted", () => {
    expect(dropRefusal({ collections: [], fields: [], relations: [] }, [], "s.json")).toBeUndefined();
  });

  it("names every deletion, says how to keep them and the exact allow list to delete them", () => {
    const refusal = dropRefusal(drops, [], "schema/snapshot.postgres.json") ?? "";
    expect(refusal).toContain("refusing to apply schema/snapshot.postgres.json");
    expect(refusal).toContain("collection notes (with all its items)");
    expect(refusal).toContain("field recipe.note (with its values)");
    expect(refusal).toContain("relation recipe.name");
    expect(refusal).toContain("npm run schema:postgres");
    expect(refusal).toContain("SCHEMA_DROP_ALLOW=notes,recipe.note,recipe.name");
  });

  it.each([
    ["all allowed", ["notes", "recipe.note", "recipe.name"], undefined],
    ["one missing", ["notes", "recipe.note"], "relation recipe.name"],
    ["a prefix is no name", ["note", "recipe"], "collection notes"],
    ["more than needed", ["notes", "recipe.note", "recipe.name", "other"], undefined],
  ])("%s", (_name, allowed, expected) => {
    const refusal = dropRefusal(drops, allowed, "s.json");
    if (expected === undefined) expect(refusal).toBeUndefined();
    else expect(refusal).toContain(expected);
  });
});

describe("parseDropAllowList", () => {
  it.each([
    [undefined, []],
    ["", []],
    [" recipe.note , notes ,,", ["recipe.note", "notes"]],
  ])("%j", (value, expected) => {
    expect(parseDropAllowList(value)).toEqual(expected);
  });
});

describe("the command", () => {
  it("exits 2 with the refusal, 0 when allowed, 64 without its two files", () => {
    const folder = mkdtempSync(join(tmpdir(), "schema-guard-"));
    try {
      const live = join(folder, "live.json");
      const target = join(folder, "target.json");
      writeFileSync(live, JSON.stringify(schema(["recipe"], ["recipe.id", "recipe.note"])));
      writeFileSync(target, JSON.stringify(schema(["recipe"], ["recipe.id"])));
      expect(main([live, target], {})).toBe(2);
      expect(main([live, target], { SCHEMA_DROP_ALLOW: "recipe.note" })).toBe(0);
      expect(main([live, live], {})).toBe(0);
      expect(main([live], {})).toBe(64);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
