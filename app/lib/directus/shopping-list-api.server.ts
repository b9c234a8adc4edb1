/**
 * The signed-in visitor's shopping list in Directus: one `shopping_lists` row
 * per account (a unique index on `user`), its `entries` a JSON value in the
 * format of app/lib/shopping-list/stored-list.ts. Directus' access policy lets
 * a visitor read, create and change only their own row (cms/access-policies.ts);
 * `user` is filled by Directus from the session. The value is read as
 * untrusted like the device's, and only the Worker writes it, after a form
 * post with the form token (routes/shopping-list.tsx).
 */
import { applyOperation, type ListOperation, type OperationResult } from "../shopping-list/operations.ts";
import {
  MAX_STORED_CHARACTERS,
  type ReadList,
  readStoredValue,
  type ShoppingEntry,
  storedValue,
} from "../shopping-list/stored-list.ts";
import { DirectusUnavailableError, errorCode, readData, type UserApi } from "./user-api.server.ts";

const COLLECTION = "/items/shopping_lists";

/** The account's list: its row (null: none yet) and what could be read of it. */
export interface AccountList extends ReadList {
  row: number | null;
}

function isRows(value: unknown): value is { id: number; entries?: unknown }[] {
  return Array.isArray(value) && value.every((row) => Number.isInteger((row as { id?: unknown } | null)?.id));
}

/** Reads the visitor's list; a value too large or not in the format is left out and named. */
export async function readAccountList(api: UserApi): Promise<AccountList> {
  const response = await api.request("GET", `${COLLECTION}?fields=id,entries&limit=1`, "reading the shopping list");
  const [row] = await readData(response, "reading the shopping list", isRows);
  if (!row) return { row: null, entries: [], problem: null };
  // Measured as JSON, the way it was stored: a value larger than any list this site writes is not read.
  if (JSON.stringify(row.entries ?? null).length > MAX_STORED_CHARACTERS) {
    return { row: row.id, entries: [], problem: "zu-gross" };
  }
  return { row: row.id, ...readStoredValue(row.entries ?? null) };
}

/** Stores `entries` into the visitor's row, or a new one; false when another request made the row first. */
async function writeAccountList(api: UserApi, row: number | null, entries: ShoppingEntry[]): Promise<boolean> {
  const body = { entries: storedValue(entries) };
  if (row !== null) {
    const response = await api.request("PATCH", `${COLLECTION}/${row}`, "saving the shopping list", body);
    await response.body?.cancel();
    return true;
  }
  const created = await api.request("POST", COLLECTION, "saving the shopping list", body, [400]);
  if (created.ok) {
    await created.body?.cancel();
    return true;
  }
  const code = await errorCode(created);
  if (code === "RECORD_NOT_UNIQUE") return false;
  throw new DirectusUnavailableError("saving the shopping list", `status 400${code ? ` ${code}` : ""}`);
}

/**
 * Applies `operation` to the visitor's list and stores the result: read,
 * change, write. Two first writes at once (two tabs) meet the unique index on
 * `user`: the one that lost reads the row the other made and applies its
 * change there, so neither is lost. A refused operation (a full list) writes
 * nothing. Returns the result and what was read before.
 */
export async function changeAccountList(
  api: UserApi,
  operation: ListOperation,
): Promise<{ result: OperationResult; before: AccountList }> {
  for (let attempt = 0; ; attempt += 1) {
    const before = await readAccountList(api);
    const result = applyOperation(before.entries, operation);
    if (!result.ok || (await writeAccountList(api, before.row, result.entries))) return { result, before };
    if (attempt > 0) throw new DirectusUnavailableError("saving the shopping list", "no row after a conflict");
  }
}
