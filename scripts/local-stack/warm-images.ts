/**
 * Has Directus transform every recipe image once, in the form a browser asks
 * for on a card (AVIF, 836 px, quality 80). Directus keeps each transform it
 * made, but the first one costs about a second of CPU per image; done ahead,
 * no page load (and no browser test) waits for a dozen of them at once.
 */
import { IMAGE_TRANSFORMS, recipeImageUrl } from "../../app/lib/recipes/recipe-images.ts";

/** Two at a time: the machines this runs on have two cores. */
const CONCURRENCY = 2;

interface WarmedImages {
  images: number;
  failed: number;
  seconds: number;
}

/**
 * fetch, tried again on a network error: Node reuses kept-alive sockets, and
 * one that Directus closed after its keep-alive timeout fails the first
 * request on it ("fetch failed", seen right after `npm start`'s setup).
 */
async function fetchRetried(url: URL, attempts = 3): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/** Transforms the card image of every published recipe; returns how many, how many failed, and how long it took. */
export async function warmRecipeImages(directusUrl: string): Promise<WarmedImages> {
  const started = Date.now();
  const response = await fetchRetried(new URL("/items/recipe?fields=image&limit=-1", directusUrl));
  if (!response.ok) throw new Error(`warm-images: listing recipes failed with ${response.status}`);
  const { data } = (await response.json()) as { data: { image: string | null }[] };
  const ids = [...new Set(data.flatMap((recipe) => (recipe.image ? [recipe.image] : [])))];
  // The site's /directus/assets/… path, without the prefix, is Directus' own.
  const urls = ids.map(
    (id) => new URL(recipeImageUrl(id, IMAGE_TRANSFORMS.cardAvif).replace(/^\/directus/, ""), directusUrl),
  );

  let failed = 0;
  let next = 0;
  async function worker() {
    while (next < urls.length) {
      const url = urls[next++] as URL;
      const image = await fetchRetried(url).catch(() => undefined);
      if (!image?.ok) failed++;
      await image?.arrayBuffer();
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { images: urls.length, failed, seconds: (Date.now() - started) / 1000 };
}
