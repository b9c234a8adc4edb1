/**
 * A stand-in for Directus' content API as the sync reads it (published
 * recipes and ingredients, catalog/sync/directus-source.ts), for the sync
 * tests in workerd: every outbound request of the Worker comes here
 * (vitest.worker.config.ts). The tests choose what it holds through the
 * CONTENT service binding (`PUT` with JSON `{ recipes, edition, down }`):
 * `recipes` soups named after their `edition`, a Directus that is down, or
 * one that holds every request unanswered (`stall`).
 *
 * It reads no filter but the keyset's first page: a read of what changed
 * gets everything, which the sync takes as it takes a read of everything.
 *
 * Runs in Node, inside the test runner.
 */
import { type Request, Response } from "miniflare";
import { ACCESS_DENIED, passesAccess } from "./directus-stand-in-contract.ts";
import { RAW_INGREDIENT, rawRecipe } from "./raw-content.ts";

export interface StandInContent {
  /** How many published recipes there are. */
  recipes: number;
  /** Changes every recipe's description, so a new edition is a new catalog. */
  edition: number;
  /** Answer every request with 503. */
  down: boolean;
  /** Recipe ids whose data is broken in one field each, as `field=value` JSON (`{ "2": { "servings": 0 } }`). */
  flawed?: Record<string, Record<string, unknown>>;
  /**
   * Hold every request unanswered until it is set false again (then each is
   * answered as the content is then): a read the coordinator's step waits
   * on, for a test that kills the step meanwhile.
   */
  stall?: boolean;
}

/** What the control answers: the content, and how many requests have been held so far. */
export type StandInState = StandInContent & { stalled: number };

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
}

/** The stand-in: `handle` answers the Worker's requests, `control` sets what it holds. */
export function createDirectusContentStandIn() {
  let content: StandInContent = { recipes: 3, edition: 1, down: false, flawed: {}, stall: false };
  let stalled = 0;
  let held: (() => void)[] = [];

  async function handle(request: Request): Promise<Response> {
    // Access in front of Directus: without the Worker's service token nothing gets through.
    if (!passesAccess(request.headers)) return new Response(ACCESS_DENIED.body, { status: ACCESS_DENIED.status });
    if (content.stall) {
      stalled += 1;
      await new Promise<void>((resolve) => held.push(resolve));
    }
    if (content.down) return new Response("down", { status: 503 });
    const url = new URL(request.url);
    // Keyset pages: everything on the first page (after id 0), nothing after it.
    const first = /"_gt":0\b/.test(url.searchParams.get("filter") ?? "");
    if (url.pathname === "/items/recipe") {
      if (url.search.includes("aggregate")) return json({ data: [{ count: { id: content.recipes } }] });
      const recipes = Array.from({ length: content.recipes }, (_, i) => ({
        ...rawRecipe(i + 1, content.edition),
        ...content.flawed?.[String(i + 1)],
      }));
      return json({ data: first ? recipes : [] });
    }
    if (url.pathname === "/items/ingredient") {
      if (url.search.includes("aggregate")) return json({ data: [{ count: { id: 1 } }] });
      return json({ data: first ? [RAW_INGREDIENT] : [] });
    }
    return new Response("not a path the sync reads", { status: 404 });
  }

  async function control(request: Request): Promise<Response> {
    if (request.method === "PUT") content = { ...content, ...((await request.json()) as Partial<StandInContent>) };
    if (!content.stall) {
      for (const release of held) release();
      held = [];
    }
    return json({ ...content, stalled } satisfies StandInState);
  }

  return { handle, control };
}
