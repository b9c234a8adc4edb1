/**
 * What the recipe page's "Teilen" button sends: which address, and how it
 * gets to the other person on browsers with and without a share sheet.
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

/** How a share ended: sent through the share sheet, closed by the visitor, copied, or neither worked. */
export type ShareOutcome = "shared" | "cancelled" | "copied" | "failed";

/**
 * Opens the system's share sheet where there is one (phones, most desktop
 * systems), else copies the address to the clipboard. Closing the share sheet
 * is the visitor's choice, not an error. Any other refusal of the sheet (a
 * policy, a sheet already open) falls back to copying, which still helps.
 */
export async function shareOrCopy(data: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  if ("share" in navigator && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return "shared";
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === "AbortError") return "cancelled";
    }
  }
  try {
    // navigator.clipboard is missing outside secure contexts: that throws here too.
    await navigator.clipboard.writeText(data.url);
    return "copied";
  } catch {
    return "failed";
  }
}
