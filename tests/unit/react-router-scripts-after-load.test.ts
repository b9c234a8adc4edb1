import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE } from "../../app/lib/page-scripts/deferred-module.ts";
import { withChanges } from "../../vite-plugins/dependency-changes.ts";
import { reactRouterScriptsAfterLoad } from "../../vite-plugins/react-router-scripts-after-load.ts";

// The production build's components module, found from the package's own entry.
const require = createRequire(import.meta.url);
const packageRoot = join(dirname(require.resolve("react-router")), "..", "..");
const published = readFileSync(join(packageRoot, "dist/production/lib/dom/ssr/components.js"), "utf8");

/** The body of one exported function of the module, from its `function` line to the next top-level `}`. */
function functionBody(code: string, name: string): string {
  const start = code.indexOf(`function ${name}(`);
  return code.slice(start, code.indexOf("\n}\n", start));
}

describe("React Router's <Scripts>, started after load (decision 0045)", () => {
  it("writes none of its three module preloads, and no other link changes", () => {
    const scripts = functionBody(withChanges(reactRouterScriptsAfterLoad, published), "Scripts");
    const preloads = [
      ...scripts.matchAll(
        /(false && )?(?:preloads\.map\(\(path\) => )?React\$1\.createElement\("link", \{\n\t\t(?:key: path,\n\t\t)?rel: "modulepreload"/g,
      ),
    ];
    expect(preloads).toHaveLength(3);
    for (const preload of preloads) expect(preload[1]).toBe("false && ");
    // <PrefetchPageLinks> (another page's modules, asked for on purpose when a link is hovered) stays as it was.
    const prefetch = functionBody(withChanges(reactRouterScriptsAfterLoad, published), "PrefetchPageLinksImpl");
    expect(prefetch).toContain('rel: "modulepreload"');
    expect(prefetch).not.toContain("false &&");
  });

  it("writes the module script with a type no browser runs, and the context script as it was", () => {
    const scripts = functionBody(withChanges(reactRouterScriptsAfterLoad, published), "Scripts");
    expect(scripts).toContain(`type: ${JSON.stringify(DEFERRED_MODULE_TYPE)},`);
    expect(scripts).not.toContain('type: "module"');
    expect(scripts).toContain("__html: contextScript },\n\t\t\ttype: void 0");
  });

  it("stops the build when the file no longer holds a line it changes", () => {
    const moved = published.replace("href: manifest.entry.module,", "href: entryModule,");
    expect(() => withChanges(reactRouterScriptsAfterLoad, moved)).toThrow(/exactly one.*decision 0045/s);
  });
});
