import { clearedCookie, isHttps, readCookie, serializeCookie } from "../request/cookies.ts";
import { type NoticeCode, noticeCode } from "./notices.ts";

const NOTICE_COOKIE = "wkij_hinweis";

/** Set-Cookie for a notice to show on the next page (a minute is plenty for one redirect). */
export function setNotice(request: Request, code: NoticeCode): string {
  return serializeCookie(NOTICE_COOKIE, code, { maxAgeSeconds: 60, sameSite: "Lax", secure: isHttps(request) });
}

/** The notice waiting for this request, and the Set-Cookie that removes it once shown. */
export function takeNotice(request: Request): { code: NoticeCode; clear: string } | undefined {
  const code = noticeCode(readCookie(request.headers.get("cookie"), NOTICE_COOKIE));
  if (!code) return undefined;
  return {
    code,
    clear: clearedCookie(NOTICE_COOKIE, { sameSite: "Lax", secure: isHttps(request) }),
  };
}

/** Whether a notice is waiting in this request's cookies (such a page is the visitor's own). */
export function hasNotice(request: Request): boolean {
  return readCookie(request.headers.get("cookie"), NOTICE_COOKIE) !== undefined;
}
