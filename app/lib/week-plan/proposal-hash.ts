/**
 * "Plan meine Woche" for a visitor without an account: the plan is on their
 * device, which the server cannot write, so the action (routes/week-plan.tsx)
 * redirects to /wochenplan with the proposed days in the address's fragment.
 * A fragment never reaches a server, a log or a cache; the page adds the days
 * to the device's plan and takes the fragment out of the address.
 */

import { entryField, parseEntryField } from "./plan-form.ts";
import { MAX_PLAN_ENTRIES } from "./plan-limits.ts";
import type { PlanEntry } from "./stored-plan.ts";

const PREFIX = "#uebernehmen=";

/** The fragment that hands `entries` over ("#uebernehmen=0|linsen-dal|4,2|gazpacho|2"). */
export function proposalHash(entries: readonly PlanEntry[]): string {
  return `${PREFIX}${entries.map(entryField).join(",")}`;
}

/** The entries a fragment hands over, or undefined when it is not such a fragment or any part is not an entry. */
export function readProposalHash(hash: string): PlanEntry[] | undefined {
  let text: string;
  try {
    text = decodeURIComponent(hash);
  } catch {
    return undefined;
  }
  if (!text.startsWith(PREFIX)) return undefined;
  const parts = text.slice(PREFIX.length).split(",");
  if (parts.length === 0 || parts.length > MAX_PLAN_ENTRIES) return undefined;
  const entries: PlanEntry[] = [];
  for (const part of parts) {
    const entry = parseEntryField(part);
    if (!entry) return undefined;
    entries.push(entry);
  }
  return entries;
}
