import { sitemapIndex } from "../lib/seo/sitemap.ts";
import { catalogContext, siteConfigContext } from "../lib/site/site-context.server.ts";
import type { Route } from "./+types/sitemap-index";

export async function loader({ context }: Route.LoaderArgs) {
  const catalog = await context.get(catalogContext)();
  return new Response(sitemapIndex(context.get(siteConfigContext).siteUrl, catalog.count), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
