/**
 * Who is asking: per request, once. Anonymous visitors (no Directus session
 * cookie) cost nothing. With a cookie, the session is refreshed when it is
 * older than an hour, then the current user and their saved recipes are read
 * from Directus (spec section 4: signed in means the current user can be
 * read after a token refresh). Any failure means signed out for this page,
 * never an error page.
 */

import { logEvent } from "../../../logging/log.ts";
import type { DirectusOrigin } from "../directus/directus-origin.ts";
import {
  type CurrentUser,
  clearSessionCookie,
  type SavedRecipeLink,
  SESSION_COOKIE,
  SignedOutError,
  sessionClaims,
  sessionTokenFrom,
  type UserApi,
  userApi,
} from "../directus/user-api.server.ts";
import { isHttps, readCookie } from "./cookies.ts";
import { formToken, formTokenValid, newSignInNonce, sessionAccountId, signInNonceFrom } from "./csrf.server.ts";
import { visitorAddress } from "./visitor-address.ts";

/** A session is refreshed at most this often: each refresh is a write in Directus and a new cookie. */
const REFRESH_AFTER_SECONDS = 3_600;

interface Visitor {
  user: CurrentUser;
  saved: SavedRecipeLink[];
  /** The token forms must repeat (csrf.server.ts); empty when the session names no account. */
  csrfToken: string;
}

type VisitorState =
  | { status: "anonymous" }
  | { status: "signed-in"; visitor: Visitor; api: UserApi }
  /** The cookie was refused: expired, signed out elsewhere, or forged. */
  | { status: "signed-out" }
  /** Directus could not be asked: shown as signed out, the cookie is kept for later. */
  | { status: "unavailable" };

export interface RequestVisitor {
  /** Resolved on first use, then remembered for the rest of the request. */
  state(): Promise<VisitorState>;
  /** Whether a posted form carries this visitor's form token (csrf.server.ts). */
  formTokenValid(form: FormData): Promise<boolean>;
}

/** Whether the request carries a Directus session cookie at all: such pages are personal, never shared. */
export function isPersonal(request: Request): boolean {
  return readCookie(request.headers.get("cookie"), SESSION_COOKIE) !== undefined;
}

/** Seconds since the session token was issued, from its unverified payload (Directus verifies it). */
function tokenAgeSeconds(token: string, now: number): number {
  const { iat } = sessionClaims(token);
  return typeof iat === "number" ? now / 1000 - iat : Number.POSITIVE_INFINITY;
}

/**
 * The visitor behind `request`. Cookies to set on the response (a refreshed
 * session, a sign-in nonce, a cleared dead session) are pushed onto
 * `responseCookies`.
 */
export function requestVisitor(
  request: Request,
  directus: DirectusOrigin,
  formKey: Promise<CryptoKey>,
  responseCookies: string[],
  now: () => number = Date.now,
): RequestVisitor {
  const cookieHeader = request.headers.get("cookie");
  const token = sessionTokenFrom(cookieHeader);
  const hasSessionCookie = isPersonal(request);
  let resolved: Promise<VisitorState> | undefined;

  function signedOut(): VisitorState {
    // The spec's message, once per request; the dead cookie goes so the next page does not ask again.
    logEvent("info", "visitor.signed-out", { message: "User not logged in" });
    responseCookies.push(clearSessionCookie(isHttps(request)));
    return { status: "signed-out" };
  }

  async function resolve(): Promise<VisitorState> {
    // A cookie that is no session token at all is not worth asking Directus about.
    if (!token) return hasSessionCookie ? signedOut() : { status: "anonymous" };
    try {
      const address = visitorAddress(request);
      let api = userApi(directus, token, address);
      if (tokenAgeSeconds(token, now()) > REFRESH_AFTER_SECONDS) {
        const refreshed = await api.refresh();
        responseCookies.push(...refreshed.setCookie);
        api = userApi(directus, refreshed.token, address);
      }
      const [user, saved] = await Promise.all([api.me(), api.savedRecipes()]);
      // Only a session without a nonce gets one: an existing nonce is never replaced here (csrf.server.ts).
      let nonce = signInNonceFrom(request);
      if (!nonce) {
        const fresh = newSignInNonce(request);
        nonce = fresh.nonce;
        responseCookies.push(fresh.setCookie);
      }
      const accountId = sessionAccountId(request);
      const csrfToken = accountId ? await formToken(await formKey, accountId, nonce) : "";
      return { status: "signed-in", visitor: { user, saved, csrfToken }, api };
    } catch (error) {
      if (error instanceof SignedOutError) return signedOut();
      logEvent("error", "visitor.unavailable", {}, { error });
      return { status: "unavailable" };
    }
  }

  return {
    state() {
      resolved ??= resolve();
      return resolved;
    },
    async formTokenValid(form) {
      return formTokenValid(request, form, await formKey);
    },
  };
}
