import { readFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Raw, gzip (level 9) and brotli (quality 11) sizes of some files, in bytes. */
export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Sizes of each file compressed on its own, as a server sends them, summed. */
export function sizeOfFiles(paths: Iterable<string>): Size {
  const total: Size = { raw: 0, gzip: 0, brotli: 0 };
  for (const path of paths) {
    const content = readFileSync(path);
    total.raw += content.length;
    total.gzip += gzipSync(content, { level: 9 }).length;
    total.brotli += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return total;
}

/** Bytes as kilobytes (1 KB = 1,000 bytes, as Lighthouse and Vite count). */
export function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}
