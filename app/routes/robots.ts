import { robotsTxt } from "../lib/seo/sitemap.ts";
import { siteConfigContext } from "../lib/site/site-context.server.ts";
import type { Route } from "./+types/robots";

// Generated rather than a static file: it names the sitemap by the site's own origin.
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(siteConfigContext).siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
