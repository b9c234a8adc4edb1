import { readFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Raw, gzip (level 9) and brotli (quality 11) sizes of some files, in bytes. */
export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

/** The size of `content` as it is, gzip'd and brotli'd on its own. */
export function sizeOf(content: Buffer): Size {
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Sizes of each file compressed on its own, as a server sends them, summed. */
export function sizeOfFiles(paths: Iterable<string>): Size {
  const total: Size = { raw: 0, gzip: 0, brotli: 0 };
  for (const path of paths) {
    const size = sizeOf(readFileSync(path));
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  return total;
}

/** Bytes as kilobytes (1 KB = 1,000 bytes, as Lighthouse and Vite count). */
export function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}
