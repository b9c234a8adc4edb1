/**
 * Sign-in and sign-out, answered by the Worker before React Router:
 *
 * - GET /login?redirect=<path> sends the visitor to Directus' Google login
 *   (under /directus, this site's origin) with /login/zurueck as the way back.
 * - GET /login/zurueck?redirect=<path> is where Directus returns them: on to the
 *   page they came from, or home with a German notice if sign-in failed
 *   (Directus then drops our query and adds ?reason=).
 * - POST /logout ends the Directus session and returns to the page.
 *
 * Every return path passes safeReturnPath: these routes never redirect
 * to another site. The sign-in's nonce, from which the form tokens are made
 * (csrf.server.ts), is made anew at a sign-in and deleted at sign-out, so no
 * token outlives the session it protects. "A sign-in" means one that went
 * through /login in this browser in the last ten minutes (a cookie of its
 * own says so): a link from another site straight to /login/zurueck leaves
 * the nonce alone, so the forms in the visitor's open tabs keep working.
 */
import { Hono } from "hono";
import type { DirectusOrigin } from "../app/lib/directus/directus-origin.ts";
import { clearSessionCookie, sessionTokenFrom, userApi } from "../app/lib/directus/user-api.server.ts";
import { setNotice } from "../app/lib/notices/notice-cookie.server.ts";
import { hostCookie, isHttps } from "../app/lib/request/cookies.ts";
import { clearSignInNonce, formTokenValid, newSignInNonce } from "../app/lib/request/csrf.server.ts";
import { visitorAddress } from "../app/lib/request/visitor-address.ts";
import { RETURN_PATH_PARAM } from "../app/lib/url/form-fields.ts";
import { formReturnPath, safeReturnPath } from "../app/lib/url/return-path.ts";
import { logEvent } from "../logging/log.ts";
import { SIGN_IN_LANDING, SSO_PROVIDER } from "./directus-proxy.ts";

/** Set by /login, taken by /login/zurueck: a sign-in is under way in this browser. */
// Lax: it must come back on the redirects from Google and Directus, which a cross-site page started.
const SIGN_IN_STARTED = hostCookie("wkij_anmeldung");
/** Google's consent screen and Directus' callback fit well into this. */
const SIGN_IN_STARTED_SECONDS = 600;

function redirect(location: string, cookies: string[] = [], status: 302 | 303 = 302): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status, headers });
}

/** The routes, for the Directus the Worker reaches at `directus`; `formKey` makes and checks form tokens. */
export function authRoutes(directus: DirectusOrigin, formKey: Promise<CryptoKey>): Hono {
  const routes = new Hono();

  routes.get("/login", (c) => {
    const origin = new URL(c.req.url).origin;
    const back = safeReturnPath(c.req.query(RETURN_PATH_PARAM)) ?? "/";
    const landing = `${origin}${SIGN_IN_LANDING}?${RETURN_PATH_PARAM}=${encodeURIComponent(back)}`;
    return redirect(`/directus/auth/login/${SSO_PROVIDER}?redirect=${encodeURIComponent(landing)}`, [
      SIGN_IN_STARTED.set(c.req.raw, "1", SIGN_IN_STARTED_SECONDS),
    ]);
  });

  routes.get(SIGN_IN_LANDING, (c) => {
    const reason = c.req.query("reason");
    if (reason !== undefined) {
      // Directus' error code, e.g. INVALID_CREDENTIALS; whatever else arrives is not written to the log as it came.
      logEvent("info", "auth.sign-in-failed", { reason: reason.replace(/[^A-Z_]/g, "").slice(0, 40) || "unknown" });
      return redirect("/", [setNotice(c.req.raw, "anmeldung-fehlgeschlagen"), SIGN_IN_STARTED.clear(c.req.raw)]);
    }
    const back = safeReturnPath(c.req.query(RETURN_PATH_PARAM)) ?? "/";
    if (SIGN_IN_STARTED.read(c.req.raw) !== "1") return redirect(back);
    return redirect(back, [newSignInNonce(c.req.raw).setCookie, SIGN_IN_STARTED.clear(c.req.raw)]);
  });

  routes.post("/logout", async (c) => {
    // The body is a small form already (request-limits.ts); a malformed one counts as empty.
    const form = await c.req.formData().catch(() => new FormData());
    const back = formReturnPath(form, "/");
    if (!(await formTokenValid(c.req.raw, form, await formKey))) {
      return redirect(back, [setNotice(c.req.raw, "formular-abgelaufen")], 303);
    }
    const token = sessionTokenFrom(c.req.header("cookie") ?? null);
    const cookies = [
      // Cleared in any case: signing out must work even while Directus is down.
      clearSessionCookie(isHttps(c.req.raw)),
      clearSignInNonce(c.req.raw),
      setNotice(c.req.raw, "abgemeldet"),
    ];
    if (token) {
      try {
        await userApi(directus, token, visitorAddress(c.req.raw)).logout();
      } catch (error) {
        logEvent("error", "auth.sign-out-failed", {}, { error });
      }
    }
    return redirect(back, cookies, 303);
  });

  return routes;
}
