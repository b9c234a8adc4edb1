/**
 * A visitor's own row that only the Worker writes, counted in `revision`
 * (decision 0041): the shopping list (`shopping_lists`) and the week plan
 * (`week_plans`). One row per account (a unique index on `user`, which
 * Directus fills from the session); the access policy lets a visitor read,
 * create and change only their own (cms/access-policies.ts). A write is
 * stored only as the revision after the one it read: a database trigger
 * refuses any other (cms/migrations/revision_triggers.js), so two posts at
 * once cannot overwrite each other's change.
 */
import { DirectusUnavailableError, errorCode, readData, type UserApi } from "./user-api.server.ts";

/**
 * How many times a change is applied to the row as it is then, when another
 * request keeps storing its own change first. Each refusal means another
 * change was stored in between, so a change that meets at most
 * REVISION_ATTEMPTS - 1 others at once (four tabs and devices of one
 * visitor) is always stored.
 */
export const REVISION_ATTEMPTS = 4;

/** The row as read: its id (null: none yet), its revision, and its value (undefined: larger than any we write). */
export interface RevisionedRow {
  row: number | null;
  revision: number;
  value: unknown;
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

/** Reads the visitor's row of `collection`; an `entries` value longer than `maxCharacters` as JSON is not read. */
export async function readRevisionedRow(
  api: UserApi,
  collection: string,
  what: string,
  maxCharacters: number,
): Promise<RevisionedRow> {
  const response = await api.request("GET", `/items/${collection}?fields=id,entries,revision&limit=1`, what);
  const [row] = await readData(response, what, isRows);
  if (!row) return { row: null, revision: 0, value: null };
  // Measured as JSON, the way it was stored: a value larger than any this site writes is not read.
  const tooLarge = JSON.stringify(row.entries ?? null).length > maxCharacters;
  return { row: row.id, revision: row.revision, value: tooLarge ? undefined : (row.entries ?? null) };
}

/**
 * Stores `value` as the row's `entries`, the change after `read`: into its
 * row as the next revision, or into a new row. False when another request
 * stored first: a taken revision and a second row per user are both answered
 * RECORD_NOT_UNIQUE, and nothing of this write is stored.
 */
export async function writeRevisionedRow(
  api: UserApi,
  collection: string,
  what: string,
  read: Pick<RevisionedRow, "row" | "revision">,
  value: unknown,
): Promise<boolean> {
  const response =
    read.row === null
      ? await api.request("POST", `/items/${collection}`, what, { entries: value }, [400])
      : await api.request(
          "PATCH",
          `/items/${collection}/${read.row}`,
          what,
          { entries: value, revision: read.revision + 1 },
          [400],
        );
  if (response.ok) {
    await response.body?.cancel();
    return true;
  }
  const code = await errorCode(response);
  if (code === "RECORD_NOT_UNIQUE") return false;
  throw new DirectusUnavailableError(what, `status 400${code ? ` ${code}` : ""}`);
}
