import { defineConfig } from "vitest/config";

// Directus 11 on a throwaway PostgreSQL (Debian's package, installed by
// scripts/test/ensure-postgres.ts), as in production: the schema, our migrations'
// database rules, the flow without a site, and the catalog sync. The
// saved-recipes rules, the shopping lists', the pantries' and the ratings' access rules (a unique index and a uuid key of
// their own on Postgres) and the schema round trip are the CMS stage's own files, run again here.
export default defineConfig({
  test: {
    include: [
      "tests/cms-postgres/**/*.test.ts",
      "tests/cms/saved-recipes-rules.test.ts",
      "tests/cms/shopping-lists.test.ts",
      "tests/cms/week-plans.test.ts",
      "tests/cms/pantries.test.ts",
      "tests/cms/recipe-ratings.test.ts",
      "tests/cms/schema.test.ts",
    ],
    environment: "node",
    globalSetup: ["tests/cms-postgres/global-setup.ts"],
    hookTimeout: 600_000,
    // Every Directus CLI command costs about 10 s here (the migration test runs three) and the machine is
    // shared: a bound with room, not a wait. On a host half as fast (2026-12-02) the start test took 102 s.
    testTimeout: 600_000,
    fileParallelism: false,
  },
});
