import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { readConfig } from "../app/lib/config.server";
import { siteConfigContext } from "../app/lib/site-context.server";

// Validated once per isolate, before the first request: a bad variable stops
// the Worker at start-up with a message naming it, instead of failing on a page.
const config = readConfig(env);

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const app = new Hono<{ Bindings: Env }>();

// Baseline headers on every Worker response; the consent-aware CSP joins them
// with the cookie banner.
app.use(
  secureHeaders({
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
  }),
);

// Everything else, GET and POST alike, belongs to React Router: route actions
// receive form posts through this one handler.
app.all("*", (c) => {
  const context = new RouterContextProvider(new Map([[siteConfigContext, config]]));
  return handleRequest(c.req.raw, context);
});

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
