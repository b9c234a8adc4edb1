/**
 * The sites these tests run on are served the way `npm start` serves its
 * own (scripts/local-stack/secrets-file.ts): secrets in a private file, not
 * on a command line that any local user can read.
 */
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

const SECRETS = ["SYNC_TOKEN", "FORM_TOKEN_SECRET"];

function commandLines(): { pid: string; line: string }[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        return [{ pid, line: readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ") }];
      } catch {
        return []; // gone meanwhile
      }
    });
}

test("no process of the local stack carries a secret on its command line", () => {
  const lines = commandLines();
  // Not vacuous: the sites under test are running, each wrangler given its secrets file.
  expect(lines.filter(({ line }) => line.includes("wrangler") && line.includes("--env-file")).length).toBeGreaterThan(
    0,
  );
  const leaks = lines.filter(({ line }) => SECRETS.some((name) => line.includes(name)));
  expect(leaks).toEqual([]);
});
