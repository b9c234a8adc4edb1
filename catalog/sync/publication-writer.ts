/**
 * Writes recipes' publication statuses (publication.ts) into Directus'
 * `recipe_publication`, one row per recipe, as the "Website (Status)" user
 * (a static token, DIRECTUS_STATUS_TOKEN): it may read recipes' ids and
 * read, create and update these rows, nothing else (cms/access-policies.ts).
 * The collection is not among those whose changes call the site
 * (cms/flows.ts), so a write-back never starts a publish: no loop; and it
 * never touches `recipe`, so it cannot overwrite an editor's save.
 */
import { createDirectus, createItems, readItems, rest, staticToken, updateItemsBatch } from "@directus/sdk";
import type { PublicationRow } from "./publication.ts";

/** The collection the statuses go to. */
export const PUBLICATION_COLLECTION = "recipe_publication";

/** Where statuses go; tests and the model use their own. */
export interface PublicationWriter {
  /**
   * Creates or updates one row per recipe (a row written before, by an
   * attempt that failed after it took effect, is updated). Answers the
   * recipes that no longer exist in Directus: their rows are gone with them.
   */
  write(rows: readonly PublicationRow[]): Promise<{ gone: number[] }>;
}

/** Thrown when Directus refuses or fails a write; the coordinator tries again later. */
export class PublicationWriteError extends Error {
  override name = "PublicationWriteError";
}

interface DirectusWriterOptions {
  url: string;
  token: string;
  /** Sent with every request: the Access service token in production. */
  headers?: Readonly<Record<string, string>>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const errors = (error as { errors?: { message?: unknown }[] } | null)?.errors;
  const message = Array.isArray(errors)
    ? errors.map((entry) => entry?.message).find((m) => typeof m === "string")
    : null;
  if (typeof message === "string") return message;
  const status = (error as { response?: Response } | null)?.response?.status;
  return status ? `HTTP ${status}` : String(error);
}

/** A writer into the Directus at `url`. */
export function createDirectusPublicationWriter({
  url,
  token,
  headers: originHeaders = {},
  timeoutMs = 15_000,
  fetch: fetchImpl = fetch,
}: DirectusWriterOptions): PublicationWriter {
  const timedFetch: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(originHeaders)) headers.set(name, value);
    return fetchImpl(input, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
  };
  const client = createDirectus(url, { globals: { fetch: timedFetch } })
    .with(staticToken(token))
    .with(rest());

  async function request<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new PublicationWriteError(`directus: ${what} failed: ${messageOf(error)}`);
    }
  }

  return {
    async write(rows) {
      if (rows.length === 0) return { gone: [] };
      const recipes = rows.map((row) => row.recipe);
      const existing = (await request("reading publication rows", () =>
        client.request(
          readItems(PUBLICATION_COLLECTION, {
            fields: ["id", "recipe"],
            filter: { recipe: { _in: recipes } },
            limit: -1,
          }),
        ),
      )) as { id: number; recipe: number | string }[];
      const rowIds = new Map(existing.map((row) => [Number(row.recipe), row.id]));
      const updates = rows.filter((row) => rowIds.has(row.recipe));
      const creates = rows.filter((row) => !rowIds.has(row.recipe));
      let gone: number[] = [];
      let present = creates;
      if (creates.length > 0) {
        // A recipe deleted since the read: its row would break the foreign key, and the whole batch with it.
        const found = (await request("reading recipe ids", () =>
          client.request(
            readItems("recipe", {
              fields: ["id"],
              filter: { id: { _in: creates.map((row) => row.recipe) } },
              limit: -1,
            }),
          ),
        )) as { id: number }[];
        const ids = new Set(found.map((recipe) => Number(recipe.id)));
        gone = creates.filter((row) => !ids.has(row.recipe)).map((row) => row.recipe);
        present = creates.filter((row) => ids.has(row.recipe));
      }
      if (present.length > 0) {
        await request("creating publication rows", () =>
          client.request(createItems(PUBLICATION_COLLECTION, [...present], { fields: ["id"] })),
        );
      }
      if (updates.length > 0) {
        await request("updating publication rows", () =>
          client.request(
            updateItemsBatch(
              PUBLICATION_COLLECTION,
              // A row's recipe is set once: the update names the row only.
              updates.map(({ recipe, ...fields }) => ({ ...fields, id: rowIds.get(recipe) })),
              { fields: ["id"] },
            ),
          ),
        );
      }
      return { gone };
    },
  };
}
