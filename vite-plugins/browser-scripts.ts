/**
 * Scripts the browser runs outside the app's module graph: the service
 * worker and the offline page's inline script (app/offline/, decision
 * 0043). Each is written in TypeScript beside the pure modules it uses and
 * bundled at build time with Rolldown, the bundler Vite itself runs on, into
 * one minified classic script. A virtual module's default export is that
 * script's text, for the Worker or a page to serve.
 */
import { resolve } from "node:path";
import { type OutputChunk, rolldown } from "rolldown";
import type { Plugin } from "vite";

/** One script: its text and the source files it was made from. */
export interface BundledScript {
  code: string;
  modules: string[];
}

/**
 * Bundles `entry` and everything it imports into one minified script that
 * runs as it is (an immediately invoked function, no imports or exports
 * left), for a browser that supports ES2022.
 */
export async function bundleBrowserScript(entry: string): Promise<BundledScript> {
  const bundle = await rolldown({
    input: entry,
    platform: "browser",
    transform: { target: "es2022" },
    // A warning here is a mistake in a script nobody sees fail until it runs in a browser.
    onLog(level, log) {
      if (level === "warn") throw new Error(`browser-scripts: ${entry}: ${log.message}`);
    },
  });
  try {
    const { output } = await bundle.generate({ format: "iife", minify: true });
    const chunks = output.filter((file): file is OutputChunk => file.type === "chunk");
    const [chunk] = chunks;
    if (!chunk || chunks.length !== 1)
      throw new Error(`browser-scripts: ${entry} made ${chunks.length} chunks, not one`);
    return { code: chunk.code, modules: chunk.moduleIds };
  } finally {
    await bundle.close();
  }
}

/** The prefix Vite's plugins give a virtual module's resolved id, so no other plugin treats it as a file. */
const RESOLVED = "\0";

/**
 * The plugin: `scripts` maps each virtual module id (`virtual:…`) to its
 * entry file, relative to the project's root.
 */
export function browserScripts(scripts: Record<string, string>): Plugin {
  let root = process.cwd();
  return {
    name: "browser-scripts",
    configResolved(config) {
      root = config.root;
    },
    resolveId: {
      filter: { id: /^virtual:/ },
      handler(id) {
        return Object.hasOwn(scripts, id) ? `${RESOLVED}${id}` : undefined;
      },
    },
    load: {
      filter: { id: /^\0virtual:/ },
      async handler(id) {
        const entry = scripts[id.slice(RESOLVED.length)];
        if (entry === undefined) return undefined;
        const script = await bundleBrowserScript(resolve(root, entry));
        // The dev server loads the module anew when one of the script's sources changes.
        for (const module of script.modules) this.addWatchFile(module);
        return { code: `export default ${JSON.stringify(script.code)};`, moduleType: "js" };
      },
    },
  };
}
