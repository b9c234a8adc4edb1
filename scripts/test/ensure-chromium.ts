/**
 * Browser tests drive Debian's Chromium: Playwright's own browser download
 * cannot work on machines without general internet access. This installs the
 * package with apt when it is missing, so a fresh machine needs no manual step.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { CHROMIUM_PATH } from "./chromium.ts";

if (existsSync(CHROMIUM_PATH)) {
  process.exit(0);
}

console.log(`ensure-chromium: ${CHROMIUM_PATH} not found, installing Debian's chromium with apt-get …`);
const asRoot = process.getuid?.() === 0;
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };

function aptGet(...args: string[]): void {
  const [command, commandArgs] = asRoot ? ["apt-get", args] : ["sudo", ["-n", "apt-get", ...args]];
  execFileSync(command, commandArgs, { stdio: "inherit", env });
}

try {
  aptGet("update", "-qq");
  // A font package too: headless Chromium on a bare system has none, and
  // pages would render (and be measured) without text glyphs.
  aptGet("install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core");
} catch (error) {
  console.error(
    "ensure-chromium: could not install chromium. Install it yourself (apt-get install chromium) " +
      "or point CHROMIUM_PATH at a Chromium binary.",
  );
  throw error;
}

if (!existsSync(CHROMIUM_PATH)) {
  throw new Error(`ensure-chromium: apt-get finished but ${CHROMIUM_PATH} still does not exist`);
}
