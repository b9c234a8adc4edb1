/**
 * How something leaves the page: the system's share sheet where there is one
 * (phones, most desktop systems), else the clipboard. Used by the recipe's
 * "Teilen" (its address) and the shopping list's "Teilen" and "Kopieren"
 * (its text).
 */

/** How a share or copy ended: sent through the share sheet, closed by the visitor, copied, or neither worked. */
export type ShareOutcome = "shared" | "cancelled" | "copied" | "failed";

/** Copies `text` to the clipboard; missing outside secure contexts, which counts as failed. */
export async function copyText(text: string): Promise<ShareOutcome> {
  try {
    await navigator.clipboard.writeText(text);
    return "copied";
  } catch {
    return "failed";
  }
}

/**
 * Opens the share sheet with `data`, else copies `copied`. Closing the sheet
 * is the visitor's choice, not an error. Any other refusal of the sheet (a
 * policy, a sheet already open) falls back to copying, which still helps.
 */
export async function shareOrCopy(
  data: { title: string; text: string; url?: string },
  copied: string,
): Promise<ShareOutcome> {
  if ("share" in navigator && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return "shared";
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === "AbortError") return "cancelled";
    }
  }
  return copyText(copied);
}
