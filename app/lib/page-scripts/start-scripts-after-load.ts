/**
 * The inline script that starts a page's JavaScript once the page has
 * loaded and painted (decision 0045). Every page is whole without
 * JavaScript: forms post, links are anchors. Asked for while the page
 * loads, its scripts (about 120 KB gzipped) share a slow connection with
 * the stylesheet and the largest image, and hold them up. So React
 * Router's page module script comes as data (DEFERRED_MODULE_TYPE), and
 * this script, once the page has loaded and been painted, asks for every
 * build script the page names at once (module preloads, so they do not
 * wait for each other's imports) and then runs the module script as React
 * Router wrote it.
 */
import { DEFERRED_MODULE_TYPE, scriptsToPreload } from "./deferred-module.ts";

/** The framework chunk (React, React DOM, React Router: vite.config.ts), by the name the build gives it. */
const FRAMEWORK_CHUNK = /^\/assets\/framework-[\w-]+\.js$/;

function start(): void {
  const deferred = document.querySelector<HTMLScriptElement>(`script[type="${DEFERRED_MODULE_TYPE}"]`);
  if (!deferred) return;
  const text = deferred.textContent ?? "";
  const scripts = scriptsToPreload(text);
  // Every step below in a task of its own (decision 0059): together they were one task of up to 10 ms on this
  // project's 2-core host, and the modules' evaluation one of up to 25 ms, which a slow phone stretches several
  // times. A timer of 0 ms is a task of its own; they run in the order they were set.
  for (const href of scripts) setTimeout(() => addModulePreload(href), 0);
  // The framework chunk is evaluated first, alone, then the module script (the site's modules and the client
  // entry): two shorter evaluations instead of one.
  const runModule = () => setTimeout(() => runModuleScript(deferred, text), 0);
  const framework = scripts.find((script) => FRAMEWORK_CHUNK.test(script));
  setTimeout(() => {
    if (framework) import(/* @vite-ignore */ framework).then(runModule, runModule);
    else runModule();
  }, 0);
}

function addModulePreload(href: string): void {
  const preload = document.createElement("link");
  preload.rel = "modulepreload";
  preload.href = href;
  document.head.appendChild(preload);
}

/** Runs React Router's module script as it was written, with the page's nonce. */
function runModuleScript(deferred: HTMLScriptElement, text: string): void {
  const module = document.createElement("script");
  module.type = "module";
  // A script this one adds inline needs the page's nonce (CSP's 'strict-dynamic' covers only added files).
  module.nonce = deferred.nonce;
  module.textContent = text;
  // The data block stays where it is: React hydrates <Scripts>'s elements and expects to find it.
  document.head.appendChild(module);
}

/**
 * After `load`, once the image the page asks for at high priority (its
 * largest paint) is decoded, in the task after the next frame: `load` alone
 * may come before that image is painted, since it is decoded off the main
 * thread.
 */
function afterPaint(): void {
  // A tab opened in the background paints no frames: there the scripts start at once.
  if (document.visibilityState !== "visible") {
    start();
    return;
  }
  const firstImage = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const decoded = firstImage ? firstImage.decode().catch(() => undefined) : Promise.resolve();
  void decoded.then(() => requestAnimationFrame(() => setTimeout(start, 0)));
}

if (document.readyState === "complete") afterPaint();
else window.addEventListener("load", afterPaint, { once: true });
