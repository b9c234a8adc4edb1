/**
 * The signed-in visitor's week plan in Directus: one `week_plans` row per
 * account, its `entries` a JSON value in the format of
 * app/lib/week-plan/stored-plan.ts, read as untrusted like the device's. Only
 * the Worker writes it, after a form post with the form token
 * (routes/week-plan.tsx), as the revision after the one it read
 * (revisioned-row.server.ts, decision 0070).
 */
import { applyPlanOperation, type PlanOperation, type PlanResult } from "../week-plan/plan-operations.ts";
import {
  MAX_STORED_PLAN_CHARACTERS,
  type ReadPlan,
  readStoredPlan,
  storedPlanValue,
} from "../week-plan/stored-plan.ts";
import { REVISION_ATTEMPTS, readRevisionedRow, writeRevisionedRow } from "./revisioned-row.server.ts";
import type { UserApi } from "./user-api.server.ts";

const COLLECTION = "week_plans";

/** The plan kept changing under this change: nothing of it was stored, everything stored before is kept. */
export class WeekPlanBusyError extends Error {
  constructor() {
    super(`directus: the week plan changed under each of ${REVISION_ATTEMPTS} attempts to store a change`);
    this.name = "WeekPlanBusyError";
  }
}

export interface AccountPlan extends ReadPlan {
  row: number | null;
  revision: number;
}

/** Reads the visitor's plan; a value too large or not in the format is left out and named. */
export async function readAccountPlan(api: UserApi): Promise<AccountPlan> {
  const { row, revision, value } = await readRevisionedRow(
    api,
    COLLECTION,
    "reading the week plan",
    MAX_STORED_PLAN_CHARACTERS,
  );
  if (value === undefined) return { row, revision, entries: [], problem: "zu-gross" };
  return { row, revision, ...readStoredPlan(value) };
}

/**
 * Applies `operation` to the visitor's plan and stores the result: read,
 * change, and a write stored only if nobody stored in between; else read
 * again and apply it to what the other request left (every operation is a
 * function of the plan: plan-operations.ts). After REVISION_ATTEMPTS refusals
 * it throws WeekPlanBusyError, having stored nothing. A refused operation (a
 * full plan) writes nothing.
 */
export async function changeAccountPlan(api: UserApi, operation: PlanOperation): Promise<PlanResult> {
  for (let attempt = 0; attempt < REVISION_ATTEMPTS; attempt += 1) {
    const before = await readAccountPlan(api);
    const result = applyPlanOperation(before.entries, operation);
    if (!result.ok) return result;
    const value = storedPlanValue(result.entries);
    if (await writeRevisionedRow(api, COLLECTION, "saving the week plan", before, value)) return result;
  }
  throw new WeekPlanBusyError();
}
