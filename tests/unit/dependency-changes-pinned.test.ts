/**
 * A package whose files the build changes (vite-plugins/) must be pinned to
 * one exact version: with a range, an install could bring a new version
 * whose text a change does not find (the build stops) or, worse, finds in a
 * different context. The lockfile then holds that same version, and React's
 * packages move together.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { reactDomStringChunks } from "../../vite-plugins/react-dom-string-chunks.ts";
import { reactRouterScriptsAfterLoad } from "../../vite-plugins/react-router-scripts-after-load.ts";

const CHANGES = [reactDomStringChunks, reactRouterScriptsAfterLoad];
const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { version?: string }>;
};
const declared = (name: string) => manifest.dependencies[name] ?? manifest.devDependencies[name];

describe("packages changed at build time", () => {
  it.each(CHANGES.map((change) => [change.package, change.name]))("%s (%s) is pinned exactly", (name) => {
    const spec = declared(name);
    expect(spec, `${name} in package.json`).toMatch(/^\d+\.\d+\.\d+$/);
    expect(lock.packages[`node_modules/${name}`]?.version).toBe(spec);
  });

  it("React and React DOM are the same version, as React requires", () => {
    expect(declared("react")).toBe(declared("react-dom"));
  });

  it("React Router's build tools are React Router's version", () => {
    expect(declared("@react-router/dev")).toBe(declared("react-router"));
  });
});
