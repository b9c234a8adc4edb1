// The script vite-plugins/browser-scripts.ts bundles for pages: the module's default export is the script's text.

declare module "virtual:start-scripts-after-load" {
  /** app/lib/page-scripts/start-scripts-after-load.ts, minified, for every hydrated page's inline start script. */
  const script: string;
  export default script;
}
