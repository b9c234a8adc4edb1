/**
 * Module hooks for scripts/bench/render-ab.ts: the built Worker imports its
 * bindings from `cloudflare:workers`, which only workerd provides. Here
 * that module hands out what render-ab.ts put in `globalThis.renderAbEnv`.
 */
import type { ResolveHook } from "node:module";

const BINDINGS_MODULE = `data:text/javascript,${encodeURIComponent("export const env = globalThis.renderAbEnv;")}`;

export const resolve: ResolveHook = (specifier, context, nextResolve) =>
  specifier === "cloudflare:workers" ? { url: BINDINGS_MODULE, shortCircuit: true } : nextResolve(specifier, context);
