import type { ShoppingEntry } from "./stored-list.ts";

/**
 * What a background post to /einkaufsliste is answered with
 * (routes/shopping-list.tsx): an error in German (also when the post got no
 * answer at all: its clientAction), the entries for a visitor without an
 * account to keep on the device, or what the account's list now holds.
 */
export type ShoppingAnswer =
  | { error: string }
  | {
      error?: undefined;
      /** Nothing was stored: the browser keeps these on the device. */
      device: ShoppingEntry[];
      recipeName: string;
      servings: number;
    }
  | {
      error?: undefined;
      device?: undefined;
      /** Stored in the account: how many entries came in, and how many did not fit (a merge). */
      count: number;
      dropped: number;
      recipeName: string | null;
      servings: number | null;
      /** A change from the list page: the account's list as it is now stored. */
      entries?: ShoppingEntry[];
    };
