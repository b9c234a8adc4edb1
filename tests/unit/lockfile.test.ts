import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Lockfile, missingOptionalPackages, platformFromName } from "../../scripts/test/lockfile-platforms.ts";

const readLock = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Lockfile;

// `npm ci` refuses a lockfile that lacks an optional dependency some locked
// package declares (other platforms' builds of Biome and workerd, say), and
// deploy pipelines install with `npm ci`.
describe("lockfiles", () => {
  for (const file of ["package-lock.json", "cms/package-lock.json"]) {
    it(`${file} holds every optional dependency its packages declare`, () => {
      const missing = missingOptionalPackages(readLock(file)).map((item) => `${item.name}@${item.spec}`);
      // On failure: node scripts/test/lockfile-platforms.ts --fix
      expect(missing).toEqual([]);
    });
  }

  it("holds one workerd, the one the override names, for every Cloudflare tool (decision 0038)", () => {
    const { packages } = readLock("package-lock.json");
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { overrides: Record<string, string> };
    const workerds = Object.keys(packages).filter((path) => path.endsWith("node_modules/workerd"));
    expect(workerds).toEqual(["node_modules/workerd"]);
    expect(packages["node_modules/workerd"]?.version).toBe(manifest.overrides.workerd);
  });

  it("holds every platform build of Biome and workerd", () => {
    const { packages } = readLock("package-lock.json");
    for (const parent of ["node_modules/@biomejs/biome", "node_modules/workerd"]) {
      const declared = Object.keys(packages[parent]?.optionalDependencies ?? {});
      expect(declared.length, parent).toBeGreaterThan(2);
      for (const name of declared) expect(packages[`node_modules/${name}`]?.optional, name).toBe(true);
    }
  });
});

describe("missingOptionalPackages", () => {
  const lock = (packages: Lockfile["packages"]): Lockfile => ({ lockfileVersion: 3, packages });

  it("finds an optional dependency resolved at the top or beside its parent, and reports one that is not", () => {
    const missing = missingOptionalPackages(
      lock({
        "": {},
        "node_modules/tool": { optionalDependencies: { "tool-linux": "1.0.0", "tool-darwin": "1.0.0", shared: "1" } },
        "node_modules/tool/node_modules/tool-linux": { version: "1.0.0", optional: true },
        "node_modules/shared": { version: "1.0.0" },
      }),
    );
    expect(missing).toEqual([{ parent: "node_modules/tool", name: "tool-darwin", spec: "1.0.0" }]);
  });

  it("does not look into a sibling's own node_modules", () => {
    const missing = missingOptionalPackages(
      lock({
        "node_modules/a": { optionalDependencies: { b: "1.0.0" } },
        "node_modules/c/node_modules/b": { version: "1.0.0" },
      }),
    );
    expect(missing.map((item) => item.name)).toEqual(["b"]);
  });
});

describe("platformFromName", () => {
  it("reads operating system, CPU and libc from a platform build's name", () => {
    expect(platformFromName("@biomejs/cli-android-arm64")).toEqual({ cpu: ["arm64"], os: ["android"] });
    expect(platformFromName("@biomejs/cli-linux-x64-musl")).toEqual({ cpu: ["x64"], libc: ["musl"], os: ["linux"] });
    expect(platformFromName("@cloudflare/workerd-windows-64")).toEqual({ cpu: ["x64"], os: ["win32"] });
  });
});
