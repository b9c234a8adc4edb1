import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { type Size, sizeOfFiles } from "./sizes.ts";

const CLIENT_DIR = "build/client";

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

/** The client manifest React Router writes: which modules each route loads. */
function readManifest(): { manifest: Manifest; file: string } {
  const assets = join(CLIENT_DIR, "assets");
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error("bench: no React Router manifest in build/client/assets; run the build first");
  const sandbox = { window: {} as { __reactRouterManifest?: Manifest } };
  runInNewContext(readFileSync(join(assets, name), "utf8"), sandbox);
  if (!sandbox.window.__reactRouterManifest) throw new Error(`bench: ${name} defines no manifest`);
  return { manifest: sandbox.window.__reactRouterManifest, file: `/assets/${name}` };
}

export interface RouteScripts {
  routeId: string;
  files: number;
  size: Size;
}

/**
 * The JavaScript a first visit to each route downloads: the client entry, the
 * manifest, and the modules of the route and its parents, each file once.
 */
export function clientJsPerRoute(): RouteScripts[] {
  const { manifest, file: manifestFile } = readManifest();
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
    result.push({
      routeId: route.id,
      files: files.size,
      size: sizeOfFiles([...files].map((path) => join(CLIENT_DIR, path))),
    });
  }
  return result;
}
