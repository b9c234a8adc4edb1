import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { clientJsPerRoute } from "../../scripts/bench/client-js.ts";
import { sizeOfFiles } from "../../scripts/bench/sizes.ts";

// A client build on disk, the shape React Router writes: the manifest script and the files it names.
let buildDir: string | undefined;

function writeBuild(files: Record<string, string>, manifest: object): string {
  buildDir = mkdtempSync(join(tmpdir(), "client-js-"));
  const assets = join(buildDir, "client", "assets");
  mkdirSync(assets, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(assets, name), text);
  writeFileSync(join(assets, "manifest-1a2b3c4d.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  return buildDir;
}

afterEach(() => {
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  buildDir = undefined;
});

// Text that compresses differently per file, so a file counted on the wrong side changes the figures.
const text = (seed: number, length: number) =>
  Array.from({ length }, (_, i) => String.fromCharCode(33 + ((i * seed * 7919) % 90))).join("");

const FILES = {
  "entry.client-AAAA.js": text(1, 400),
  "framework-BBBB.js": text(2, 9000),
  "shared-CCCC.js": text(3, 2000),
  "root-DDDD.js": text(5, 700),
  "recipe-EEEE.js": text(7, 1500),
  "timers-FFFF.js": text(11, 300),
  "home-GGGG.js": text(13, 500),
  "search-HHHH.js": text(17, 600),
};

const MANIFEST = {
  entry: { module: "/assets/entry.client-AAAA.js", imports: ["/assets/framework-BBBB.js", "/assets/shared-CCCC.js"] },
  routes: {
    root: { id: "root", module: "/assets/root-DDDD.js", imports: ["/assets/framework-BBBB.js"] },
    "routes/recipe": {
      id: "routes/recipe",
      parentId: "root",
      module: "/assets/recipe-EEEE.js",
      imports: ["/assets/framework-BBBB.js", "/assets/shared-CCCC.js", "/assets/timers-FFFF.js"],
    },
    home: { id: "home", parentId: "root", index: true, module: "/assets/home-GGGG.js" },
    "routes/search": { id: "routes/search", parentId: "root", module: "/assets/search-HHHH.js" },
  },
  url: "/assets/manifest-1a2b3c4d.js",
  version: "1a2b3c4d",
};

/** What React Router writes into the recipe's page: the entry, its routes and the root's index route, not search. */
const RECIPE_PAGE_MANIFEST = `window.__reactRouterManifest = ${JSON.stringify(
  {
    entry: MANIFEST.entry,
    routes: {
      root: MANIFEST.routes.root,
      "routes/recipe": MANIFEST.routes["routes/recipe"],
      home: MANIFEST.routes.home,
    },
    url: MANIFEST.url,
    version: MANIFEST.version,
  },
  null,
  2,
)};`;

describe("clientJsPerRoute (bench, decision 0046)", () => {
  it("splits a route's first-visit scripts into the framework chunk and our own, each file counted once", () => {
    const dir = writeBuild(FILES, MANIFEST);
    const assets = join(dir, "client", "assets");
    const routes = clientJsPerRoute(dir);
    expect(routes.map((route) => route.routeId)).toEqual(["routes/recipe", "home", "routes/search"]);
    const recipe = routes[0];
    if (!recipe) throw new Error("no recipe route");
    // The page imports no manifest file (React Router's lazy route discovery): only the files it loads.
    expect(recipe.files).toBe(6);
    expect(recipe.framework).toEqual(sizeOfFiles([join(assets, "framework-BBBB.js")]));
    const own = ["entry.client-AAAA.js", "shared-CCCC.js", "root-DDDD.js", "recipe-EEEE.js", "timers-FFFF.js"];
    const files = sizeOfFiles(own.map((name) => join(assets, name)));
    const inline = Buffer.from(RECIPE_PAGE_MANIFEST);
    expect(recipe.own.raw).toBe(files.raw + inline.length);
    expect(recipe.own.gzip).toBe(files.gzip + gzipSync(inline, { level: 9 }).length);
    expect(recipe.size.raw).toBe(recipe.own.raw + sizeOfFiles([join(assets, "framework-BBBB.js")]).raw);
  });

  it("refuses a build whose client entry loads no framework chunk, rather than count the framework as ours", () => {
    const renamed = Object.fromEntries(
      Object.entries(FILES).map(([name, body]) => [name.replace("framework-", "vendor-"), body]),
    );
    const manifest = JSON.parse(JSON.stringify(MANIFEST).replaceAll("framework-", "vendor-"));
    expect(() => clientJsPerRoute(writeBuild(renamed, manifest))).toThrow(/no framework chunk/);
  });
});
