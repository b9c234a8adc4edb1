import { defineConfig } from "vitest/config";

// Pure modules in Node: no Worker runtime, no build needed.
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // Property tests of thousands of runs and wrangler's config reader take one to two seconds alone; with the
    // other files running beside them on a busy 2-core machine two of them passed the default 5 s and failed a run.
    testTimeout: 20_000,
    // Vitest's default is one worker less than the cores: on the 2-core CI machine, one file at a time. The files
    // are independent (each writes only to temp folders of its own) and busy the CPU, so both cores: the stage
    // took 98 s instead of 158.
    maxWorkers: "100%",
  },
});
