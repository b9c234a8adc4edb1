/**
 * The calls the site makes to Directus on behalf of a signed-in visitor,
 * with the visitor's own session cookie: refresh the session, read who they
 * are, read, add and remove their saved recipes, sign out.
 *
 * Plain fetch rather than @directus/sdk: each call must carry the visitor's
 * cookie and hand Directus' Set-Cookie back to the browser, which the SDK's
 * session handling keeps to itself. Directus' access policies decide what a
 * visitor may do; this module never uses an admin token.
 */
import { readCookie } from "../cookies.ts";

/** Directus' session cookie (SESSION_COOKIE_NAME, the default). */
export const SESSION_COOKIE = "directus_session_token";

/** Directus answers slowly or not at all: give up after this long, so a page never hangs on it. */
const TIMEOUT_MS = 5_000;

/** The visitor's session was refused: expired, signed out elsewhere, or forged. */
export class SignedOutError extends Error {
  constructor(reason: string) {
    super(`directus: User not logged in (${reason})`);
    this.name = "SignedOutError";
  }
}

/** Directus could not be reached or answered with a server error. */
export class DirectusUnavailableError extends Error {
  constructor(what: string, cause?: unknown) {
    super(`directus: ${what} failed${cause instanceof Error ? `: ${cause.message}` : cause ? `: ${cause}` : ""}`);
    this.name = "DirectusUnavailableError";
  }
}

export interface CurrentUser {
  id: string;
  email: string;
}

/** A saved_recipes record: its own id (used to delete it) and the recipe's id. */
export interface SavedRecipeLink {
  id: number;
  recipe: number;
}

export interface UserApi {
  /** Extends the session; returns the new session token and the Set-Cookie header that carries it. */
  refresh(): Promise<{ token: string; setCookie: string[] }>;
  me(): Promise<CurrentUser>;
  savedRecipes(): Promise<SavedRecipeLink[]>;
  saveRecipe(recipeId: number): Promise<void>;
  removeRecipe(recipeId: number): Promise<void>;
  /** Ends the session in Directus; returns the Set-Cookie headers that clear it. */
  logout(): Promise<string[]>;
}

/** Reads the session token out of a Cookie header. */
export function sessionTokenFrom(cookieHeader: string | null): string | undefined {
  return readCookie(cookieHeader, SESSION_COOKIE) || undefined;
}

/** The calls for one visitor; `token` is their Directus session token. */
export function userApi(directusUrl: string, token: string): UserApi {
  async function call(method: string, path: string, what: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(new URL(path, directusUrl), {
        method,
        headers: {
          cookie: `${SESSION_COOKIE}=${token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new DirectusUnavailableError(what, error);
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new SignedOutError(`${what}: ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new DirectusUnavailableError(what, `status ${response.status}`);
    }
    return response;
  }

  async function data<T>(response: Response, what: string, valid: (value: unknown) => value is T): Promise<T> {
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      throw new DirectusUnavailableError(`${what} (reading the answer)`, error);
    }
    const value = (json as { data?: unknown } | null)?.data;
    if (!valid(value)) throw new DirectusUnavailableError(what, "unexpected answer");
    return value;
  }

  return {
    async refresh() {
      const response = await call("POST", "/auth/refresh", "session refresh", { mode: "session" });
      await response.body?.cancel();
      const setCookie = response.headers.getSetCookie();
      const fresh = sessionTokenFrom(setCookie.map((header) => header.split(";")[0]).join("; "));
      if (!fresh) throw new SignedOutError("session refresh: no new session cookie");
      return { token: fresh, setCookie };
    },

    async me() {
      const response = await call("GET", "/users/me?fields=id,email", "reading the current user");
      return data(response, "reading the current user", isCurrentUser);
    },

    async savedRecipes() {
      const response = await call("GET", "/items/saved_recipes?fields=id,recipe&limit=-1", "reading saved recipes");
      // A link whose recipe was deleted has no recipe any more: skip it rather than fail.
      const links = await data(response, "reading saved recipes", isIdList);
      return links.flatMap((link) => {
        const recipe = (link as { recipe?: unknown }).recipe;
        return Number.isInteger(recipe) ? [{ id: link.id, recipe: recipe as number }] : [];
      });
    },

    async saveRecipe(recipeId) {
      // The user field is filled by Directus from the session, never from us.
      const response = await call("POST", "/items/saved_recipes", "saving a recipe", { recipe: recipeId });
      await response.body?.cancel();
    },

    async removeRecipe(recipeId) {
      const filter = encodeURIComponent(JSON.stringify({ recipe: { _eq: recipeId }, user: { _eq: "$CURRENT_USER" } }));
      const found = await call("GET", `/items/saved_recipes?fields=id&filter=${filter}`, "finding a saved recipe");
      const ids = (await data(found, "finding a saved recipe", isIdList)).map((link) => link.id);
      if (ids.length === 0) return;
      const response = await call("DELETE", "/items/saved_recipes", "removing a saved recipe", ids);
      await response.body?.cancel();
    },

    async logout() {
      const response = await call("POST", "/auth/logout", "signing out", { mode: "session" });
      await response.body?.cancel();
      return response.headers.getSetCookie();
    },
  };
}

function isCurrentUser(value: unknown): value is CurrentUser {
  const user = value as CurrentUser | null;
  return typeof user?.id === "string" && typeof user.email === "string";
}

function isIdList(value: unknown): value is { id: number }[] {
  return Array.isArray(value) && value.every((item) => Number.isInteger((item as { id?: unknown })?.id));
}
