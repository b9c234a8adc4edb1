/**
 * The signed-in visitor's pantry in Directus: the collection `pantries`,
 * one row per user (a unique index on `user`, which Directus fills from the
 * session), read and written with the visitor's own session. The access
 * policy lets a user read, create and update only their own row
 * (cms/access-policies.ts); the filter on the current user below says the
 * same again, so a wrong policy shows as an empty pantry, not someone else's.
 */
import { type Pantry, parsePantry } from "../pantry/pantry.ts";
import { DirectusUnavailableError, type VisitorCaller } from "./user-api.server.ts";

const OWN_ROW = `filter=${encodeURIComponent(JSON.stringify({ user: { _eq: "$CURRENT_USER" } }))}&limit=1`;

/** A `pantries` row as Directus answers it. */
interface PantryRow {
  id: number;
  ingredients?: unknown;
  missing_basics?: unknown;
  changed_at?: unknown;
}

function isRows(value: unknown): value is PantryRow[] {
  return Array.isArray(value) && value.every((row) => Number.isInteger((row as { id?: unknown })?.id));
}

export interface PantryApi {
  /** The account's pantry; null when it holds none (or one that cannot be read). */
  read(): Promise<Pantry | null>;
  /** Stores `pantry` as the account's, replacing the one it held. */
  save(pantry: Pantry): Promise<void>;
}

/** The pantry calls of the visitor whose session `caller` carries. */
export function pantryApi({ call, data }: VisitorCaller): PantryApi {
  async function ownRow(fields: string): Promise<PantryRow | undefined> {
    const response = await call("GET", `/items/pantries?fields=${fields}&${OWN_ROW}`, "reading the pantry");
    return (await data(response, "reading the pantry", isRows))[0];
  }

  return {
    async read() {
      const row = await ownRow("id,ingredients,missing_basics,changed_at");
      if (!row) return null;
      return parsePantry({
        selected: row.ingredients,
        missingBasics: row.missing_basics,
        changedAt: typeof row.changed_at === "string" ? Date.parse(row.changed_at) : undefined,
      });
    },

    async save(pantry) {
      const body = {
        ingredients: pantry.selected,
        missing_basics: pantry.missingBasics,
        changed_at: new Date(pantry.changedAt).toISOString(),
      };
      const update = async (id: number) => {
        const response = await call("PATCH", `/items/pantries/${id}`, "saving the pantry", body);
        await response.body?.cancel();
      };
      const existing = await ownRow("id");
      if (existing) return update(existing.id);
      const created = await call("POST", "/items/pantries", "saving the pantry", body, [400]);
      await created.body?.cancel();
      if (created.ok) return;
      // Another tab created the row since (the unique index on user refused a second): update that one.
      const raced = await ownRow("id");
      if (!raced) throw new DirectusUnavailableError("saving the pantry", "status 400");
      return update(raced.id);
    },
  };
}
