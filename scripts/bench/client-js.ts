import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { type Size, sizeOf, sizeOfFiles } from "./sizes.ts";

interface ManifestRoute {
  id: string;
  parentId?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
  url?: string;
  version?: string;
}

/** The client manifest React Router writes into `clientDir`: which modules each route loads. */
function readManifest(clientDir: string): Manifest {
  const assets = join(clientDir, "assets");
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`bench: no React Router manifest in ${assets}; run the build first`);
  const sandbox = { window: {} as { __reactRouterManifest?: Manifest } };
  runInNewContext(readFileSync(join(assets, name), "utf8"), sandbox);
  if (!sandbox.window.__reactRouterManifest) throw new Error(`bench: ${name} defines no manifest`);
  return sandbox.window.__reactRouterManifest;
}

export interface RouteScripts {
  routeId: string;
  files: number;
  size: Size;
  /** Of `size`, the framework chunk: React DOM, React and React Router (`framework` in vite.config.ts). */
  framework: Size;
  /**
   * Of `size`, everything else: our modules, the build's runtime and the part of the route manifest the page
   * carries (decision 0046).
   */
  own: Size;
}

/**
 * The most of our own JavaScript a first visit to a route may download, gzip, in KB of 1,000 bytes
 * (decision 0046): the bench reports it, and tests/build/client-js-budget.test.ts fails the build's tests
 * when a route is over it.
 */
export const OWN_JS_GOAL_KB = 25;

/** The chunk vite.config.ts groups React DOM, React and React Router into; every route loads it. */
const FRAMEWORK_FILE = /^\/assets\/framework-[\w-]+\.js$/;

const minus = (a: Size, b: Size): Size => ({ raw: a.raw - b.raw, gzip: a.gzip - b.gzip, brotli: a.brotli - b.brotli });

/**
 * The route manifest as React Router writes it into a page (`window.__reactRouterManifest`, lazy route
 * discovery, its default): the entry, the route and its parents, and their index routes, indented by two
 * as React Router's `<Scripts />` does. The page imports no manifest file: the whole manifest's file
 * (`manifest-….js`) is named in it but only read when discovery is turned off, and it grows with every route
 * of the site, where a page carries only its own.
 */
function pageManifest(manifest: Manifest, chain: ManifestRoute[]): Size {
  const ids = new Set(chain.map((route) => route.id));
  const routes = Object.values(manifest.routes).filter(
    (route) => ids.has(route.id) || (route.index === true && route.parentId !== undefined && ids.has(route.parentId)),
  );
  return sizeOf(
    Buffer.from(
      `window.__reactRouterManifest = ${JSON.stringify(
        {
          entry: manifest.entry,
          routes: Object.fromEntries(routes.map((route) => [route.id, route])),
          url: manifest.url,
          version: manifest.version,
        },
        null,
        2,
      )};`,
    ),
  );
}

const plus = (a: Size, b: Size): Size => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });

/**
 * The JavaScript a first visit to each route downloads: the client entry, the
 * modules of the route and its parents, each file once, and the part of the
 * route manifest its page carries inline (pageManifest).
 * `buildDir` is the build's folder (build/ or the bench's own).
 */
export function clientJsPerRoute(buildDir: string): RouteScripts[] {
  const clientDir = join(buildDir, "client");
  const manifest = readManifest(clientDir);
  if (![manifest.entry.module, ...manifest.entry.imports].some((path) => FRAMEWORK_FILE.test(path))) {
    throw new Error("bench: the client entry loads no framework chunk; has vite.config.ts's `framework` group moved?");
  }
  const result: RouteScripts[] = [];
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root") continue;
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    const chain: ManifestRoute[] = [];
    for (let current: ManifestRoute | undefined = route; current; ) {
      chain.push(current);
      for (const module of [
        current.module,
        ...(current.imports ?? []),
        current.clientActionModule,
        current.clientLoaderModule,
        current.clientMiddlewareModule,
        current.hydrateFallbackModule,
      ]) {
        if (module) files.add(module);
      }
      current = current.parentId ? manifest.routes[current.parentId] : undefined;
    }
    const onDisk = (paths: string[]) => paths.map((path) => join(clientDir, path));
    const size = plus(sizeOfFiles(onDisk([...files])), pageManifest(manifest, chain));
    const framework = sizeOfFiles(onDisk([...files].filter((path) => FRAMEWORK_FILE.test(path))));
    result.push({ routeId: route.id, files: files.size, size, framework, own: minus(size, framework) });
  }
  return result;
}
