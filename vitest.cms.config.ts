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
    hookTimeout: 180_000,
    testTimeout: 60_000,
    // One Directus for all files: they share it, so they run one after another.
    fileParallelism: false,
  },
});
