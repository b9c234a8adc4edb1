/**
 * The images a Recipe names, fetched as a crawler would: Google's image guidelines for structured data ask
 * for a format Google Images reads and, for the best results, at least 50,000 pixels (width × height) in
 * 16:9, 4:3 and 1:1. Only `npm run validate:recipes -- --images` and the browser stage fetch them: a page's
 * JSON-LD alone cannot tell.
 */
import sharp from "sharp";

/** The formats Google Images reads, as sharp names them (sharp reads BMP only through libvips' magick, so by type). */
const GOOGLE_IMAGE_TYPES = [
  "image/bmp",
  "image/gif",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/svg+xml",
  "image/avif",
];
const MIN_PIXELS = 50_000;

export interface ServedImage {
  url: string;
  /** Why a crawler could not use it, or null. */
  problem: string | null;
  /** Width ÷ height, when it could be read. */
  ratio: number | null;
}

/** Fetches `url` and checks its answer, type and size. */
export async function checkServedImage(url: string): Promise<ServedImage> {
  const response = await fetch(url);
  const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (response.status !== 200) {
    await response.body?.cancel();
    return { url, problem: `image ${url} answered ${response.status}`, ratio: null };
  }
  if (!GOOGLE_IMAGE_TYPES.includes(type)) {
    await response.body?.cancel();
    return { url, problem: `image ${url} is ${type || "of no type"}, not a format Google Images reads`, ratio: null };
  }
  const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  if (!width || !height) return { url, problem: `image ${url} has no size sharp can read`, ratio: null };
  if (width * height < MIN_PIXELS) {
    return {
      url,
      problem: `image ${url} has ${width} × ${height} pixels, fewer than ${MIN_PIXELS}`,
      ratio: width / height,
    };
  }
  return { url, problem: null, ratio: width / height };
}

/** The aspect ratios Google asks a recipe's images to cover, and how close a ratio must come. */
const RATIOS = { "16:9": 16 / 9, "4:3": 4 / 3, "1:1": 1 } as const;
const TOLERANCE = 0.02;

/** The ratios of Google's three that none of `images` has. */
export function missingRatios(images: readonly ServedImage[]): string[] {
  return Object.entries(RATIOS)
    .filter(([, ratio]) => !images.some((image) => image.ratio !== null && Math.abs(image.ratio - ratio) < TOLERANCE))
    .map(([name]) => name);
}
