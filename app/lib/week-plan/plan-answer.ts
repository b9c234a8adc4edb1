import type { ShoppingEntry } from "../shopping-list/stored-list.ts";

/** A line of the week's shopping list, written out by the server ("750 g", "Rote Linsen"). */
export interface WeekLine {
  key: string;
  quantity: string | null;
  name: string;
}

/**
 * What the page shows of a plan besides the plan itself, worked out by the
 * server from the catalog and the pantry: the recipes' names, the week's
 * shopping list, and its entries for the shopping list. Sent whole, so the
 * page's scripts carry neither amounts' formatting nor the units' table.
 */
export interface WeekView {
  /** Recipe names by slug; a planned slug missing here is a recipe the catalog no longer has. */
  names: Record<string, string>;
  lines: WeekLine[];
  /** The entries "Auf die Einkaufsliste" puts on a device's shopping list. */
  toBuy: ShoppingEntry[];
}

/**
 * What a background post to /wochenplan is answered with
 * (routes/week-plan.tsx): an error in German, the view of a device's plan,
 * or that a change was stored in the account.
 */
export type PlanAnswer =
  | { error: string; view?: undefined }
  | { error?: undefined; view: WeekView }
  | { error?: undefined; view?: undefined; stored: true };
