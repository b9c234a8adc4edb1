/**
 * What a request may be before anything else looks at it: the methods the
 * site answers, a path that decodes, and for a POST a small form body. The site's forms (sign-out,
 * cookie consent, save a recipe) are a handful of short fields sent as
 * `application/x-www-form-urlencoded`, with or without JavaScript, so that is
 * all a POST may carry. The body is read here once, up to the limit, and
 * handed on as bytes: no route ever reads an unbounded stream or parses a
 * body its parser could choke on.
 *
 * A refused body is left unread rather than cancelled: the runtime drops it
 * with the request, and cancelling a large upload mid-stream makes
 * `wrangler dev`'s proxy answer 500 instead of our 413.
 */
import type { MiddlewareHandler } from "hono";
import { errorResponse } from "./error-page.ts";

/** Our largest form is a return path (≤ 2,000 characters) and a few short fields. */
const MAX_BODY_BYTES = 8 * 1024;
const METHODS = new Set(["GET", "HEAD", "POST"]);
const FORM_TYPE = "application/x-www-form-urlencoded";

/** The body's bytes, or undefined once it is longer than `limit`: stops reading there. */
async function readBounded(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      // Stop pulling; the rest is dropped with the request (see above).
      reader.releaseLock();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * `path` with its percent-escapes decoded, or undefined when one is not
 * UTF-8 (routes decode their parameters). The result is used on purpose:
 * the bundler drops a decodeURIComponent() whose value nobody reads.
 */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/**
 * Refuses other methods (405), paths with broken percent-encoding (400),
 * other body types (415) and large bodies (413), each with a German answer.
 */
export const requestLimits: MiddlewareHandler = async (c, next) => {
  const request = c.req.raw;
  if (!METHODS.has(request.method)) return errorResponse(request, 405, { allow: [...METHODS].join(", ") });
  if (decodedPath(new URL(request.url).pathname) === undefined) {
    return errorResponse(request, 400);
  }
  if (request.method !== "POST") {
    // A GET or HEAD carries no body that anyone here would read.
    await next();
    return;
  }

  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== FORM_TYPE) {
    return errorResponse(request, 415);
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (!Number.isFinite(declared) || declared > MAX_BODY_BYTES) {
    return errorResponse(request, 413);
  }
  const body = await readBounded(request.body, MAX_BODY_BYTES);
  if (!body) return errorResponse(request, 413);
  c.req.raw = new Request(request.url, { method: "POST", headers: request.headers, body });
  await next();
};
