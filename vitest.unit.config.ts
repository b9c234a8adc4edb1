import { defineConfig } from "vitest/config";

// Pure modules in Node: no Worker runtime, no build needed.
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // Property tests of thousands of runs and wrangler's config reader take one to two seconds alone; with the
    // other files running beside them on a busy 2-core machine two of them passed the default 5 s and failed a run.
    testTimeout: 20_000,
  },
});
