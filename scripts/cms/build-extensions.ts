/**
 * Builds our Directus extensions (cms/extensions/<name>/, decision 0048): each side an extension's
 * package.json names under "directus:extension" (`source` → `path`), bundled with Rolldown into one ES
 * module with everything it imports, so the API side runs the very parser module the import uses
 * (catalog/ingredient-lines/). Directus loads them from EXTENSIONS_PATH; the built files are not committed.
 *
 * The local stack builds them before its first Directus command in each process (scripts/local-stack/directus.ts);
 * for production, `npm run cms:extensions` before `docker compose up` or `directus start` (docs/operations.md, 1.2).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type OutputChunk, rolldown } from "rolldown";

/** Where our extensions live, and where Directus is told to look for them (EXTENSIONS_PATH). */
export const CMS_EXTENSIONS_DIR = resolve(import.meta.dirname, "../../cms/extensions");

interface Manifest {
  name: string;
  "directus:extension"?: {
    type: string;
    source: string | Record<string, string>;
    path: string | Record<string, string>;
  };
}

/** One bundle: an entry file into one ES module at `outFile`. */
async function bundle(entry: string, outFile: string, platform: "node" | "browser"): Promise<void> {
  const build = await rolldown({
    input: entry,
    platform,
    transform: { target: "es2022" },
    // A warning here is a mistake nobody sees until an editor runs the flow.
    onLog(level, log) {
      if (level === "warn") throw new Error(`build-extensions: ${entry}: ${log.message}`);
    },
  });
  try {
    const { output } = await build.generate({ format: "es", codeSplitting: false });
    const chunks = output.filter((file): file is OutputChunk => file.type === "chunk");
    const [chunk] = chunks;
    if (!chunk || chunks.length !== 1)
      throw new Error(`build-extensions: ${entry} made ${chunks.length} chunks, not one`);
    // Written whole and then renamed: a Directus starting beside this build never reads half a file.
    mkdirSync(dirname(outFile), { recursive: true });
    const partial = `${outFile}.${process.pid}.partial`;
    writeFileSync(partial, chunk.code);
    renameSync(partial, outFile);
  } finally {
    await build.close();
  }
}

/** Builds every extension in `dir`; returns their package names. */
export async function buildCmsExtensions(dir: string = CMS_EXTENSIONS_DIR): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const built: string[] = [];
  for (const folder of readdirSync(dir, { withFileTypes: true })) {
    if (!folder.isDirectory() || folder.name.startsWith(".")) continue;
    const root = join(dir, folder.name);
    const manifestFile = join(root, "package.json");
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
    const options = manifest["directus:extension"];
    if (!options) continue;
    const { source, path } = options;
    if (typeof source === "string" || typeof path === "string") {
      await bundle(join(root, source as string), join(root, path as string), "node");
    } else {
      for (const side of Object.keys(source)) {
        const out = path[side];
        const entry = source[side];
        if (!out || !entry) throw new Error(`build-extensions: ${manifest.name} names no path for "${side}"`);
        await bundle(join(root, entry), join(root, out), side === "app" ? "browser" : "node");
      }
    }
    built.push(manifest.name);
  }
  return built;
}

if (import.meta.main) {
  const built = await buildCmsExtensions();
  console.log(`build-extensions: ${built.length > 0 ? built.join(", ") : "none"} in ${CMS_EXTENSIONS_DIR}`);
}
