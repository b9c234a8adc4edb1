/**
 * Whom a page's answer was made for, as the Worker says it in
 * `Cache-Status` (workers/page-cache.ts): the service worker keeps a page
 * only on the Worker's word, since the browser hides the one header that
 * would tell it more (`Set-Cookie`).
 *
 * - `wkij; hit` and `wkij; fwd=miss; stored`: the page is the edge cache's,
 *   the same for everyone with the visitor's consent; no cookie is set
 *   (the edge never stores an answer that sets one).
 * - `wkij; fwd=bypass; detail=personal`: made for the signed-in visitor,
 *   setting no cookie.
 * - `wkij; fwd=bypass; detail=private-anonymous`: the shopping list made for
 *   nobody, setting no cookie: its list is read from the device in the
 *   browser, so the page holds nothing of anyone's and is kept like the
 *   edge cache's pages.
 * - Anything else (a notice shown once, a personal or private answer that
 *   sets a cookie, a page not stored at the edge, an unknown query) is not
 *   kept.
 */

/** Where a kept page goes: the shared cache or the signed-in visitor's. */
export type PageAudience = "shared" | "personal";

/** Whom a page was answered for: an account, or nobody (no session cookie reached the Worker). */
export type Visitor = "signed-in" | "anonymous";

/** Our name in Cache-Status (workers/edge-cache.ts). */
const OUR_CACHE = "wkij";
/** The one private page's answer made for nobody (workers/page-cache.ts): kept only on exactly this word. */
const PRIVATE_FOR_NOBODY = "private-anonymous";

/** Our member of a Cache-Status value as its parameters (`hit`, `fwd=miss` → ["fwd", "miss"], …), or undefined. */
function ourCacheStatus(cacheStatus: string | null): [string, string][] | undefined {
  if (!cacheStatus) return undefined;
  for (const member of cacheStatus.split(",")) {
    const [name, ...params] = member.split(";").map((part) => part.trim());
    if (name !== OUR_CACHE) continue;
    return params.map((param) => {
      const equals = param.indexOf("=");
      return equals === -1 ? [param, ""] : [param.slice(0, equals), param.slice(equals + 1).replace(/^"|"$/g, "")];
    });
  }
  return undefined;
}

function has(params: [string, string][], key: string, value = ""): boolean {
  return params.some(([k, v]) => k === key && v === value);
}

/** Whether any `detail` names an account: the header is read the careful way if it ever says two things. */
function forAnAccount(params: [string, string][]): boolean {
  return params.some(([key, value]) => key === "detail" && value.startsWith("personal"));
}

/** Whom a page was made for, from its Cache-Status; undefined when our Worker did not say (an error, a redirect). */
export function answeredFor(cacheStatus: string | null): Visitor | undefined {
  const params = ourCacheStatus(cacheStatus);
  if (!params) return undefined;
  return forAnAccount(params) ? "signed-in" : "anonymous";
}

/** What the worker needs to know of a page's answer (a Response has all of it). */
export interface AnswerFacts {
  status: number;
  /** `basic` for an answer from this origin that was not a redirect the worker saw. */
  type: string;
  redirected: boolean;
  contentType: string | null;
  cacheStatus: string | null;
}

/** Which cache a page's answer may be kept in, or undefined when it must not be kept at all. */
export function pageAudience(answer: AnswerFacts): PageAudience | undefined {
  if (answer.status !== 200 || answer.type !== "basic" || answer.redirected) return undefined;
  if (!answer.contentType?.startsWith("text/html")) return undefined;
  const params = ourCacheStatus(answer.cacheStatus);
  if (!params) return undefined;
  const onlyDetail = (value: string) =>
    params.filter(([key]) => key === "detail").length === 1 && has(params, "detail", value);
  // Personal first: whatever else the header says, an answer made for an account is never shared.
  if (forAnAccount(params)) return onlyDetail("personal") && has(params, "fwd", "bypass") ? "personal" : undefined;
  if (has(params, "hit") || (has(params, "fwd", "miss") && has(params, "stored"))) return "shared";
  if (onlyDetail(PRIVATE_FOR_NOBODY) && has(params, "fwd", "bypass")) return "shared";
  return undefined;
}
