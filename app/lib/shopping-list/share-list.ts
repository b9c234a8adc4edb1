/** How the list leaves the page: the clipboard, or the system's share sheet where there is one. */

/** How a copy or share ended; "cancelled": the visitor closed the share sheet. */
export type ListShareOutcome = "copied" | "shared" | "cancelled" | "failed";

/** Copies `text` to the clipboard; missing outside secure contexts, which counts as failed. */
export async function copyText(text: string): Promise<ListShareOutcome> {
  try {
    await navigator.clipboard.writeText(text);
    return "copied";
  } catch {
    return "failed";
  }
}

/**
 * Opens the share sheet with the list as text where the browser has one
 * (phones, most desktop systems), else copies it. A refused sheet (a policy,
 * one already open) falls back to copying as well.
 */
export async function shareText(title: string, text: string): Promise<ListShareOutcome> {
  const data = { title, text };
  if ("share" in navigator && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return "shared";
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === "AbortError") return "cancelled";
    }
  }
  return copyText(text);
}
