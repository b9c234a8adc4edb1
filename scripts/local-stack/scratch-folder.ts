/**
 * Scratch folders for what the local stack starts for tests and benchmarks:
 * each lives exactly as long as the thing that works in it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Starts something in a new temporary folder (named after `prefix`); its
 * `stop()` also removes the folder, and a start that fails removes it at once,
 * so nothing that never came up leaves a folder behind.
 */
export async function inScratchFolder<T extends { stop(): Promise<void> }>(
  prefix: string,
  start: (folder: string) => Promise<T>,
): Promise<T> {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  let started: T;
  try {
    started = await start(folder);
  } catch (error) {
    remove();
    throw error;
  }
  return {
    ...started,
    async stop() {
      await started.stop();
      remove();
    },
  };
}
