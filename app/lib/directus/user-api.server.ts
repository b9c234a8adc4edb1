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

import { errorMessage } from "../../../logging/error-message.ts";
import { SAVED_RECIPES_LIMIT } from "../recipes/saved-recipes-limit.ts";
import { fromBase64url } from "../request/base64url.ts";
import { clearedCookie, readCookie } from "../request/cookies.ts";
import type { DirectusOrigin } from "./directus-origin.ts";

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
    super(`directus: ${what} failed${cause ? `: ${errorMessage(cause)}` : ""}`);
    this.name = "DirectusUnavailableError";
  }
}

/** The visitor already has SAVED_RECIPES_LIMIT saved recipes: Directus' database refused another. */
export class SavedRecipesFullError extends Error {
  constructor() {
    super(`directus: saving a recipe refused, the visitor already has ${SAVED_RECIPES_LIMIT} saved recipes`);
    this.name = "SavedRecipesFullError";
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

/** See `visitorCaller`. */
export interface VisitorCaller {
  /** A request with the visitor's session; answers with a status in `pass` are returned, not thrown. */
  call(method: string, path: string, what: string, body?: unknown, pass?: readonly number[]): Promise<Response>;
  /** The `data` of a JSON answer, checked by `valid`. */
  data<T>(response: Response, what: string, valid: (value: unknown) => value is T): Promise<T>;
}

export interface UserApi {
  /** The same visitor's calls, for the collections other modules read and write. */
  caller: VisitorCaller;
  /** Extends the session; returns the new session token and the Set-Cookie header that carries it. */
  refresh(): Promise<{ token: string; setCookie: string[] }>;
  me(): Promise<CurrentUser>;
  /** At most SAVED_RECIPES_LIMIT links: the database holds no more per visitor. */
  savedRecipes(): Promise<SavedRecipeLink[]>;
  /** Saving a recipe that is saved already changes nothing and succeeds; a full list throws SavedRecipesFullError. */
  saveRecipe(recipeId: number): Promise<void>;
  removeRecipe(recipeId: number): Promise<void>;
  /** Ends the session in Directus; returns the Set-Cookie headers that clear it. */
  logout(): Promise<string[]>;
  /**
   * Any other call with the visitor's session, for modules of their own
   * (shopping-list-api.server.ts): a 401 or 403 throws SignedOutError, an
   * unreachable Directus or another failure DirectusUnavailableError, except
   * statuses in `pass`, which are returned.
   */
  request(method: string, path: string, what: string, body?: unknown, pass?: readonly number[]): Promise<Response>;
}

/** The `data` of a Directus answer when `valid` accepts it; anything else throws DirectusUnavailableError. */
export async function readData<T>(response: Response, what: string, valid: (value: unknown) => value is T): Promise<T> {
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

/** Directus' session token is a JWT: three base64url parts, a few hundred characters. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const MAX_SESSION_TOKEN_LENGTH = 4_096;

/**
 * The session token of a Cookie header if it has a session token's shape,
 * else undefined: anything else is never sent on to Directus.
 */
export function sessionTokenFrom(cookieHeader: string | null): string | undefined {
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  return token && token.length <= MAX_SESSION_TOKEN_LENGTH && SESSION_TOKEN.test(token) ? token : undefined;
}

/**
 * The claims of a session token, read without checking its signature
 * (Directus checks it on every call made with the token): `iat`, when it was
 * issued, and `id`, the account. An empty object when the payload is not JSON.
 */
export function sessionClaims(token: string): { iat?: unknown; id?: unknown } {
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(fromBase64url(token.split(".")[1] ?? "")));
    return typeof claims === "object" && claims !== null ? claims : {};
  } catch {
    return {};
  }
}

/** The Set-Cookie header that deletes the session cookie (a dead session, or sign-out). */
export function clearSessionCookie(secure: boolean): string {
  return clearedCookie(SESSION_COOKIE, { sameSite: "Lax", secure });
}

/**
 * Requests with one visitor's session, and the `data` of Directus' answers:
 * what this module and the modules for other collections of a visitor
 * (pantry-api.server.ts) call Directus with. Arguments as for `userApi`.
 */
export function visitorCaller(directus: DirectusOrigin, token: string, visitor: string | undefined): VisitorCaller {
  /** A request with the visitor's session; answers with a status in `pass` are returned, not thrown. */
  async function call(
    method: string,
    path: string,
    what: string,
    body?: unknown,
    pass: readonly number[] = [],
  ): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(new URL(path, directus.url), {
        method,
        headers: {
          ...directus.headers,
          cookie: `${SESSION_COOKIE}=${token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(visitor === undefined ? {} : { "x-real-ip": visitor }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new DirectusUnavailableError(what, error);
    }
    if (pass.includes(response.status)) return response;
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

  return { call, data: readData };
}

/**
 * The calls for one visitor; `token` is their Directus session token,
 * `visitor` their address (visitor-address.ts), passed on as X-Real-IP:
 * Cloudflare makes it the CF-Connecting-IP of the call, which Directus limits
 * and logs (IP_CUSTOM_HEADER), so it sees the visitor, not the Worker.
 */
export function userApi(directus: DirectusOrigin, token: string, visitor: string | undefined): UserApi {
  const caller = visitorCaller(directus, token, visitor);
  const { call } = caller;

  async function savedCount(): Promise<number> {
    const response = await call("GET", "/items/saved_recipes?aggregate[count]=id", "counting saved recipes");
    const [row] = await readData(response, "counting saved recipes", isCountRows);
    return Number(row?.count.id ?? 0);
  }

  return {
    caller,

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
      return readData(response, "reading the current user", isCurrentUser);
    },

    async savedRecipes() {
      // An explicit limit: limit=-1 would be capped silently by QUERY_LIMIT_MAX, or unbounded without it.
      const response = await call(
        "GET",
        `/items/saved_recipes?fields=id,recipe&limit=${SAVED_RECIPES_LIMIT}`,
        "reading saved recipes",
      );
      // A link whose recipe was deleted has no recipe any more: skip it rather than fail.
      const links = await readData(response, "reading saved recipes", isIdList);
      return links.flatMap((link) => {
        const recipe = (link as { recipe?: unknown }).recipe;
        return Number.isInteger(recipe) ? [{ id: link.id, recipe: recipe as number }] : [];
      });
    },

    async saveRecipe(recipeId) {
      // The user field is filled by Directus from the session, never from us.
      const response = await call("POST", "/items/saved_recipes", "saving a recipe", { recipe: recipeId }, [400, 500]);
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      // One row per visitor and recipe is a unique index in Directus' database:
      // a second save of the same recipe (another tab, a double click) is answered
      // 400 RECORD_NOT_UNIQUE, and the recipe is saved, which is all the visitor wanted.
      const code = await errorCode(response);
      if (response.status === 400 && code === "RECORD_NOT_UNIQUE") return;
      // The per-visitor limit is a trigger Directus has no error for (a 500 to
      // the visitor): a full list, counted afresh, is the reason to name.
      if (response.status === 500 && (await savedCount()) >= SAVED_RECIPES_LIMIT) throw new SavedRecipesFullError();
      throw new DirectusUnavailableError("saving a recipe", `status ${response.status}${code ? ` ${code}` : ""}`);
    },

    async removeRecipe(recipeId) {
      const filter = encodeURIComponent(JSON.stringify({ recipe: { _eq: recipeId }, user: { _eq: "$CURRENT_USER" } }));
      const found = await call("GET", `/items/saved_recipes?fields=id&filter=${filter}`, "finding a saved recipe");
      const ids = (await readData(found, "finding a saved recipe", isIdList)).map((link) => link.id);
      if (ids.length === 0) return;
      const response = await call("DELETE", "/items/saved_recipes", "removing a saved recipe", ids);
      await response.body?.cancel();
    },

    async logout() {
      const response = await call("POST", "/auth/logout", "signing out", { mode: "session" });
      await response.body?.cancel();
      return response.headers.getSetCookie();
    },

    request: call,
  };
}

function isCurrentUser(value: unknown): value is CurrentUser {
  const user = value as CurrentUser | null;
  return typeof user?.id === "string" && typeof user.email === "string";
}

function isIdList(value: unknown): value is { id: number }[] {
  return Array.isArray(value) && value.every((item) => Number.isInteger((item as { id?: unknown })?.id));
}

function isCountRows(value: unknown): value is { count: { id: number | string } }[] {
  return (
    Array.isArray(value) &&
    value.every((row) => {
      const id = (row as { count?: { id?: unknown } })?.count?.id;
      return Number.isFinite(Number(id)) && (typeof id === "number" || typeof id === "string");
    })
  );
}

/** The code of Directus' first error (`errors[0].extensions.code`), if the answer carries one. */
export async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const json = (await response.json()) as { errors?: { extensions?: { code?: unknown } }[] } | null;
    const code = json?.errors?.[0]?.extensions?.code;
    return typeof code === "string" ? code : undefined;
  } catch {
    return undefined;
  }
}
