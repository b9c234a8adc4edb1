import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type Size, sizeOfFiles } from "./sizes.ts";

const SERVER_DIR = "build/server";

/** Every JavaScript module of the built Worker: what a deploy uploads. */
export function workerBundleSize(): { files: number; size: Size } {
  const files = [
    join(SERVER_DIR, "index.js"),
    ...readdirSync(join(SERVER_DIR, "assets"))
      .filter((name) => name.endsWith(".js"))
      .map((name) => join(SERVER_DIR, "assets", name)),
  ];
  return { files: files.length, size: sizeOfFiles(files) };
}
