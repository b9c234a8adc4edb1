/**
 * The recipe images the site shows, as Directus transforms. Every image URL
 * a page renders is made here from one of IMAGE_TRANSFORMS, and the
 * /directus proxy (workers/directus-proxy.ts) serves exactly these and no
 * others: nobody can make Directus render and store images of any size.
 */

/** The card's display box (spec: 400 px high); the image itself is 836 px wide. */
export const CARD_IMAGE = { width: 836, height: 400 } as const;

interface ImageTransform {
  readonly width: number;
  /** With a height the image is cropped to the box (fit cover); without, it keeps its aspect ratio. */
  readonly height?: number;
  readonly format?: "avif" | "webp";
}

/** The spec's transform (fit cover, width 836, quality 80) in the formats the card's <picture> offers, and the crops for sharing and search engines. */
export const IMAGE_TRANSFORMS = {
  card: { width: CARD_IMAGE.width },
  cardAvif: { width: CARD_IMAGE.width, format: "avif" },
  cardWebp: { width: CARD_IMAGE.width, format: "webp" },
  /** Open Graph preview (1.91:1). */
  share: { width: 1200, height: 630 },
  /** Google's recipe rich results want 1:1, 4:3 and 16:9. */
  square: { width: 1200, height: 1200 },
  fourByThree: { width: 1200, height: 900 },
  sixteenByNine: { width: 1200, height: 675 },
} as const satisfies Record<string, ImageTransform>;

const FIT = "cover";
const QUALITY = "80";

/** The query string of a transform, in a fixed order. */
export function imageTransformQuery(transform: ImageTransform): string {
  const params = new URLSearchParams({ fit: FIT, width: String(transform.width), quality: QUALITY });
  if (transform.height) params.set("height", String(transform.height));
  if (transform.format) params.set("format", transform.format);
  return params.toString();
}

/** Each transform's query string, made once: a recipe sitemap writes thousands of image URLs. */
const queryOfTransform = new Map<ImageTransform, string>();

/** URL of a recipe image under the site's own /directus path. */
export function recipeImageUrl(id: string, transform: ImageTransform = IMAGE_TRANSFORMS.card): string {
  let query = queryOfTransform.get(transform);
  if (query === undefined) {
    query = imageTransformQuery(transform);
    queryOfTransform.set(transform, query);
  }
  return `/directus/assets/${encodeURIComponent(id)}?${query}`;
}

const TRANSFORM_BY_QUERY = new Map<string, ImageTransform>(
  Object.values(IMAGE_TRANSFORMS).map((transform) => [imageTransformQuery(transform), transform]),
);

/**
 * The transform that `params` asks for if it is one of ours, in any order
 * of its parameters, else undefined: an unknown parameter, a repeated one
 * or another value refuses it.
 */
export function knownImageTransform(params: URLSearchParams): ImageTransform | undefined {
  const order = ["fit", "width", "quality", "height", "format"];
  const entries = [...params];
  if (new Set(entries.map(([key]) => key)).size !== entries.length) return undefined;
  if (entries.some(([key]) => !order.includes(key))) return undefined;
  const sorted = new URLSearchParams(entries.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)));
  return TRANSFORM_BY_QUERY.get(sorted.toString());
}
