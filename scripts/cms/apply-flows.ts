/**
 * Brings Directus' flows in line with cms/flows.ts: creates each flow and its
 * operations when missing, updates what differs, deletes operations of a
 * flow that are no longer declared. A second run changes nothing, and says so.
 */
import { FLOWS, type FlowDeclaration, type OperationDeclaration } from "../../cms/flows.ts";
import { type AccessChanges, type Row, upsertById } from "./apply-access-policies.ts";
import type { DirectusAdmin } from "./directus-admin.ts";

type FlowChanges = AccessChanges;

/** Applies every declared flow; returns how many records it had to change. */
export async function applyFlows(admin: DirectusAdmin): Promise<FlowChanges> {
  const changes: FlowChanges = { created: 0, updated: 0, deleted: 0 };
  for (const { flow, operations } of FLOWS) await applyFlow(admin, flow, operations, changes);
  return changes;
}

async function applyFlow(
  admin: DirectusAdmin,
  flow: FlowDeclaration,
  operations: OperationDeclaration[],
  changes: FlowChanges,
): Promise<void> {
  // A new flow is created without its first operation, which does not exist yet.
  const [existing] = await admin.request<Row[]>("GET", `/flows?filter[id][_eq]=${flow.id}&fields=id&limit=1`);
  if (!existing) {
    await admin.request("POST", "/flows", { ...flow, operation: null });
    changes.created += 1;
  }

  // Last step first: each operation names its successors, which must exist.
  for (const operation of [...operations].reverse()) {
    await upsertById(admin, "/operations", { ...operation }, changes);
  }
  const declared = new Set(operations.map((operation) => operation.id));
  const current = await admin.request<Pick<OperationDeclaration, "id">[]>(
    "GET",
    `/operations?filter[flow][_eq]=${flow.id}&fields=id&limit=-1`,
  );
  for (const stale of current.filter((operation) => !declared.has(operation.id))) {
    await admin.request("DELETE", `/operations/${stale.id}`);
    changes.deleted += 1;
  }

  if (existing) {
    await upsertById(admin, "/flows", { ...flow }, changes);
  } else {
    // Part of creating it, not a change of its own.
    await admin.request("PATCH", `/flows/${flow.id}`, { operation: flow.operation });
  }
}
