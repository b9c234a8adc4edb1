/**
 * Which address the recipe page's "Teilen" button sends (how it is sent:
 * app/lib/site/share-sheet.ts).
 */
import { SERVINGS_PARAM } from "./form-fields.ts";
import { parseServingsParam } from "./servings-param.ts";

/**
 * The address to share: the canonical one, plus the servings the cook chose.
 * Someone who scaled a recipe to six people and sends it on means those
 * amounts, so `?portionen=N` is kept; everything else of the current address
 * (tracking parameters, a fragment, the host the page was reached on) is not,
 * and without a choice the link is exactly the canonical address. Only a
 * value the page itself accepts is kept: a mistyped one is not passed on.
 */
export function shareUrl(canonical: string, currentSearch: string): string {
  const choice = parseServingsParam(new URLSearchParams(currentSearch));
  return choice.kind === "chosen" ? `${canonical}?${SERVINGS_PARAM}=${choice.servings}` : canonical;
}
