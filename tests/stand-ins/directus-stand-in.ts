/**
 * A stand-in for Directus as the Worker's outbound fetches see it, for the
 * edge security tests in workerd (vitest.worker.config.ts routes every
 * outbound request of the Worker here). It records each request it gets
 * (method, URL, headers, and the body of a write), so a test can prove what
 * reached "Directus" and what did not, and answers like Directus would for
 * the paths the site uses. Anything else gets a body that says it leaked.
 * The one visitor it knows has a pantry row (`pantries`) and ratings
 * (`recipe_ratings`) that writes change; clearing the record empties them too.
 *
 * Runs in Node, inside the test runner; the Worker reads the record through
 * the UPSTREAM_LOG service binding.
 */
import { type Request, Response } from "miniflare";
import {
  ACCESS_DENIED,
  passesAccess,
  type SeenRequest,
  STAND_IN_ASSETS,
  STAND_IN_DIRECTUS_URL,
  STAND_IN_FULL_VISITOR,
  STAND_IN_NOT_PUBLISHED_RECIPE_ID,
} from "./directus-stand-in-contract.ts";

// A 1×1 transparent PNG.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (char) => char.charCodeAt(0),
);

/** The stand-in: `handle` answers the Worker's requests, `log` lets the tests read (GET) and clear (DELETE) the record. */
export function createDirectusStandIn() {
  const seen: SeenRequest[] = [];
  /**
   * The visitor's `shopping_lists` row, as Directus would keep it; tests set it through the log (PUT). A write
   * that names a revision other than the next is refused, as the database's trigger does
   * (cms/migrations/20261127A-shopping-list-revision.js).
   */
  let shoppingList: { id: number; entries: unknown; revision: number } | null = null;
  /** The full visitor's pantry row, as Directus would hold it. */
  let pantryRow: Record<string, unknown> | null = null;
  /**
   * The full visitor's ratings by recipe id, one per recipe as the unique index keeps them
   * (cms/migrations/20261129A-recipe-ratings-rules.js). A recipe id of NOT_PUBLISHED_RECIPE_ID is refused as the
   * database's trigger refuses an unpublished recipe.
   */
  const ratings = new Map<number, { id: number; recipe: number; stars: number }>();
  let nextRatingId = 1;

  async function handle(request: Request): Promise<Response> {
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
    seen.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      ...(body ? { body } : {}),
    });
    const url = new URL(request.url);
    if (url.origin !== STAND_IN_DIRECTUS_URL) return new Response("foreign host reached", { status: 418 });
    // Access in front of Directus: without the Worker's service token nothing gets through.
    if (!passesAccess(request.headers)) return new Response(ACCESS_DENIED.body, { status: ACCESS_DENIED.status });

    const asset = /^\/assets\/([0-9a-f-]{36})$/.exec(url.pathname)?.[1];
    if (asset === STAND_IN_ASSETS.svg) {
      return new Response('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', {
        headers: { "content-type": "image/svg+xml" },
      });
    }
    if (asset === STAND_IN_ASSETS.html) {
      return new Response("<script>alert(1)</script>", { headers: { "content-type": "text/html" } });
    }
    if (asset === STAND_IN_ASSETS.failing) return new Response("boom", { status: 503 });
    if (asset) {
      return new Response(PNG, {
        headers: {
          "content-type": "image/png",
          etag: '"stand-in"',
          "set-cookie": "directus_session_token=should-not-pass; Path=/",
          "x-powered-by": "Directus",
        },
      });
    }
    if (url.pathname === "/auth/login/google") {
      return new Response(null, {
        status: 302,
        headers: {
          location: "https://accounts.google.example/o/oauth2/auth?client_id=x",
          "set-cookie": "openid.google=state-token; Path=/; HttpOnly; SameSite=Lax",
        },
      });
    }
    if (url.pathname === "/auth/login/google/callback") {
      if (!request.headers.get("cookie")?.includes("openid.google=")) {
        return new Response(null, {
          status: 302,
          headers: { location: `${STAND_IN_DIRECTUS_URL}/admin/login?reason=INVALID_CREDENTIALS` },
        });
      }
      return new Response(null, {
        status: 302,
        headers: {
          location: "http://localhost:8787/login/zurueck?redirect=%2F",
          "set-cookie": "directus_session_token=new-session; Path=/; HttpOnly; SameSite=Lax",
        },
      });
    }
    const visitor = STAND_IN_FULL_VISITOR;
    if (request.headers.get("cookie") === `directus_session_token=${visitor.token}`) {
      if (request.method === "GET" && url.pathname === "/users/me") return json({ data: visitor.user });
      // The visitor's one shopping list row: read it, create it once, change it by id.
      if (url.pathname === "/items/shopping_lists" && request.method === "GET") {
        return json({ data: shoppingList ? [shoppingList] : [] });
      }
      if (url.pathname === "/items/shopping_lists" && request.method === "POST") {
        if (shoppingList) return json({ errors: [{ extensions: { code: "RECORD_NOT_UNIQUE" } }] }, 400);
        shoppingList = { id: 1, entries: (JSON.parse(body ?? "{}") as { entries: unknown }).entries, revision: 0 };
        return json({ data: shoppingList });
      }
      if (shoppingList && url.pathname === `/items/shopping_lists/${shoppingList.id}` && request.method === "PATCH") {
        const change = JSON.parse(body ?? "{}") as { entries: unknown; revision?: unknown };
        const revision = change.revision ?? shoppingList.revision + 1;
        if (revision !== shoppingList.revision + 1) {
          return json({ errors: [{ extensions: { code: "RECORD_NOT_UNIQUE", field: "revision" } }] }, 400);
        }
        shoppingList = { ...shoppingList, entries: change.entries, revision: shoppingList.revision + 1 };
        return json({ data: shoppingList });
      }
      if (request.method === "GET" && url.pathname === "/items/saved_recipes") {
        const links = Array.from({ length: visitor.savedCount }, (_, i) => ({
          id: i + 1,
          recipe: visitor.firstSavedRecipeId + i,
        }));
        return json({ data: links });
      }
      if (url.pathname === "/items/pantries") {
        if (request.method === "GET") return json({ data: pantryRow ? [pantryRow] : [] });
        if (request.method === "POST") {
          if (pantryRow) return json({ errors: [{ extensions: { code: "RECORD_NOT_UNIQUE" } }] }, 400);
          pantryRow = { id: 1, ...JSON.parse(body ?? "{}"), user: visitor.user.id };
          return json({ data: pantryRow });
        }
      }
      if (url.pathname.startsWith("/items/recipe_ratings")) return ratingAnswer(request.method, url, body);
      if (request.method === "PATCH" && url.pathname === "/items/pantries/1" && pantryRow) {
        pantryRow = { ...pantryRow, ...JSON.parse(body ?? "{}") };
        return json({ data: pantryRow });
      }
    }
    return new Response(JSON.stringify({ data: "leaked: the stand-in answered an unexpected request" }), {
      headers: { "content-type": "application/json" },
    });
  }

  /** `recipe_ratings` as Directus answers the site's calls (app/lib/directus/ratings-api.server.ts). */
  function ratingAnswer(method: string, url: URL, body: string | undefined): Response {
    const recipeOf = (filter: unknown) => (filter as { recipe?: { _eq?: number } })?.recipe?._eq;
    if (url.pathname === "/items/recipe_ratings" && method === "GET") {
      const row = ratings.get(recipeOf(JSON.parse(url.searchParams.get("filter") ?? "{}")) ?? -1);
      return json({ data: row ? [row] : [] });
    }
    if (url.pathname === "/items/recipe_ratings" && method === "POST") {
      const { recipe, stars } = JSON.parse(body ?? "{}") as { recipe: number; stars: number };
      if (recipe === STAND_IN_NOT_PUBLISHED_RECIPE_ID) {
        return json({ errors: [{ extensions: { code: "INVALID_FOREIGN_KEY" } }] }, 400);
      }
      if (ratings.has(recipe)) return json({ errors: [{ extensions: { code: "RECORD_NOT_UNIQUE" } }] }, 400);
      const row = { id: nextRatingId++, recipe, stars };
      ratings.set(recipe, row);
      return json({ data: row });
    }
    if (url.pathname === "/items/recipe_ratings" && method === "DELETE") {
      const { query } = JSON.parse(body ?? "{}") as { query?: { filter?: unknown } };
      ratings.delete(recipeOf(query?.filter) ?? -1);
      return new Response(null, { status: 204 });
    }
    const id = Number(/^\/items\/recipe_ratings\/(\d+)$/.exec(url.pathname)?.[1]);
    const row = [...ratings.values()].find((each) => each.id === id);
    if (method === "PATCH" && row) {
      row.stars = (JSON.parse(body ?? "{}") as { stars: number }).stars;
      return json({ data: row });
    }
    return json({ errors: [{ extensions: { code: "FORBIDDEN" } }] }, 403);
  }

  function json(body: unknown, status = 200): Response {
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }

  async function log(request: Request): Promise<Response> {
    // The visitor's shopping list row: PUT a value to store (null: no row), GET /shopping-list to read it.
    if (new URL(request.url).pathname === "/shopping-list") {
      if (request.method === "PUT") {
        const entries: unknown = await request.json();
        shoppingList = entries === null ? null : { id: 1, entries, revision: 0 };
      }
      return json(shoppingList);
    }
    if (request.method === "DELETE") {
      seen.length = 0;
      pantryRow = null;
      ratings.clear();
    }
    return new Response(JSON.stringify(seen), { headers: { "content-type": "application/json" } });
  }

  return { handle, log };
}
