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
import { DirectusUnavailableError, errorCode, readData, type UserApi } from "./user-api.server.ts";

const COLLECTION = "/items/shopping_lists";

/**
 * How many times a change is applied to the list as it is then, when another
 * request keeps storing its own change first. Each refusal means another
 * change was stored in between, and each of those is stored once: a change
 * that meets at most CHANGE_ATTEMPTS - 1 others at once (four tabs and
 * devices of one visitor) is always stored.
 */
export const CHANGE_ATTEMPTS = 4;

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

function isRows(value: unknown): value is { id: number; entries?: unknown; revision: number }[] {
  return (
    Array.isArray(value) &&
    value.every((row) => {
      const { id, revision } = (row ?? {}) as { id?: unknown; revision?: unknown };
      return Number.isInteger(id) && Number.isSafeInteger(revision) && (revision as number) >= 0;
    })
  );
}

/** Reads the visitor's list; a value too large or not in the format is left out and named. */
export async function readAccountList(api: UserApi): Promise<AccountList> {
  const response = await api.request(
    "GET",
    `${COLLECTION}?fields=id,entries,revision&limit=1`,
    "reading the shopping list",
  );
  const [row] = await readData(response, "reading the shopping list", isRows);
  if (!row) return { row: null, revision: 0, entries: [], problem: null };
  // Measured as JSON, the way it was stored: a value larger than any list this site writes is not read.
  if (JSON.stringify(row.entries ?? null).length > MAX_STORED_CHARACTERS) {
    return { row: row.id, revision: row.revision, entries: [], problem: "zu-gross" };
  }
  return { row: row.id, revision: row.revision, ...readStoredValue(row.entries ?? null) };
}

/**
 * Stores `entries` as the change after `read`: into its row as the next
 * revision, or into a new row. False when another request stored first: the
 * database refuses a revision that is taken (cms/migrations/20261127A-…), and
 * a second row per user is refused by the unique index on `user`; both are
 * answered RECORD_NOT_UNIQUE, and nothing of this write is stored.
 */
async function writeAccountList(api: UserApi, read: AccountList, entries: ShoppingEntry[]): Promise<boolean> {
  const value = storedValue(entries);
  const response =
    read.row === null
      ? await api.request("POST", COLLECTION, "saving the shopping list", { entries: value }, [400])
      : await api.request(
          "PATCH",
          `${COLLECTION}/${read.row}`,
          "saving the shopping list",
          { entries: value, revision: read.revision + 1 },
          [400],
        );
  if (response.ok) {
    await response.body?.cancel();
    return true;
  }
  const code = await errorCode(response);
  if (code === "RECORD_NOT_UNIQUE") return false;
  throw new DirectusUnavailableError("saving the shopping list", `status 400${code ? ` ${code}` : ""}`);
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
