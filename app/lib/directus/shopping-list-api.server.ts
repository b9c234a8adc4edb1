/**
 * The signed-in visitor's shopping list in Directus: one `shopping_lists` row
 * per account (a unique index on `user`), its `entries` a JSON value in the
 * format of app/lib/shopping-list/stored-list.ts. Directus' access policy lets
 * a visitor read, create and change only their own row (cms/access-policies.ts);
 * `user` is filled by Directus from the session. The value is read as
 * untrusted like the device's, and only the Worker writes it, after a form
 * post with the form token (routes/shopping-list.tsx), as the revision after
 * the one it read: two posts at once cannot overwrite each other's change.
 */
import { applyOperation, type ListOperation, type OperationResult } from "../shopping-list/operations.ts";
import {
  MAX_STORED_CHARACTERS,
  type ReadList,
  readStoredValue,
  type ShoppingEntry,
  storedValue,
} from "../shopping-list/stored-list.ts";
import { REVISION_ATTEMPTS, readRevisionedRow, writeRevisionedRow } from "./revisioned-row.server.ts";
import type { UserApi } from "./user-api.server.ts";

const COLLECTION = "shopping_lists";

/** Kept under its first name: the logs and the route know it (REVISION_ATTEMPTS, revisioned-row.server.ts). */
export const CHANGE_ATTEMPTS = REVISION_ATTEMPTS;

/** The list kept changing under this change: nothing of it was stored, everything stored before is kept. */
export class ShoppingListBusyError extends Error {
  constructor() {
    super(`directus: the shopping list changed under each of ${CHANGE_ATTEMPTS} attempts to store a change`);
    this.name = "ShoppingListBusyError";
  }
}

/** The account's list: its row (null: none yet), the revision it was read at, and what could be read of it. */
export interface AccountList extends ReadList {
  row: number | null;
  /** Counts the row's changes; a change is stored only as the next one (cms/migrations/20261127A-…). */
  revision: number;
}

/** Reads the visitor's list; a value too large or not in the format is left out and named. */
export async function readAccountList(api: UserApi): Promise<AccountList> {
  const { row, revision, value } = await readRevisionedRow(
    api,
    COLLECTION,
    "reading the shopping list",
    MAX_STORED_CHARACTERS,
  );
  if (value === undefined) return { row, revision, entries: [], problem: "zu-gross" };
  return { row, revision, ...readStoredValue(value) };
}

/** Stores `entries` as the change after `read`; false when another request stored first. */
function writeAccountList(api: UserApi, read: AccountList, entries: ShoppingEntry[]): Promise<boolean> {
  return writeRevisionedRow(api, COLLECTION, "saving the shopping list", read, storedValue(entries));
}

/**
 * Applies `operation` to the visitor's list and stores the result: read,
 * change, and a write that is stored only if nobody stored in between. When
 * another request (a second tab, another device) came first, the list is read
 * again and the operation applied to what that request left: every operation
 * is a pure function of the list it is applied to (operations.ts), so neither
 * change is lost. After CHANGE_ATTEMPTS refusals it throws
 * ShoppingListBusyError, having stored nothing. A refused operation (a full
 * list) writes nothing. Returns the result and what was read before it.
 */
export async function changeAccountList(
  api: UserApi,
  operation: ListOperation,
): Promise<{ result: OperationResult; before: AccountList }> {
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt += 1) {
    const before = await readAccountList(api);
    const result = applyOperation(before.entries, operation);
    if (!result.ok || (await writeAccountList(api, before, result.entries))) return { result, before };
  }
  throw new ShoppingListBusyError();
}
