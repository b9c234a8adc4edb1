import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scriptsToPreload } from "../../app/lib/page-scripts/deferred-module.ts";

interface Route {
  id: string;
  module: string;
  imports: string[];
}

/** A page module script as React Router's <Scripts> writes it (route discovery on): imports, manifest, entry. */
function moduleScript(entry: { module: string; imports: string[] }, shown: Route[], others: Route[]): string {
  const routes = Object.fromEntries([...shown, ...others].map((route) => [route.id, { ...route, css: [] }]));
  const manifest = { entry: { ...entry, css: [] }, routes, url: "/assets/manifest-a7fefd86.js", version: "a7fefd86" };
  return [
    ";",
    ...shown.map((route, index) => `import * as route${index} from ${JSON.stringify(route.module)};`),
    `  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};`,
    `  window.__reactRouterRouteModules = {${shown.map((route, index) => `${JSON.stringify(route.id)}:route${index}`).join(",")}};`,
    "",
    `import(${JSON.stringify(entry.module)});`,
  ].join("\n");
}

const ENTRY = {
  module: "/assets/entry.client-DhU-rZiM.js",
  imports: ["/assets/rolldown-runtime-XKyaHtl9.js", "/assets/framework-ChF7k9ZJ.js", "/assets/shared-CYibztI0.js"],
};
const ROOT: Route = {
  id: "root",
  module: "/assets/root-qZ7lyHUr.js",
  imports: ["/assets/framework-ChF7k9ZJ.js", "/assets/categories-BlRtJXih.js"],
};
const RECIPE: Route = {
  id: "routes/recipe",
  module: "/assets/recipe-CCz1DiRl.js",
  imports: ["/assets/framework-ChF7k9ZJ.js", "/assets/add-to-shopping-list-BbDJhDWO.js"],
};
const HOME: Route = { id: "home", module: "/assets/home-BxOsYfLC.js", imports: ["/assets/only-home-Ab12.js"] };

describe("the scripts a page's deferred module script is preloaded with (decision 0045)", () => {
  it("names the shown routes' modules and imports and the entry's, each once, and no other route's", () => {
    expect(scriptsToPreload(moduleScript(ENTRY, [ROOT, RECIPE], [HOME]))).toEqual([
      "/assets/root-qZ7lyHUr.js",
      "/assets/recipe-CCz1DiRl.js",
      "/assets/entry.client-DhU-rZiM.js",
      "/assets/rolldown-runtime-XKyaHtl9.js",
      "/assets/framework-ChF7k9ZJ.js",
      "/assets/shared-CYibztI0.js",
      "/assets/categories-BlRtJXih.js",
      "/assets/add-to-shopping-list-BbDJhDWO.js",
    ]);
  });

  it.each([
    ["a manifest that is not JSON", (text: string) => text.replace('"entry": {', '"entry": {,')],
    ["no manifest", (text: string) => text.replace(/ {2}window\.__reactRouterManifest = [\s\S]*?\n\};\n/, "")],
  ])("with %s, names the route modules and the entry alone", (_, spoil) => {
    expect(scriptsToPreload(spoil(moduleScript(ENTRY, [ROOT, RECIPE], [HOME])))).toEqual([
      "/assets/root-qZ7lyHUr.js",
      "/assets/recipe-CCz1DiRl.js",
      "/assets/entry.client-DhU-rZiM.js",
    ]);
  });

  it.each([
    ["another origin", "https://example.org/assets/x.js"],
    ["a path outside the build's folder", "/sw.js"],
    ["a path that climbs out", "/assets/../sw.js"],
    ["a stylesheet", "/assets/app-B0jrfYh6.css"],
    ["a script address with a query", "/assets/x.js?y=1"],
  ])("never names %s", (_, address) => {
    const route = { ...RECIPE, imports: [address] };
    expect(scriptsToPreload(moduleScript({ ...ENTRY, imports: [address] }, [ROOT, route], []))).not.toContain(address);
  });

  it("for any routes, names exactly the shown routes' and the entry's scripts", () => {
    const script = fc.stringMatching(/^\/assets\/[a-z]{1,6}-[A-Za-z0-9_]{4}\.js$/);
    const route = fc.record({ module: script, imports: fc.array(script, { maxLength: 4 }) });
    fc.assert(
      fc.property(
        fc.record({ module: script, imports: fc.array(script, { maxLength: 4 }) }),
        fc.array(route, { minLength: 1, maxLength: 4 }),
        fc.array(route, { maxLength: 4 }),
        (entry, shownRoutes, otherRoutes) => {
          const shown = shownRoutes.map((each, index) => ({ id: `shown-${index}`, ...each }));
          const others = otherRoutes.map((each, index) => ({ id: `other-${index}`, ...each }));
          const expected = new Set([
            ...shown.flatMap((each) => [each.module, ...each.imports]),
            entry.module,
            ...entry.imports,
            // A shown route's module that another route also names is still the shown route's.
            ...others.filter((each) => shown.some((one) => one.module === each.module)).flatMap((each) => each.imports),
          ]);
          const preloads = scriptsToPreload(moduleScript(entry, shown, others));
          expect(new Set(preloads)).toEqual(expected);
          expect(preloads).toHaveLength(expected.size);
        },
      ),
    );
  });
});
