/**
 * A version's delta: the blobs a publish changed since the last full write,
 * packed into one KV value so that a one-recipe change costs one blob write
 * instead of one per part it touches (decision 0069). The blobs in it are
 * the very texts a full write would store under `blobKey(hash)`, so every
 * reader answers the same over a pack as over a full write.
 *
 * The text: one line of JSON, `{"pack":PACK_VERSION,"blobs":[[hash, bytes], …]}`
 * (hashes in ascending order, each blob's length in UTF-8 bytes), then the
 * blobs' texts one after the other in that order. The order makes the pack
 * a function of its set of blobs, so the same set packs to the same key.
 * Lengths in bytes let a reader keep the pack as the bytes KV gives (outside
 * the isolate's heap) and decode only the blobs a page asks for.
 */

/** Bumped whenever the pack's text changes shape. */
export const PACK_VERSION = 1;

/** What a manifest says of its version's delta: the pack's hash and the blobs it holds (ascending). */
export interface ManifestDelta {
  pack: string;
  blobs: string[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const LINE_END = 0x0a;

/** The text of a pack holding `blobs` (hash → text). */
export function packText(blobs: ReadonlyMap<string, string>): string {
  const hashes = [...blobs.keys()].sort();
  const texts = hashes.map((hash) => blobs.get(hash) as string);
  const lengths = texts.map((text) => encoder.encode(text).byteLength);
  const header = JSON.stringify({ pack: PACK_VERSION, blobs: hashes.map((hash, at) => [hash, lengths[at]]) });
  return `${header}\n${texts.join("")}`;
}

/** A pack as read: each blob's bytes, a view into the pack's (UTF-8, as KV gives a blob). */
export type ReadPack = Map<string, Uint8Array>;

/**
 * The blobs of a pack by hash; throws when it is not a pack of this version
 * or does not hold exactly `expected` (the manifest's list), so a pack cut
 * short, foreign or of another version is never read as one with fewer blobs.
 */
export function readPack(bytes: Uint8Array, expected: readonly string[]): ReadPack {
  const end = bytes.indexOf(LINE_END);
  let header: { pack?: unknown; blobs?: unknown } | null = null;
  try {
    header = JSON.parse(decoder.decode(end < 0 ? bytes : bytes.subarray(0, end)));
  } catch {
    header = null;
  }
  if (header?.pack !== PACK_VERSION || !Array.isArray(header.blobs)) {
    throw new Error(`catalog: a delta pack is not one of version ${PACK_VERSION}`);
  }
  const blobs: ReadPack = new Map();
  let at = end + 1;
  for (const entry of header.blobs as unknown[]) {
    const [hash, length] = Array.isArray(entry) ? entry : [];
    if (typeof hash !== "string" || !Number.isInteger(length) || length < 0 || at + length > bytes.byteLength) {
      throw new Error("catalog: a delta pack's blob list does not match its bytes");
    }
    blobs.set(hash, bytes.subarray(at, at + length));
    at += length;
  }
  if (at !== bytes.byteLength || blobs.size !== expected.length || expected.some((hash) => !blobs.has(hash))) {
    throw new Error("catalog: a delta pack does not hold the blobs its manifest names");
  }
  return blobs;
}

/** A blob of a pack as text. */
export function packedText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
