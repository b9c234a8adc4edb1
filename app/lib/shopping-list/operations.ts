/**
 * What a visitor can do to the list, as pure functions of the entries: the
 * browser applies them to the list on the device, the Worker to the list in
 * the account (routes/shopping-list.tsx), so both behave alike.
 */
import { lineKeyOf } from "./combine.ts";
import { MAX_ENTRIES } from "./limits.ts";
import { entryId, type ShoppingEntry } from "./stored-list.ts";

export type ListOperation =
  /** A recipe's lines (all of them, or the ones missing in the ingredient search). */
  | { kind: "add"; entries: ShoppingEntry[] }
  /** Tick a combined line off, or put it back. */
  | { kind: "tick"; line: string; done: boolean }
  | { kind: "remove"; line: string }
  | { kind: "clear" }
  /** The device's list into the account's, at sign-in (decision 0041). */
  | { kind: "merge"; entries: ShoppingEntry[] };

export type OperationResult =
  | {
      ok: true;
      entries: ShoppingEntry[];
      /** Merge only: entries that did not fit (MAX_ENTRIES). */
      dropped: number;
    }
  /** An add that would make the list longer than MAX_ENTRIES: nothing is changed. */
  | { ok: false; reason: "voll" };

/**
 * Applies `operation` to `entries`.
 *
 * - add: an entry replaces the one of the same recipe and ingredient (a
 *   recipe added again, with other servings, is not counted twice); it stays
 *   ticked if its amount did not change. All or nothing at MAX_ENTRIES.
 * - merge: entries the list does not have (by recipe and ingredient) are
 *   added, ticks included, as many as fit; the list's own entries win.
 */
export function applyOperation(entries: readonly ShoppingEntry[], operation: ListOperation): OperationResult {
  switch (operation.kind) {
    case "add": {
      const replaced = new Map(operation.entries.map((entry) => [entryId(entry), entry]));
      const kept = entries.filter((entry) => !replaced.has(entryId(entry)));
      const before = new Map(entries.map((entry) => [entryId(entry), entry]));
      const added = [...replaced.values()].map((entry) => {
        const old = before.get(entryId(entry));
        const same = old !== undefined && old.amount === entry.amount && old.unit === entry.unit;
        return { ...entry, done: same ? old.done : false };
      });
      if (kept.length + added.length > MAX_ENTRIES) return { ok: false, reason: "voll" };
      return { ok: true, entries: [...kept, ...added], dropped: 0 };
    }
    case "tick":
      return {
        ok: true,
        entries: entries.map((entry) =>
          lineKeyOf(entry) === operation.line ? { ...entry, done: operation.done } : entry,
        ),
        dropped: 0,
      };
    case "remove":
      return { ok: true, entries: entries.filter((entry) => lineKeyOf(entry) !== operation.line), dropped: 0 };
    case "clear":
      return { ok: true, entries: [], dropped: 0 };
    case "merge": {
      const merged = [...entries];
      const have = new Set(entries.map(entryId));
      let dropped = 0;
      for (const entry of operation.entries) {
        if (have.has(entryId(entry))) continue;
        if (merged.length >= MAX_ENTRIES) {
          dropped += 1;
          continue;
        }
        have.add(entryId(entry));
        merged.push(entry);
      }
      return { ok: true, entries: merged, dropped };
    }
  }
}
