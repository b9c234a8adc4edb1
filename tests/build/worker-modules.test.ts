import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The built Worker's modules (run the build first; vitest.worker.config.ts,
 * project worker-build): what an isolate loads when it starts, and what
 * only a dynamic import loads later. The error tracker's SDK must be among
 * the latter (workers/error-tracker.ts, decision 0036): a Worker without
 * SENTRY_DSN never loads it.
 */
const BUILD = "build/server";
const ENTRY = "index.js";
/** The query parameter the SDK sends its key in, to Sentry's ingest: the module that holds it holds the SDK. */
const SDK_MARKER = "sentry_key";

/** A module's static imports and re-exports of other modules of the build (relative specifiers). */
function staticImports(source: string): string[] {
  const specifiers = [...source.matchAll(/^(?:import|export)\b[^;"']*?(?:from\s*)?["'](\.{1,2}\/[^"']+)["']/gm)];
  return specifiers.map((match) => match[1] ?? "");
}

/** The modules an isolate loads when it starts: the entry and what it imports statically, transitively. */
function loadedAtStart(dir: string, entry: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const specifier of staticImports(readFileSync(join(dir, file), "utf8"))) {
      visit(normalize(join(dirname(file), specifier)));
    }
  };
  visit(entry);
  return loaded;
}

function modules(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

describe("the built Worker", () => {
  it("holds the error tracker's SDK in a module of its own that it loads only on demand", () => {
    const withSdk = modules(BUILD).filter((file) => readFileSync(join(BUILD, file), "utf8").includes(SDK_MARKER));
    expect(withSdk).toHaveLength(1);
    const [sdk] = withSdk as [string];
    expect([...loadedAtStart(BUILD, ENTRY)]).not.toContain(sdk);
    // It is there to be loaded: the entry imports it dynamically.
    expect(readFileSync(join(BUILD, ENTRY), "utf8")).toContain(`import("./${sdk}")`);
  });

  it.each([
    ['import { a } from "./assets/x.js";', ["./assets/x.js"]],
    ['import * as m from "./x.js";\nexport { b } from "../y.js";', ["./x.js", "../y.js"]],
    ['import "./side.js";', ["./side.js"]],
    ['const m = await import("./lazy.js");', []],
    ['import { env } from "cloudflare:workers";', []],
  ])("reads the static imports of %j", (source, expected) => {
    expect(staticImports(source)).toEqual(expected);
  });
});
