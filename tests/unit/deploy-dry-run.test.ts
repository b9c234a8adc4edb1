import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  checkSourceMaps,
  measureWorkerBundle,
  shareOfLimit,
  WORKER_SIZE_LIMIT,
} from "../../scripts/test/deploy-dry-run.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "deploy-dry-run-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, content: string): void {
  mkdirSync(join(dir, path, ".."), { recursive: true });
  writeFileSync(join(dir, path), content);
}

describe("measureWorkerBundle", () => {
  it("counts every module, in subfolders too, and nothing else, as one gzip stream", () => {
    write("index.js", "export default {};\n");
    write("assets/chunk.js", "export const a = 1;\n".repeat(100));
    write("assets/chunk.js.map", "{}".repeat(1000));
    write("README.md", "not uploaded");
    const size = measureWorkerBundle(dir);
    expect(size.files).toBe(2);
    expect(size.raw).toBe(19 + 20 * 100);
    expect(size.gzip).toBeLessThan(size.raw);
  });

  it("refuses a folder without modules", () => {
    write("README.md", "nothing");
    expect(() => measureWorkerBundle(dir)).toThrow(/no Worker modules/);
  });

  it("puts the share of the plan's limit in percent", () => {
    expect(shareOfLimit({ files: 1, raw: 0, gzip: WORKER_SIZE_LIMIT.gzipBytes / 4 })).toBe(25);
    expect(WORKER_SIZE_LIMIT.gzipBytes).toBe(3 * 1024 * 1024);
  });
});

describe("checkSourceMaps", () => {
  it("counts the maps the modules point to", () => {
    write("server/index.js", "x\n//# sourceMappingURL=index.js.map");
    write("server/index.js.map", "{}");
    write("server/assets/a.js", "y\n//# sourceMappingURL=a.js.map\n");
    write("server/assets/a.js.map", "{}");
    write("server/assets/runtime.js", "z");
    write("client/assets/entry.js", "w");
    expect(checkSourceMaps(dir)).toBe(2);
  });

  it("fails without a map for the entry, with a missing map, or with maps among the public assets", () => {
    write("client/assets/entry.js", "w");
    write("server/index.js", "x");
    expect(() => checkSourceMaps(dir)).toThrow(/has no source map/);
    write("server/index.js", "x\n//# sourceMappingURL=index.js.map");
    expect(() => checkSourceMaps(dir)).toThrow(/missing source map/);
    write("server/index.js.map", "{}");
    write("client/assets/entry.js.map", "{}");
    expect(() => checkSourceMaps(dir)).toThrow(/among the public assets/);
  });
});
