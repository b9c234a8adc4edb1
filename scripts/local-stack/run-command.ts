import { type SpawnOptions, spawn } from "node:child_process";

/**
 * Runs a command to completion and resolves with its output (stdout and
 * stderr together); rejects with `label` (the command as people read it),
 * the exit code and the output's tail, so a failed setup step says why.
 */
export function runCommand(
  file: string,
  args: string[],
  options: Omit<SpawnOptions, "stdio">,
  label: string,
): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolvePromise(output);
      else reject(new Error(`${label} failed (exit ${code}):\n${output.trim().slice(-2000)}`));
    });
  });
}
