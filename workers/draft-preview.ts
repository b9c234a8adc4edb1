/**
 * The editors' draft preview at /vorschau/rezept/<id>?token=… (decision
 * 0051), the one path the Data Studio may frame.
 *
 * - `previewHeaders` wraps every answer under /vorschau/, refusals included:
 *   `private, no-store`, `noindex`, no referrer, framable by the Data
 *   Studio's origin alone (CSP `frame-ancestors`, no X-Frame-Options), and a
 *   Cache-Status the browser's service worker keeps nothing on. It runs
 *   outside the policy and security-header middleware, so it has the last word.
 * - `draftPreview` checks the token Directus' preview-link endpoint made for
 *   an editor, reads the recipe (drafts included) with the preview's own
 *   Directus token, judges it as the sync would (catalog/sync/draft-preview.ts)
 *   and has React Router render it. It never goes through the page cache,
 *   renders from a request without the visitor's cookies, and answers every
 *   refusal with a small German page, never a 5xx.
 */
import type { MiddlewareHandler } from "hono";
import type { DirectusOrigin } from "../app/lib/directus/directus-origin.ts";
import { checkPreviewToken, type PreviewRefusal, previewKey, recipeIdFrom } from "../app/lib/preview/preview-token.ts";
import type { PreviewConfig } from "../app/lib/site/config.server.ts";
import type { DraftPreviewRequest } from "../app/lib/site/site-context.server.ts";
import { type DraftPreview, previewDraft, readDraftRecipe, type SlugHolder } from "../catalog/sync/draft-preview.ts";
import { logEvent } from "../logging/log.ts";
import { cacheStatus } from "./edge-cache.ts";
import { errorResponse, germanAnswer } from "./error-page.ts";

/** Where previews live; nothing else under it exists. */
export const PREVIEW_PREFIX = "/vorschau/";
const PREVIEW_PATH = /^\/vorschau\/rezept\/([^/]+)$/;
/** The query parameter that carries the token (the endpoint's redirect writes it). */
export const PREVIEW_TOKEN_PARAM = "token";

/** What an editor reads when a link does not open the preview; German, and nothing of the request. */
const REFUSALS: Record<PreviewRefusal, { title: string; text: string }> = {
  missing: {
    title: "Nur für die Redaktion",
    text: "Die Vorschau von Rezepten ist nur für die Redaktion. Öffne sie im Data Studio beim Rezept.",
  },
  malformed: {
    title: "Vorschau-Link ungültig",
    text: "Dieser Vorschau-Link ist ungültig. Öffne die Vorschau im Data Studio beim Rezept neu.",
  },
  signature: {
    title: "Vorschau-Link ungültig",
    text: "Dieser Vorschau-Link ist ungültig. Öffne die Vorschau im Data Studio beim Rezept neu.",
  },
  expired: {
    title: "Vorschau-Link abgelaufen",
    text: "Dieser Vorschau-Link ist abgelaufen. Lade die Vorschau im Data Studio neu, dann gilt sie wieder zehn Minuten.",
  },
  "too-far-ahead": {
    title: "Vorschau-Link ungültig",
    text: "Dieser Vorschau-Link ist ungültig. Öffne die Vorschau im Data Studio beim Rezept neu.",
  },
};
const NO_RECIPE = {
  title: "Rezept nicht gefunden",
  text: "Dieses Rezept gibt es in Directus nicht (mehr). Vielleicht wurde es gelöscht.",
};
const DIRECTUS_DOWN = {
  title: "Vorschau gerade nicht möglich",
  text: "Directus antwortet gerade nicht. Bitte lade die Vorschau in einem Moment neu.",
};

/**
 * The headers of every answer under /vorschau/. With the preview off there
 * is no origin to allow, and the answers stay unframable like every page.
 */
export function previewHeaders(studioOrigin: string | null): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // A fresh Response: one that came from a fetch (or a cache) may have immutable headers.
    c.res = new Response(c.res.body, c.res);
    const headers = c.res.headers;
    headers.set("cache-control", "private, no-store");
    headers.set("x-robots-tag", "noindex, nofollow");
    // The token is in the address: no link or image request may carry it anywhere.
    headers.set("referrer-policy", "no-referrer");
    headers.set("cache-status", cacheStatus("fwd=bypass; detail=preview"));
    headers.delete("etag");
    headers.delete("set-cookie");
    if (studioOrigin === null) return;
    headers.delete("x-frame-options");
    const policy = headers.get("content-security-policy");
    if (policy) {
      headers.set(
        "content-security-policy",
        policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${studioOrigin}`),
      );
    }
  };
}

interface DraftPreviewOptions {
  preview: PreviewConfig | null;
  directus: DirectusOrigin;
  /** Who holds a slug in the live catalog (the sync drops a later recipe with the same slug). */
  slugHolder: SlugHolder;
  /** Renders `request` with React Router and this answer's CSP nonce, the checked preview in its context. */
  render(request: Request, nonce: string, preview: DraftPreviewRequest): Promise<Response>;
}

/** The handler for /vorschau/*: a request and its answer's CSP nonce in, the answer out. */
export function draftPreview(options: DraftPreviewOptions): (request: Request, nonce: string) => Promise<Response> {
  let key: Promise<CryptoKey> | undefined;
  return async (request, nonce) => {
    const { preview } = options;
    if (!preview) return errorResponse(request, 404);
    if (request.method !== "GET" && request.method !== "HEAD") {
      return errorResponse(request, 405, { allow: "GET, HEAD" });
    }
    const url = new URL(request.url);
    const segment = PREVIEW_PATH.exec(url.pathname)?.[1];
    const recipeId = segment === undefined ? null : recipeIdFrom(segment);
    if (recipeId === null) return errorResponse(request, 404);

    key ??= previewKey(preview.secret);
    const check = await checkPreviewToken(await key, recipeId, url.searchParams.get(PREVIEW_TOKEN_PARAM));
    if (!check.ok) {
      logEvent("info", "preview.refused", { recipe: recipeId, refusal: check.refusal });
      return germanAnswer(request, 403, REFUSALS[check.refusal]);
    }

    let outcome: DraftPreview | null;
    try {
      const raw = await readDraftRecipe(
        { url: options.directus.url, headers: options.directus.headers, token: preview.directusToken },
        recipeId,
      );
      outcome = raw === null ? null : await previewDraft(raw, options.slugHolder);
    } catch (error) {
      logEvent("warn", "preview.unreadable", { recipe: recipeId }, { error, report: true });
      return germanAnswer(request, 503, DIRECTUS_DOWN, { "retry-after": "5" });
    }
    if (outcome === null) return germanAnswer(request, 404, NO_RECIPE);
    logEvent("info", "preview.shown", { recipe: recipeId, publishable: outcome.ok });

    // Rendered from the address without its token and from `accept` alone: no cookie of the editor's
    // reaches the page, so it shows no account and sets no cookie, and no link on it (the sign-in's
    // return path, say) carries the token on.
    const headers = new Headers();
    const accept = request.headers.get("accept");
    if (accept !== null) headers.set("accept", accept);
    const page = new URL(url);
    page.searchParams.delete(PREVIEW_TOKEN_PARAM);
    return options.render(new Request(page, { method: request.method, headers }), nonce, {
      recipeId,
      editor: check.editor,
      outcome,
    });
  };
}
