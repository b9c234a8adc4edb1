/**
 * The deploy's checks: a few requests a visitor and an uptime monitor make,
 * aimed at one Worker version with Cloudflare's version-override header, each
 * of which must be answered 200 by exactly that version (the Worker-Version
 * header, workers/worker-version.ts) with what the page must show:
 *
 *   /healthz            200 (its body is not read: only the status is its contract)
 *   /                   the random recipes, with at least one recipe card
 *   /rezepte/<slug>     the page of the first card's recipe
 *   /suche?q=<name>     the name search finds that recipe by its name
 *   /zutatensuche       the ingredient search
 *
 * The recipe comes from the live catalog, so the checks hold for whatever
 * content is published. Redirects are not followed: an unknown recipe
 * redirects to / with a 302, and that is a failure here.
 */
import { WORKER_VERSION_HEADER } from "../../../workers/worker-version.ts";
import { isVersionId } from "./wrangler-cli.ts";

/** Where and what to check. */
export interface CheckTarget {
  /** The site's origin, e.g. https://www.example.de. */
  site: string;
  /** The Worker's name on Cloudflare: the key of the override header. */
  worker: string;
  /** The version that must answer; null checks whichever version answers (a local build, say). */
  version: string | null;
}

/** One check's outcome. */
export interface CheckResult {
  name: string;
  path: string;
  ok: boolean;
  /** Why it failed. */
  problem?: string;
}

/** A key of a Structured Fields dictionary (RFC 8941), which the override header is. */
const DICTIONARY_KEY = /^[a-z*][a-z0-9_.*-]*$/;
/** A recipe slug as the catalog makes them; it goes into a URL path. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The value of Cloudflare-Workers-Version-Overrides that sends a request to `version` of `worker`. */
export function versionOverride(worker: string, version: string): string {
  if (!DICTIONARY_KEY.test(worker)) throw new Error(`deploy: "${worker}" cannot be a key of the override header`);
  if (!isVersionId(version)) throw new Error(`deploy: "${version}" is not a version id`);
  return `${worker}="${version}"`;
}

/** The site's origin from `value` (SITE_URL): https, or http on this machine only; nothing after the host. */
export function parseSiteOrigin(value: string | undefined): string {
  let url: URL;
  try {
    url = new URL(value ?? "");
  } catch {
    throw new Error(`deploy: SITE_URL must be the site's origin, e.g. https://www.example.de (got "${value ?? ""}")`);
  }
  const local = url.hostname === "127.0.0.1" || url.hostname === "localhost";
  if (!(url.protocol === "https:" || (url.protocol === "http:" && local))) {
    throw new Error(`deploy: SITE_URL must use https (got ${url.protocol})`);
  }
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) {
    throw new Error(`deploy: SITE_URL must be an origin without path, query or credentials (got ${value})`);
  }
  return url.origin;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Text from HTML: tags removed, character references decoded. */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (whole, decimal, hex, name) => {
      if (decimal) return String.fromCodePoint(Number(decimal));
      if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/** The first recipe card of a page: its slug and its heading (the recipe's name). */
export function firstRecipeCard(html: string): { slug: string; name: string } | null {
  const card = /<article\b[^>]*\bdata-slug="([^"]*)"[^>]*>([\s\S]*?)<\/article>/.exec(html);
  if (!card) return null;
  const slug = card[1] ?? "";
  const heading = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/.exec(card[2] ?? "");
  const name = heading ? htmlText(heading[2] ?? "") : "";
  return SLUG.test(slug) && name !== "" ? { slug, name } : null;
}

/** The text of a page's <title>. */
function titleOf(html: string): string {
  return htmlText(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "");
}

interface Answer {
  status: number;
  version: string | null;
  body: string;
}

/** One GET aimed at the target's version; the body is read only for a 200. */
async function get(target: CheckTarget, path: string, timeoutMs: number): Promise<Answer> {
  const headers: Record<string, string> = { accept: "text/html", "user-agent": "wkij-deploy-check" };
  if (target.version) headers["cloudflare-workers-version-overrides"] = versionOverride(target.worker, target.version);
  const response = await fetch(`${target.site}${path}`, {
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = response.status === 200 ? await response.text() : "";
  if (response.status !== 200) await response.body?.cancel();
  return { status: response.status, version: response.headers.get(WORKER_VERSION_HEADER), body };
}

/** What is wrong with an answer's status and version, or null. */
function answerProblem(target: CheckTarget, answer: Answer): string | null {
  if (target.version && answer.version !== target.version) {
    return `answered by version ${answer.version ?? "(none named)"}, not ${target.version}`;
  }
  if (answer.status !== 200) return `answered ${answer.status}`;
  return null;
}

/** Runs every check once, one request after the other; never throws for a failed request. */
export async function smokeCheck(target: CheckTarget, options: { timeoutMs?: number } = {}): Promise<CheckResult[]> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const results: CheckResult[] = [];
  /** Asks `path` and judges the answer with `judge` (null: fine); records the result, answers the page's HTML. */
  const check = async (name: string, path: string, judge: (html: string) => string | null): Promise<string | null> => {
    let problem: string | null;
    let html: string | null = null;
    try {
      const answer = await get(target, path, timeoutMs);
      problem = answerProblem(target, answer) ?? judge(answer.body);
      if (!problem) html = answer.body;
    } catch (error) {
      problem = `no answer: ${error instanceof Error ? error.message : String(error)}`;
    }
    results.push(problem ? { name, path, ok: false, problem } : { name, path, ok: true });
    return html;
  };

  await check("health", "/healthz", () => null);
  let card: { slug: string; name: string } | null = null;
  await check("home", "/", (html) => {
    if (!html.includes("<h1>Zufällige Rezepte</h1>")) return "is not the page of random recipes";
    card = firstRecipeCard(html);
    return card ? null : "shows no recipe card";
  });
  const found = card as { slug: string; name: string } | null;
  if (!found) {
    results.push({ name: "recipe", path: "/rezepte/…", ok: false, problem: "no recipe to ask for: / showed none" });
    results.push({ name: "search", path: "/suche?q=…", ok: false, problem: "no recipe to search for: / showed none" });
  } else {
    await check("recipe", `/rezepte/${found.slug}`, (html) => {
      if (!html.includes(`data-slug="${found.slug}"`)) return `does not show the recipe ${found.slug}`;
      return titleOf(html).startsWith(found.name) ? null : `has the title "${titleOf(html)}", not ${found.name}'s`;
    });
    await check("search", `/suche?q=${encodeURIComponent(found.name)}`, (html) =>
      html.includes(`data-slug="${found.slug}"`) ? null : `does not find ${found.slug} by its name`,
    );
  }
  await check("ingredient search", "/zutatensuche", (html) =>
    html.includes("<h1>Zutatensuche</h1>") ? null : "is not the ingredient search",
  );
  return results;
}

/** The results as lines for a log, failures first. */
export function describeResults(results: CheckResult[]): string {
  return [...results]
    .sort((a, b) => Number(a.ok) - Number(b.ok))
    .map(
      (result) =>
        `  ${result.ok ? "ok  " : "FAIL"} ${result.name} ${result.path}${result.ok ? "" : `: ${result.problem}`}`,
    )
    .join("\n");
}
