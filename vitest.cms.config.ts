import { defineConfig } from "vitest/config";

// Tests against a real Directus 11 on SQLite, started once for the run by the
// global setup (bootstrap, schema, access policies, seed) in a temp folder.
// production-env.test.ts starts two more, with a throwaway Redis (Debian's
// redis-server, installed by scripts/test/ensure-redis.ts).
export default defineConfig({
  test: {
    include: ["tests/cms/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/cms/global-setup.ts"],
    hookTimeout: 600_000,
    // The tests that run Directus' CLI (schema, schema-guard, saved-recipes-rules: migrations) took 21–22 s
    // beside the Worker tests and 49 s beside the browser tests, which start in this stage's tail
    // (scripts/test/run-tests.ts), on a fast day; on a host half as fast (2026-12-02, unit tests 161–200 s
    // where they took 70–114) the schema guard's took 255 s, and saved-recipes-rules' 1,001 recipes took over
    // 120 s to create in its hook: bounds with room, as on PostgreSQL, not waits (the run has 90 minutes).
    testTimeout: 600_000,
    // One Directus for all files: they share it, so they run one after another.
    fileParallelism: false,
  },
});
