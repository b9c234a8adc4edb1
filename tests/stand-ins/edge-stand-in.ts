/**
 * A stand-in for the site on Cloudflare's edge, for the deploy checks' tests:
 * an HTTP server on 127.0.0.1 that answers as one of several Worker versions.
 * Which one is decided as Cloudflare documents it for version overrides: the
 * version named in `Cloudflare-Workers-Version-Overrides: <worker>="<id>"`
 * when the header is a valid dictionary naming this Worker and the version is
 * part of the live deployment (read from the wrangler stand-in's state) and
 * that deployment has reached this location (`propagationMs` after it was
 * made); otherwise the version with the largest share. Each version answers
 * from a table of paths (`SiteAnswers`), with the Worker-Version header the
 * real Worker sends (workers/worker-version.ts).
 */
import { createServer, type Server } from "node:http";
import { liveDeployment, readStandInState } from "./wrangler-stand-in.ts";

/** The recipe the good site shows first. */
export const STAND_IN_RECIPE = { slug: "linsen-dal", name: "Linsen-Dal & Reis" };

/** One answer: a status and a body; `version: null` leaves the Worker-Version header out, a string replaces it. */
export interface Answer {
  status: number;
  body?: string;
  version?: string | null;
  location?: string;
  /** Waits this long before answering (a request that times out). */
  delayMs?: number;
}

/** Answers by path (without the query; "/suche" gets the whole query in `search`). */
export type SiteAnswers = (path: string, search: URLSearchParams) => Answer;

const page = (title: string, main: string) =>
  `<!DOCTYPE html><html lang="de"><head><title>${title}</title></head><body><main>${main}</main></body></html>`;
const card = (slug: string, name: string) =>
  `<article class="recipe-card" data-slug="${slug}"><h2 class="recipe-name"><a href="/rezepte/${slug}">${name}</a></h2></article>`;
const escaped = (text: string) => text.replace(/&/g, "&amp;");

/** A healthy site, as the built Worker answers (the markup the checks read, nothing more). */
export const goodSite: SiteAnswers = (path, search) => {
  const { slug, name } = STAND_IN_RECIPE;
  if (path === "/healthz") return { status: 200, body: '{"status":"ok"}' };
  if (path === "/")
    return {
      status: 200,
      body: page(
        "Was koche ich jetzt? Zufällige Rezepte und Zutatensuche",
        `<h1>Zufällige Rezepte</h1>${card(slug, escaped(name))}${card("tomatensuppe", "Tomatensuppe")}`,
      ),
    };
  if (path === `/rezepte/${slug}`)
    return { status: 200, body: page(`${escaped(name)} - Was koche ich jetzt`, card(slug, escaped(name))) };
  if (path.startsWith("/rezepte/")) return { status: 302, location: "/" };
  if (path === "/suche") {
    const found = search.get("q") === name;
    return { status: 200, body: page("Rezeptsuche - Was koche ich jetzt", found ? card(slug, escaped(name)) : "") };
  }
  if (path === "/zutatensuche") return { status: 200, body: page("Zutatensuche", "<h1>Zutatensuche</h1>") };
  return { status: 302, location: "/" };
};

/** The good site with some paths answered otherwise. */
export function siteWith(changes: Record<string, Answer>): SiteAnswers {
  return (path, search) => changes[path] ?? goodSite(path, search);
}

export interface EdgeStandIn {
  url: string;
  /** Every request: its path and query, and the version that answered. */
  requests: { path: string; version: string }[];
  close(): Promise<void>;
}

/** Picks the answering version for a request's override header. */
export type Router = (override: string | null) => string;

/**
 * How long a new deployment takes to reach the edge: a time since wrangler made it, or a number of
 * requests that name it in their override before it answers them (which a busy machine cannot stretch).
 */
export type Propagation = number | { requests: number };

/** Routes as Cloudflare does for the Worker `worker`, by the wrangler stand-in's state in `stateFile`. */
export function routeByDeployment(stateFile: string, worker: string, propagation: Propagation = 0): Router {
  const asked = new Map<string, number>();
  return (override) => {
    const live = liveDeployment(readStandInState(stateFile));
    if (!live) throw new Error("edge stand-in: nothing is deployed");
    const named = override ? /^([a-z*][a-z0-9_.*-]*)="([^"]*)"$/.exec(override.trim()) : null;
    const askedBefore = asked.get(live.created_on) ?? 0;
    if (named) asked.set(live.created_on, askedBefore + 1);
    const arrived =
      typeof propagation === "number"
        ? Date.now() - Date.parse(live.created_on) >= propagation
        : askedBefore >= propagation.requests;
    if (named?.[1] === worker && arrived && live.versions.some((v) => v.version_id === named[2])) return named[2] ?? "";
    return [...live.versions].sort((a, b) => b.percentage - a.percentage)[0]?.version_id ?? "";
  };
}

/** Starts the stand-in: `route` picks the version, `sites` says how each version answers (missing: 500). */
export async function startEdgeStandIn(route: Router, sites: Record<string, SiteAnswers>): Promise<EdgeStandIn> {
  const requests: EdgeStandIn["requests"] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const header = request.headers["cloudflare-workers-version-overrides"];
    const version = route(typeof header === "string" ? header : null);
    requests.push({ path: `${url.pathname}${url.search}`, version });
    const site = sites[version];
    const answer: Answer = site ? site(url.pathname, url.searchParams) : { status: 500, body: "no such version" };
    const send = () => {
      const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
      const named = answer.version === undefined ? version : answer.version;
      if (named !== null) headers["worker-version"] = named;
      if (answer.location) headers.location = answer.location;
      response.writeHead(answer.status, headers);
      response.end(answer.body ?? "");
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("edge stand-in: no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
