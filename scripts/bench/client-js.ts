import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { type Size, sizeOfFiles } from "./sizes.ts";

interface ManifestRoute {
  id: string;
  parentId?: string;
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
}

/** The client manifest React Router writes into `clientDir`: which modules each route loads. */
function readManifest(clientDir: string): { manifest: Manifest; file: string } {
  const assets = join(clientDir, "assets");
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`bench: no React Router manifest in ${assets}; run the build first`);
  const sandbox = { window: {} as { __reactRouterManifest?: Manifest } };
  runInNewContext(readFileSync(join(assets, name), "utf8"), sandbox);
  if (!sandbox.window.__reactRouterManifest) throw new Error(`bench: ${name} defines no manifest`);
  return { manifest: sandbox.window.__reactRouterManifest, file: `/assets/${name}` };
}

export interface RouteScripts {
  routeId: string;
  files: number;
  size: Size;
  /** Of `size`, the framework chunk: React DOM, React and React Router (`framework` in vite.config.ts). */
  framework: Size;
  /** Of `size`, everything else: our modules, the build's runtime and the route manifest (decision 0046). */
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
 * The JavaScript a first visit to each route downloads: the client entry, the
 * manifest, and the modules of the route and its parents, each file once.
 * `buildDir` is the build's folder (build/ or the bench's own).
 */
export function clientJsPerRoute(buildDir: string): RouteScripts[] {
  const clientDir = join(buildDir, "client");
  const { manifest, file: manifestFile } = readManifest(clientDir);
  if (![manifest.entry.module, ...manifest.entry.imports].some((path) => FRAMEWORK_FILE.test(path))) {
    throw new Error("bench: the client entry loads no framework chunk; has vite.config.ts's `framework` group moved?");
  }
  const result: RouteScripts[] = [];
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root") continue;
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports, manifestFile]);
    for (let current: ManifestRoute | undefined = route; current; ) {
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
    const size = sizeOfFiles(onDisk([...files]));
    const framework = sizeOfFiles(onDisk([...files].filter((path) => FRAMEWORK_FILE.test(path))));
    result.push({ routeId: route.id, files: files.size, size, framework, own: minus(size, framework) });
  }
  return result;
}
