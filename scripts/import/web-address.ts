/**
 * Addresses found in a recipe (its `url`, `@id`, `image`): only http and https are taken, made
 * absolute against the page they came from. Anything else (`javascript:`, `data:`, `file:`…) is
 * refused, and its scheme named for the editor.
 */
import { createHash } from "node:crypto";

export type AddressReading =
  | { ok: true; url: string }
  | { ok: false; scheme: string }
  | { ok: false; relative: true }
  | { ok: false; invalid: true };

/** Longer addresses are refused: no image or page needs more, and the CMS' fields hold 255 to 2,000. */
export const MAX_ADDRESS_LENGTH = 2_000;

/** An http(s) address from `raw`, resolved against `base` (the page's address) when relative. */
export function webAddress(raw: string, base: string | null): AddressReading {
  const text = raw.trim();
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(text.replace(/[\t\n\r]/g, ""))?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== "http" && scheme !== "https") return { ok: false, scheme };
  if (scheme === undefined && base === null) return { ok: false, relative: true };
  let url: URL;
  try {
    url = new URL(text, base ?? undefined);
  } catch {
    return { ok: false, invalid: true };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, scheme: url.protocol.slice(0, -1) };
  if (url.href.length > MAX_ADDRESS_LENGTH || url.hostname === "") return { ok: false, invalid: true };
  return { ok: true, url: url.href };
}

/** Why an address was not taken, for a problem: "nur http(s)-Adressen, nicht „data“". */
export function refusal(reading: Exclude<AddressReading, { ok: true }>): string {
  if ("scheme" in reading) return `nur http(s)-Adressen, nicht „${reading.scheme.slice(0, 20)}“`;
  if ("relative" in reading) return "eine relative Adresse ohne die Adresse der Seite";
  return "keine gültige Adresse";
}

/** The CMS' `import_key` holds 255 characters. */
export const MAX_KEY_LENGTH = 255;

/** A key short enough for the CMS: a longer one keeps its start and gets a hash of the whole. */
export function fittingKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key;
  const hash = createHash("sha256").update(key).digest("hex").slice(0, 40);
  const start = key.slice(0, MAX_KEY_LENGTH - 48).replace(/[\ud800-\udbff]$/, "");
  return `${start}#sha256:${hash}`;
}
