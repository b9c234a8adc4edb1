import { renderToReadableStream } from "react-dom/server.node";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { logEvent } from "../logging/log.ts";
import { StartScriptContext } from "./lib/page-scripts/start-script-context.ts";
import { START_SCRIPTS_AFTER_LOAD } from "./lib/page-scripts/start-scripts-after-load.server.ts";
import { NonceContext } from "./lib/request/nonce.ts";
import { nonceContext } from "./lib/site/site-context.server.ts";

// Render aborts after this long so a slow loader cannot hold a request open.
export const streamTimeout = 5_000;

/**
 * Renders every document request, and answers it in one piece (decision
 * 0026): no page defers data, so a stream would only hand the same bytes
 * over in 4 KB chunks, each a trip through workerd's stream machinery, the
 * edge cache's copy and the network sink. Crawlers get the complete page,
 * as every visitor does.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  let statusCode = responseStatusCode;
  const abort = AbortSignal.timeout(streamTimeout + 1_000);
  const nonce = loadContext.get(nonceContext);
  const body = await renderToReadableStream(
    <NonceContext value={nonce}>
      <StartScriptContext value={START_SCRIPTS_AFTER_LOAD}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StartScriptContext>
    </NonceContext>,
    {
      nonce,
      signal: abort,
      // The page's parts are Suspense boundaries so that the browser hydrates them in slices (decision 0059).
      // React writes a boundary larger than this many bytes after the rest, to be moved into place by a
      // script: a page without its scripts would miss it. Every boundary is written in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        statusCode = 500;
        // Errors before the shell is ready reject the promise and reach handleError
        // through React Router; these are errors while streaming.
        logEvent("error", "page.render-failed", requestFields(request), { error });
      },
    },
  );

  // Read only once everything is rendered: React then writes each Suspense boundary (React Router's
  // data scripts) in place, instead of a fallback and a script that swaps the content in later.
  await body.allReady;
  const html = await new Response(body).arrayBuffer();
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status: statusCode });
}

/** What a page's failure is logged with: the method and the path, never the query (it holds what visitors typed). */
function requestFields(request: Request): { method: string; path: string } {
  return { method: request.method, path: new URL(request.url).pathname };
}

/**
 * Logs (and so reports, workers/error-tracker.ts) real failures only: aborted
 * requests and 4xx answers (a form post to a page without one) are traffic.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  logEvent("error", "page.failed", requestFields(request), { error });
};
