import { type ReactNode, Suspense } from "react";

/**
 * A part of a page that the browser hydrates on its own (decision 0059): a
 * Suspense boundary around content that never suspends. The server writes it
 * in place; React hydrates it after the part that holds it, in a render and a
 * commit of its own. So a tap on a control beside it during hydration (the
 * search field beside the results) waits only for the control's own part,
 * not for the cards as well, and the cards' work is a slice of its own.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
