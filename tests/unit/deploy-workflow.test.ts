/**
 * The workflows in .github/workflows cannot run here: actionlint and our
 * rules (scripts/test/check-workflows.ts) read them instead, and the deploy
 * workflow's own promises (one deploy at a time, least permissions, secrets
 * by name) are read from its parsed YAML.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type Finding, packageFacts, workflowFiles, workflowFindings } from "../../scripts/test/check-workflows.ts";

const facts = packageFacts();
const DEPLOY = ".github/workflows/deploy.yml";
const deployText = readFileSync(DEPLOY, "utf8");

describe("every workflow", () => {
  it.each(workflowFiles())("%s has no finding", async (file) => {
    expect(await workflowFindings(file, readFileSync(file, "utf8"), facts)).toEqual([]);
  });
});

/** The deploy workflow with `from` replaced by `to` (which must be there). */
function deployWith(from: string | RegExp, to: string): string {
  const changed = deployText.replace(from, to);
  if (changed === deployText) throw new Error(`test: ${from} is not in ${DEPLOY}`);
  return changed;
}

describe("a broken deploy workflow", () => {
  const BROKEN: { name: string; text: string; kind: string; message: RegExp }[] = [
    {
      name: "an npm script package.json does not have",
      text: deployWith("npm run deploy:rollout", "npm run deploy:roll-out"),
      kind: "npm",
      message: /npm run deploy:roll-out: package\.json has no such script/,
    },
    {
      name: "npm install instead of npm ci",
      text: deployWith(/- run: npm ci\n/, "- run: npm install\n"),
      kind: "npm",
      message: /npm install: only npm ci, npm test and npm run/,
    },
    {
      name: "a tool no devDependency provides",
      text: deployWith("npm run deploy\n", "npx wranglr deploy --env production\n"),
      kind: "npx",
      message: /npx wranglr: no devDependency provides it/,
    },
    {
      name: "an action by tag",
      text: deployWith(/actions\/checkout@[0-9a-f]{40}/, "actions/checkout@v7"),
      kind: "pin",
      message: /actions\/checkout@v7: pin the action to a full commit SHA/,
    },
    {
      name: "broken YAML",
      text: deployWith(
        "    runs-on: ubuntu-24.04\n    environment: production",
        "    runs-on: [ubuntu-24.04\n    environment: production",
      ),
      kind: "syntax-check",
      message: /could not parse as YAML/,
    },
    {
      name: "a job that needs one that does not exist",
      text: deployWith("needs: test", "needs: tests"),
      kind: "job-needs",
      message: /needs job "tests" which does not exist/,
    },
    {
      name: "a context that does not exist",
      text: deployWith(`\${{ secrets.CLOUDFLARE_API_TOKEN }}`, `\${{ secret.CLOUDFLARE_API_TOKEN }}`),
      kind: "expression",
      message: /undefined variable "secret"/,
    },
    {
      name: "an output of a step that does not exist",
      text: deployWith(`\${{ steps.upload.outputs.version }}`, `\${{ steps.uploaded.outputs.version }}`),
      kind: "expression",
      message: /property "uploaded" is not defined/,
    },
    {
      name: "an unknown key in a step",
      text: deployWith("      - run: npm test", "      - runs: npm test"),
      kind: "syntax-check",
      message: /unexpected key "runs"/,
    },
    // (An input an action does not have is not among them: actionlint knows the inputs of actions by release
    // tag, and these are pinned to commits.)
    {
      name: "a runner that does not exist",
      text: deployWith("runs-on: ubuntu-24.04\n    # The tests", "runs-on: ubuntu-2404\n    # The tests"),
      kind: "runner-label",
      message: /label "ubuntu-2404" is unknown/,
    },
    {
      name: "a step output read before the step that writes it",
      text: deployWith("steps.upload.outputs.previous != ''", "steps.rollback.outputs.previous != ''"),
      kind: "expression",
      message: /property "rollback" is not defined/,
    },
    {
      name: "a permission that does not exist",
      text: deployWith("contents: read", "content: read"),
      kind: "permissions",
      message: /unknown permission scope "content"/,
    },
    {
      name: "an event input that does not exist",
      text: deployWith("inputs.action == 'rollback'", "inputs.task == 'rollback'"),
      kind: "expression",
      message: /property "task" is not defined/,
    },
  ];

  it.each(BROKEN)("is found: $name", async ({ text, kind, message }) => {
    const findings: Finding[] = await workflowFindings(DEPLOY, text, facts);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.some((finding) => finding.kind === kind && message.test(finding.message))).toBe(true);
  });
});

describe("the deploy workflow", () => {
  const workflow = parse(deployText) as {
    on: { push: { branches: string[] }; workflow_dispatch: { inputs: Record<string, { options?: string[] }> } };
    concurrency: { group: string; "cancel-in-progress": boolean };
    permissions: Record<string, string>;
    jobs: Record<string, { environment?: string; needs?: string; steps: { run?: string }[] }>;
  };

  it("deploys from main, and by hand to roll out, deploy all at once or roll back", () => {
    expect(workflow.on.push.branches).toEqual(["main"]);
    expect(workflow.on.workflow_dispatch.inputs.action?.options).toEqual(["rollout", "all-at-once", "rollback"]);
  });

  it("runs one deploy at a time and never cancels one halfway", () => {
    expect(workflow.concurrency).toEqual({ group: "deploy-production", "cancel-in-progress": false });
  });

  it("may only read the repository", () => {
    expect(workflow.permissions).toEqual({ contents: "read" });
  });

  it("deploys only after npm test passed, from the production environment", () => {
    expect(workflow.jobs.test?.steps.map((step) => step.run).filter(Boolean)).toContain("npm test");
    expect(workflow.jobs.deploy?.needs).toBe("test");
    expect(workflow.jobs.deploy?.environment).toBe("production");
    expect(workflow.jobs.rollback?.environment).toBe("production");
    expect(workflow.jobs.test?.environment).toBeUndefined();
  });

  it("names its secrets and holds no value of one", () => {
    const secrets = [...deployText.matchAll(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g)].map((match) => match[1]);
    expect(new Set(secrets)).toEqual(new Set(["CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID", "SYNC_TOKEN"]));
    // Nothing that looks like a token or an account id (32 or more hex or base64 characters outside a pinned action).
    const withoutPins = deployText.replace(/@[0-9a-f]{40}/g, "");
    expect(withoutPins).not.toMatch(/[A-Za-z0-9_-]{32,}/);
  });
});
