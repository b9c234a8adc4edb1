/**
 * How a publish's new blobs go to KV: each under its own key (a full
 * write), or together in one delta pack beside the base version's blobs
 * (decision 0069). A version's blobs are what the catalog alone decides;
 * which of them lie in the pack depends on the publishes since the last
 * full write, and only the manifest's `delta` says so.
 */
import { type ManifestDelta, packText } from "../format/blob-pack.ts";
import { sha256 } from "../format/sha256.ts";
import { contentManifest, type Manifest } from "../format/storage.ts";

/**
 * The most characters a pack may hold. Above it the publish writes every
 * blob the pack would hold under its own key (the compaction), and the
 * next delta starts empty. Every page isolate that serves the version
 * holds the pack's bytes, outside its heap (decision 0053's budget: at
 * 350,000 recipes 41 MB of heap and 46 MB of array buffers of 128 MB), and
 * reads it once per version; a one-recipe change at 50,000 recipes adds
 * about a million characters (decision 0069's figures).
 */
export const PACK_CHARS_BOUND = 8_000_000;

/** A version by its manifest and name (plan-version.ts's PlannedVersion; that module writes with this one). */
interface NamedVersion {
  manifest: Manifest;
  hash: string;
}

/** A pack to write and the version that names it. */
export interface PackedVersion {
  version: NamedVersion;
  pack: { hash: string; text: string } | null;
}

/**
 * Whether the blobs a version lacks in KV go into one pack: only over a
 * base (a live version of the same formats: a first publish, or one after a
 * format change, writes every blob under its own key), only when more than
 * one blob is new (one blob costs one write either way), and only while
 * they fit within `bound` characters.
 */
export function packs(missing: { count: number; chars: number }, base: boolean, bound: number): boolean {
  return base && missing.count > 1 && missing.chars <= bound;
}

/**
 * The version that names a pack of `missing` (the blobs of `version` that
 * have no key of their own in KV, hash → text), or the version as it is
 * when the pack would exceed `bound`.
 */
export async function packedVersion(
  version: NamedVersion,
  missing: ReadonlyMap<string, string>,
  bound: number,
): Promise<PackedVersion> {
  const text = packText(missing);
  if (missing.size < 2 || text.length > bound) return { version, pack: null };
  const hash = await sha256(text);
  const delta: ManifestDelta = { pack: hash, blobs: [...missing.keys()].sort() };
  // The delta goes last: without it the manifest is, byte for byte, the full write's (contentManifest).
  const manifest: Manifest = { ...version.manifest, delta };
  return { version: { manifest, hash: await sha256(JSON.stringify(manifest)) }, pack: { hash, text } };
}

/** The name a full write gives the version a manifest describes: a build of the same catalog answers it. */
export async function contentName(name: string, manifest: Manifest): Promise<string> {
  return manifest.delta ? sha256(JSON.stringify(contentManifest(manifest))) : name;
}
