import { defineConfig } from "vitest/config";

// Pure modules in Node: no Worker runtime, no build needed.
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
