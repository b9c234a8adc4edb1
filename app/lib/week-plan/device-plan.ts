/**
 * The week plan on this device, for visitors without an account (and, once
 * signed in, until it has moved into the account: decision 0070, as the
 * shopping list's in decision 0041). Read through the schema of
 * stored-plan.ts, written whole after each change, followed across tabs.
 */
import { deviceValue } from "../site/device-value.ts";
import { applyPlanOperation, type PlanOperation, type PlanResult } from "./plan-operations.ts";
import { type PlanEntry, type PlanProblem, parseStoredPlanText, storedPlanValue } from "./stored-plan.ts";

export interface DevicePlan {
  entries: PlanEntry[];
  problem: PlanProblem | null;
  /** False when the browser lets the site store nothing. */
  available: boolean;
}

const store = deviceValue<DevicePlan>(
  "wkij-wochenplan",
  (stored) => ({ ...parseStoredPlanText(stored), available: true }),
  { entries: [], problem: null, available: false },
);

export const readDevicePlan = store.read;
export const subscribeDevicePlan = store.subscribe;

/** What a change to the device's plan came to; `stored` false: the browser refused to store it. */
export type DevicePlanChange = PlanResult & { stored: boolean };

/** Applies `operation` to the stored plan and stores the result (an empty plan is removed). */
export function changeDevicePlan(operation: PlanOperation): DevicePlanChange {
  const result = applyPlanOperation(store.read().entries, operation);
  if (!result.ok) return { ...result, stored: false };
  const text = result.entries.length === 0 ? null : JSON.stringify(storedPlanValue(result.entries));
  return { ...result, stored: store.write(text) };
}

/** Empties the device's plan (after it moved into the account). */
export function clearDevicePlan(): void {
  store.write(null);
}
