import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { withChanges } from "../../vite-plugins/dependency-changes.ts";
import { reactRouterScriptPriority } from "../../vite-plugins/react-router-script-priority.ts";

// The production build's components module, found from the package's own entry.
const require = createRequire(import.meta.url);
const packageRoot = join(dirname(require.resolve("react-router")), "..", "..");
const published = readFileSync(join(packageRoot, "dist/production/lib/dom/ssr/components.js"), "utf8");

describe("React Router's <Scripts> with low-priority module preloads (decision 0031)", () => {
  it("gives each of its three module preloads the low priority, and no other link", () => {
    const changed = withChanges(reactRouterScriptPriority, published);
    const preloads = [
      ...changed.matchAll(/rel: "modulepreload",\n\t\t(fetchPriority: "low",\n\t\t)?href(?:: ([\w.]+))?/g),
    ];
    const low = preloads.filter((match) => match[1] !== undefined).map((match) => match[2]);
    expect(low).toEqual(["manifest.url", "manifest.entry.module", "path"]);
    // <PrefetchPageLinks> (another page's modules, asked for on purpose) stays as it was.
    expect(preloads.filter((match) => match[1] === undefined)).toHaveLength(1);
  });

  it("stops the build when the file no longer holds a preload it changes", () => {
    const moved = published.replace("href: manifest.entry.module,", "href: entryModule,");
    expect(() => withChanges(reactRouterScriptPriority, moved)).toThrow(/exactly one.*decision 0031/s);
  });
});
