/**
 * What a visitor can do to the week plan, as pure functions of the plan: the
 * browser applies them to the plan on the device, the Worker to the plan in
 * the account (routes/week-plan.tsx). Each sets a state ("this recipe on
 * Tuesday for 4"), never "one more", so an operation applied again to a plan
 * another tab changed keeps that change (the revision check's retry, decision
 * 0041), and applying it twice is applying it once.
 */
import { MAX_PLAN_ENTRIES } from "./plan-limits.ts";
import { type PlanEntry, planEntryId } from "./stored-plan.ts";

export type PlanOperation =
  /** Recipes onto days, each for its servings (one from a recipe page, several from "Plan meine Woche"). */
  | { kind: "add"; entries: PlanEntry[] }
  /** The recipe on `day` to day `to`, with its servings. */
  | { kind: "move"; day: number; recipe: string; to: number }
  | { kind: "servings"; day: number; recipe: string; servings: number }
  | { kind: "remove"; day: number; recipe: string }
  | { kind: "clear" }
  /** The device's plan into the account's, at sign-in: the account's own entries win. */
  | { kind: "merge"; entries: PlanEntry[] };

export type PlanResult =
  | { ok: true; entries: PlanEntry[]; dropped: number }
  /** An add that would make the plan longer than MAX_PLAN_ENTRIES: nothing is changed. */
  | { ok: false; reason: "voll" };

/** `entries` with `entry` in place of the one of its day and recipe, or after the others when it is new. */
function put(entries: readonly PlanEntry[], entry: PlanEntry): PlanEntry[] {
  const id = planEntryId(entry);
  const index = entries.findIndex((candidate) => planEntryId(candidate) === id);
  if (index === -1) return [...entries, entry];
  return entries.map((candidate, at) => (at === index ? entry : candidate));
}

function isEntry(entry: PlanEntry, day: number, recipe: string): boolean {
  return entry.day === day && entry.recipe === recipe;
}

/**
 * Applies `operation` to `entries`.
 *
 * - add: an entry replaces the one of the same day and recipe (other servings
 *   are not counted twice); all or nothing at MAX_PLAN_ENTRIES.
 * - move: onto a day that has the recipe already, the moved entry's servings win.
 *   An entry that is not there any more (moved or removed elsewhere) is no change.
 * - merge: entries the plan does not have are added, as many as fit.
 */
export function applyPlanOperation(entries: readonly PlanEntry[], operation: PlanOperation): PlanResult {
  switch (operation.kind) {
    case "add": {
      const next = operation.entries.reduce(put, [...entries]);
      return next.length > MAX_PLAN_ENTRIES ? { ok: false, reason: "voll" } : { ok: true, entries: next, dropped: 0 };
    }
    case "move": {
      const moved = entries.find((entry) => isEntry(entry, operation.day, operation.recipe));
      if (!moved || operation.day === operation.to) return { ok: true, entries: [...entries], dropped: 0 };
      const rest = entries.filter((entry) => entry !== moved);
      return { ok: true, entries: put(rest, { ...moved, day: operation.to }), dropped: 0 };
    }
    case "servings":
      return {
        ok: true,
        entries: entries.map((entry) =>
          isEntry(entry, operation.day, operation.recipe) ? { ...entry, servings: operation.servings } : entry,
        ),
        dropped: 0,
      };
    case "remove":
      return {
        ok: true,
        entries: entries.filter((entry) => !isEntry(entry, operation.day, operation.recipe)),
        dropped: 0,
      };
    case "clear":
      return { ok: true, entries: [], dropped: 0 };
    case "merge": {
      const merged = [...entries];
      const have = new Set(entries.map(planEntryId));
      let dropped = 0;
      for (const entry of operation.entries) {
        if (have.has(planEntryId(entry))) continue;
        if (merged.length >= MAX_PLAN_ENTRIES) {
          dropped += 1;
          continue;
        }
        have.add(planEntryId(entry));
        merged.push(entry);
      }
      return { ok: true, entries: merged, dropped };
    }
  }
}
