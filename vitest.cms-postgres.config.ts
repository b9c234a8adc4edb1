import { defineConfig } from "vitest/config";

// Directus 11 on a throwaway PostgreSQL (Debian's package, installed by
// scripts/ensure-postgres.ts), as in production: the schema, our migrations'
// database rules, the flow without a site, and the catalog sync. The
// saved-recipes rules and the schema round trip are the CMS stage's own files, run again here.
export default defineConfig({
  test: {
    include: ["tests/cms-postgres/**/*.test.ts", "tests/cms/saved-recipes-rules.test.ts", "tests/cms/schema.test.ts"],
    environment: "node",
    globalSetup: ["tests/cms-postgres/global-setup.ts"],
    hookTimeout: 180_000,
    testTimeout: 60_000,
    fileParallelism: false,
  },
});
