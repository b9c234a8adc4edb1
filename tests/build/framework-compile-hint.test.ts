import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The framework chunk carries V8's compile hint on its first line (vite.config.ts, decision 0059): Chromium
 * then compiles all of it off the main thread as it streams in, instead of each function on the main thread
 * when hydration first calls it. A comment the minifier or a later step drops, or that is not the first line,
 * is ignored without a word; only the built file shows it. Reads the client build in build/.
 */
const assets = join("build", "client", "assets");
const chunks = readdirSync(assets).filter((name) => name.endsWith(".js"));

describe("the compile hint in the built client chunks", () => {
  it("opens the framework chunk", () => {
    const framework = chunks.filter((name) => /^framework-[\w-]+\.js$/.test(name));
    expect(framework).toHaveLength(1);
    const text = readFileSync(join(assets, framework[0] as string), "utf8");
    expect(text.split("\n", 1)[0]).toBe("//# allFunctionsCalledOnLoad");
  });

  it("is in no other chunk: a part loaded later (valibot, the shopping list) would be compiled whole for a few calls", () => {
    const hinted = chunks.filter(
      (name) =>
        !name.startsWith("framework-") && readFileSync(join(assets, name), "utf8").includes("allFunctionsCalledOnLoad"),
    );
    expect(hinted).toEqual([]);
  });
});
