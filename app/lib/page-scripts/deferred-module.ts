/**
 * The `type` React Router's page module script is written with (decision
 * 0045): a type no browser runs, so the script is only data until
 * start-scripts-after-load.ts starts it. Shared by the build's change to
 * `<Scripts>` (vite-plugins/react-router-scripts-after-load.ts) and that script.
 */
export const DEFERRED_MODULE_TYPE = "text/x-module-after-load";

/** What of React Router's route manifest the preloads need; the rest of it is not read. */
interface ManifestModules {
  entry?: { module?: unknown; imports?: unknown };
  routes?: Record<string, { module?: unknown; imports?: unknown }>;
}

const BUILD_SCRIPT = /^\/assets\/[\w.-]+\.js$/;

function buildScripts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/**
 * The build scripts a page's module script (React Router's, as <Scripts>
 * writes it) will load, to be asked for at once: the route modules it
 * imports, the client entry it imports last, and what the route manifest it
 * carries says those import. Without the preloads the browser would find
 * each level of imports only when the one above it has arrived. Only the
 * page's own routes: the manifest also names routes the page does not show.
 * If the text is not as expected, the route modules and the entry alone
 * (the module script still loads everything it needs itself).
 */
export function scriptsToPreload(moduleScript: string): string[] {
  const routeModules = [...moduleScript.matchAll(/^import \* as \w+ from "([^"]+)";$/gm)].map(
    (match) => match[1] ?? "",
  );
  const entry = /^import\(("[^"]+")\);$/m.exec(moduleScript)?.[1];
  const scripts = [...routeModules];
  if (entry) scripts.push(JSON.parse(entry) as string);
  const manifestText = /window\.__reactRouterManifest = (\{[\s\S]*?\n\});\n/.exec(moduleScript)?.[1];
  if (manifestText) {
    let manifest: ManifestModules | undefined;
    try {
      manifest = JSON.parse(manifestText) as ManifestModules;
    } catch {
      manifest = undefined;
    }
    scripts.push(...buildScripts(manifest?.entry?.imports));
    for (const route of Object.values(manifest?.routes ?? {})) {
      if (typeof route.module === "string" && routeModules.includes(route.module)) {
        scripts.push(...buildScripts(route.imports));
      }
    }
  }
  return [...new Set(scripts.filter((script) => BUILD_SCRIPT.test(script)))];
}
