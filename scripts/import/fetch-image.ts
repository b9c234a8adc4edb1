/**
 * Downloads a recipe's image for `npm run import`, so the draft holds a copy in
 * Directus' files instead of a link to someone else's server. Only what a
 * recipe page can show is taken: http(s), a raster image (never SVG, which can
 * carry script), at most 10 MB, within a time limit, through at most five
 * redirects, each checked again. A refusal is a German sentence for the editor.
 */

/** What was downloaded: bytes whose first bytes agree with the image type the server named. */
export interface FetchedImage {
  data: Uint8Array<ArrayBuffer>;
  type: ImageType;
  /** A file name for Directus' library, from the address's last segment. */
  name: string;
}

export interface ImageLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export const IMAGE_LIMITS: ImageLimits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 20_000, maxRedirects: 5 };

/** The image types Directus' transforms read and every browser shows; their file endings. */
const IMAGE_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
} as const;
type ImageType = keyof typeof IMAGE_TYPES;

/** A download that was refused; `message` is German, for the recipe's problems. */
export class ImageRefused extends Error {}

function isImageType(type: string): type is ImageType {
  return Object.hasOwn(IMAGE_TYPES, type);
}

/** Whether the first bytes are those of `type`: a server that calls an HTML page image/jpeg is not believed. */
function looksLike(type: ImageType, bytes: Uint8Array): boolean {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  const ascii = (offset: number, text: string) =>
    [...text].every((character, index) => bytes[offset + index] === character.charCodeAt(0));
  switch (type) {
    case "image/jpeg":
      return starts(0xff, 0xd8, 0xff);
    case "image/png":
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case "image/gif":
      return ascii(0, "GIF8");
    case "image/webp":
      return ascii(0, "RIFF") && ascii(8, "WEBP");
    case "image/avif":
      return ascii(4, "ftyp") && (ascii(8, "avif") || ascii(8, "avis"));
  }
}

function fileName(url: URL, type: ImageType): string {
  const last = decodeURIComponent(url.pathname.split("/").pop() ?? "").replace(/\.[^.]*$/, "");
  const base =
    last
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "rezeptbild";
  return `${base}.${IMAGE_TYPES[type]}`;
}

function webAddress(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new ImageRefused("keine gültige Adresse");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ImageRefused(`nur http- und https-Adressen werden geladen, nicht ${url.protocol}`);
  }
  return url;
}

/** Reads the body up to `maxBytes`, refusing (and cancelling) a longer one. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new ImageRefused(`größer als ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      length += chunk.byteLength;
      if (length > maxBytes) {
        await response.body.cancel().catch(() => {});
        throw new ImageRefused(`größer als ${Math.round(maxBytes / 1024 / 1024)} MB`);
      }
      chunks.push(chunk);
    }
  }
  const data = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    data.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return data;
}

/** Downloads the image at `address`, or throws ImageRefused with the German reason. */
export async function fetchImage(address: string, limits: ImageLimits = IMAGE_LIMITS): Promise<FetchedImage> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = webAddress(address);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await fetch(url, {
        redirect: "manual",
        signal,
        headers: { accept: Object.keys(IMAGE_TYPES).join(", ") },
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get("location");
        if (!location) throw new ImageRefused(`Weiterleitung (${response.status}) ohne Ziel`);
        if (redirects >= limits.maxRedirects) throw new ImageRefused(`mehr als ${limits.maxRedirects} Weiterleitungen`);
        url = webAddress(location, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new ImageRefused(`der Server antwortet ${response.status}`);
      }
      const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      if (!isImageType(type)) {
        await response.body?.cancel();
        throw new ImageRefused(`kein Bild in einem üblichen Format (${type || "ohne Typ"})`);
      }
      const data = await readCapped(response, limits.maxBytes);
      if (!looksLike(type, data)) throw new ImageRefused(`der Inhalt ist kein Bild vom Typ ${type}`);
      return { data, type, name: fileName(url, type) };
    }
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    if (signal.aborted) throw new ImageRefused(`keine vollständige Antwort in ${limits.timeoutMs / 1000} s`);
    throw new ImageRefused("nicht erreichbar");
  }
}
