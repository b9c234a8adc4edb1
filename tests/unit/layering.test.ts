/**
 * The layering of .dependency-cruiser.mjs, run the way `npx depcruise` runs
 * it: the project keeps every rule, and each rule catches what it is for
 * (a table of small projects that break one rule each).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const DEPCRUISE = join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The rules' violations in `cwd` over `folders`, and how many modules were read. */
function cruise(cwd: string, folders: string[]): { violations: Violation[]; modules: number } {
  const run = spawnSync(
    process.execPath,
    [DEPCRUISE, ...folders, "--config", join(cwd, ".dependency-cruiser.mjs"), "--output-type", "json"],
    { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0 && !run.stdout.startsWith("{")) throw new Error(`depcruise failed: ${run.stderr}`);
  const { summary } = JSON.parse(run.stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  return { violations: summary.violations, modules: summary.totalCruised };
}

describe("the layering", () => {
  it("holds for the project", () => {
    const { violations, modules } = cruise(ROOT, ["app", "catalog", "logging", "workers", "scripts", "tests"]);
    expect(violations).toEqual([]);
    // Not vacuous: every TypeScript module was read.
    expect(modules).toBeGreaterThan(300);
  }, 120_000);

  it.each([
    [
      "no-circular",
      {
        "app/a.ts": 'import { b } from "./b.ts";\nexport const a = b;',
        "app/b.ts": 'import { a } from "./a.ts";\nexport const b = () => a;',
      },
    ],
    [
      "app-not-to-workers",
      {
        "app/page.ts": 'import { x } from "../workers/entry.ts";\nexport const y = x;',
        "workers/entry.ts": "export const x = 1;",
      },
    ],
    [
      "runtime-not-to-scripts",
      {
        "workers/entry.ts": 'import { t } from "../scripts/tool.ts";\nexport const x = t;',
        "scripts/tool.ts": "export const t = 1;",
      },
    ],
    [
      "runtime-not-to-tests",
      {
        "app/page.ts": 'import { f } from "../tests/fixture.ts";\nexport const y = f;',
        "tests/fixture.ts": "export const f = 1;",
      },
    ],
    [
      "search-engine-stands-alone",
      {
        "catalog/search/engine/index.ts": 'import { w } from "../search-words.ts";\nexport const i = w;',
        "catalog/search/search-words.ts": "export const w = 1;",
      },
    ],
    [
      "catalog-stands-alone",
      {
        "catalog/view/view.ts": 'import { p } from "../../app/page.ts";\nexport const v = p;',
        "app/page.ts": "export const p = 1;",
      },
    ],
  ] as [string, Record<string, string>][])(
    "catches a project that breaks %s",
    (rule, files) => {
      const dir = mkdtempSync(join(tmpdir(), "layering-"));
      try {
        copyFileSync(join(ROOT, ".dependency-cruiser.mjs"), join(dir, ".dependency-cruiser.mjs"));
        writeFileSync(
          join(dir, "tsconfig.json"),
          JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true } }),
        );
        for (const [path, text] of Object.entries(files)) {
          mkdirSync(dirname(join(dir, path)), { recursive: true });
          writeFileSync(join(dir, path), text);
        }
        const { violations: found } = cruise(
          dir,
          ["app", "catalog", "logging", "workers", "scripts", "tests"].filter((folder) =>
            Object.keys(files).some((path) => path.startsWith(`${folder}/`)),
          ),
        );
        expect(found.map((violation) => violation.rule.name)).toContain(rule);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
