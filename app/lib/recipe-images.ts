/** The spec's image transform: cover, 836 px wide, quality 80. */
export const CARD_IMAGE = { width: 836, height: 400 } as const;

/**
 * URL of a Directus-transformed image under the site's own /directus path.
 * Without `height` the image keeps its aspect ratio (the spec's call); with
 * it, `fit=cover` crops to that box.
 */
export function recipeImageUrl(
  id: string,
  { width = CARD_IMAGE.width, height, format }: { width?: number; height?: number; format?: "avif" | "webp" } = {},
): string {
  const params = new URLSearchParams({ fit: "cover", width: String(width), quality: "80" });
  if (height) params.set("height", String(height));
  if (format) params.set("format", format);
  return `/directus/assets/${encodeURIComponent(id)}?${params}`;
}
