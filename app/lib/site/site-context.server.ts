import { createContext } from "react-router";
import type { DraftPreview } from "../../../catalog/sync/draft-preview.ts";
import type { CatalogView } from "../../../catalog/view/catalog-view.ts";
import type { RatingLimiters } from "../ratings/rating-limits.server.ts";
import type { RequestVisitor } from "../request/visitor.server.ts";
import type { SiteConfig } from "./config.server.ts";

/** The validated site configuration, set by the Worker for every request. */
export const siteConfigContext = createContext<SiteConfig>();

/**
 * The live catalog version of this isolate (an empty one while nothing is
 * published yet). A function: pages that need no recipes never touch KV.
 */
export const catalogContext = createContext<() => Promise<CatalogView>>();

/** Who is asking (visitor.server.ts); resolved only by loaders that need it. */
export const visitorContext = createContext<RequestVisitor>();

/** The per-account and per-address limits on rating changes (rating-limits.server.ts), set by the Worker. */
export const ratingLimitsContext = createContext<RatingLimiters>();

/** Set-Cookie headers that loaders and actions want on the response; the Worker appends them. */
export const responseCookiesContext = createContext<string[]>();

/** This response's Content Security Policy nonce, for inline scripts. */
export const nonceContext = createContext<string>();

/**
 * The draft preview this request may show (decision 0051): set by the Worker
 * only for /vorschau/rezept/<id> after its token was checked; null for every
 * other request, so no other route can read a draft.
 */
export const previewContext = createContext<DraftPreviewRequest | null>(null);

/** A checked preview request: the recipe, the editor the token names, and what the sync would make of the recipe. */
export interface DraftPreviewRequest {
  recipeId: number;
  editor: string;
  outcome: DraftPreview;
}
