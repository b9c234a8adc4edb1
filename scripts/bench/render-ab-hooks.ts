/**
 * Module hooks for scripts/bench/render-ab.ts: the built Worker imports its
 * bindings from `cloudflare:workers`, which only workerd provides. Here
 * that module hands out what render-ab.ts put in `globalThis.renderAbEnv`,
 * a base class for the catalog coordinator (a Durable Object these
 * requests never reach) and a `waitUntil` that lets the promise run.
 */
import type { ResolveHook } from "node:module";

const BINDINGS_MODULE = `data:text/javascript,${encodeURIComponent(
  [
    "export const env = globalThis.renderAbEnv;",
    "export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }",
    "export function waitUntil(promise) { promise.catch(() => {}); }",
  ].join("\n"),
)}`;

export const resolve: ResolveHook = (specifier, context, nextResolve) =>
  specifier === "cloudflare:workers" ? { url: BINDINGS_MODULE, shortCircuit: true } : nextResolve(specifier, context);
