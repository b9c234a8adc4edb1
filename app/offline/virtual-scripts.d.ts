// The scripts vite-plugins/browser-scripts.ts bundles: each module's default export is the script's text.

declare module "virtual:service-worker" {
  /** app/offline/service-worker.ts, minified; it expects `BUILD_VERSION` to be defined in front of it. */
  const script: string;
  export default script;
}

declare module "virtual:offline-page-script" {
  /** app/offline/offline-page-script.ts, minified, for the offline page's inline script. */
  const script: string;
  export default script;
}
