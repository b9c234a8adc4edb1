/**
 * A stand-in for Directus as the draft preview reads it
 * (catalog/sync/draft-preview.ts): one recipe by id, any status, for the
 * "Website (Vorschau)" user's token; published ones only without it, as the
 * public policy reads. It records every request, so the tests can prove a
 * refused preview never reached Directus. The tests set the recipes and read
 * the record through the DRAFTS service binding (`PUT` JSON `{ recipes, down }`,
 * `GET` the record, `DELETE` to clear it).
 *
 * Runs in Node, inside the test runner.
 */
import { type Request, Response } from "miniflare";
import { ACCESS_DENIED, passesAccess } from "./directus-stand-in-contract.ts";

/** The preview user's static token in these tests (the Worker's DIRECTUS_PREVIEW_TOKEN). */
export const STAND_IN_PREVIEW_TOKEN = "stand-in-preview-token-0123456789abcdef0123456789";

export interface DraftStandInState {
  /** Recipes by id, as Directus returns them for the preview's fields. */
  recipes: Record<string, Record<string, unknown>>;
  down: boolean;
}

/** What reached the stand-in. */
export interface DraftRead {
  path: string;
  /** Whether the request carried the preview user's token. */
  asPreview: boolean;
  fields: string | null;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** The stand-in: `handle` answers the Worker's requests, `control` sets what it holds and reads the record. */
export function createDirectusDraftStandIn() {
  let state: DraftStandInState = { recipes: {}, down: false };
  let reads: DraftRead[] = [];

  async function handle(request: Request): Promise<Response> {
    if (!passesAccess(request.headers)) return new Response(ACCESS_DENIED.body, { status: ACCESS_DENIED.status });
    const url = new URL(request.url);
    const asPreview = request.headers.get("authorization") === `Bearer ${STAND_IN_PREVIEW_TOKEN}`;
    reads.push({ path: url.pathname, asPreview, fields: url.searchParams.get("fields") });
    if (state.down) return new Response("down", { status: 503 });
    if (url.pathname !== "/items/recipe") return json({ errors: [{ message: "not a path the preview reads" }] }, 404);
    const id = /"id":\{"_eq":(\d+)\}/.exec(url.searchParams.get("filter") ?? "")?.[1];
    const recipe = id === undefined ? undefined : state.recipes[id];
    const visible = recipe !== undefined && (asPreview || recipe.status === "published");
    return json({ data: visible ? [recipe] : [] });
  }

  async function control(request: Request): Promise<Response> {
    if (request.method === "PUT") state = { ...state, ...((await request.json()) as Partial<DraftStandInState>) };
    if (request.method === "DELETE") reads = [];
    return json(reads);
  }

  return { handle, control };
}
