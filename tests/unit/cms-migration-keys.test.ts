/**
 * Directus runs every file of cms/migrations whose name has a "-" as a migration keyed by the part before it,
 * and refuses to start at all when two keys are the same ("Migration keys collide!"). Two branches that each
 * add a migration on one day both reach for the date with "A": this catches it before a CMS is started.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

const migrations = readdirSync("cms/migrations").filter((name) => name.endsWith(".js") && name.includes("-"));

describe("cms/migrations", () => {
  it("has migrations", () => {
    expect(migrations.length).toBeGreaterThan(0);
  });

  it("gives every migration a key of its own", () => {
    const keys = migrations.map((name) => name.slice(0, name.indexOf("-")));
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated, migrations.join(", ")).toEqual([]);
  });
});
