/**
 * Installs a Debian package with apt-get, as root or through passwordless
 * sudo, for the test stages that run a real server from Debian (PostgreSQL,
 * Redis) on a fresh machine without a manual step.
 */
import { execFileSync } from "node:child_process";

/** `apt-get update` and `apt-get install <name>`; throws naming the package when neither root nor sudo works. */
export function aptInstall(name: string): void {
  const asRoot = process.getuid?.() === 0;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const aptGet = (...args: string[]) => {
    const [command, commandArgs] = asRoot ? ["apt-get", args] : ["sudo", ["-n", "apt-get", ...args]];
    execFileSync(command, commandArgs, { stdio: "inherit", env });
  };
  try {
    aptGet("update", "-qq");
    aptGet("install", "-y", "-qq", "--no-install-recommends", name);
  } catch (error) {
    throw new Error(
      `apt: could not install ${name} with apt-get (needs root or passwordless sudo). ` +
        `Install it yourself (apt-get install ${name}) and run the tests again.`,
      { cause: error },
    );
  }
}
