import { redirect } from "react-router";
import { pagesSitemap, recipeSitemapRange, recipesSitemap } from "../lib/seo/sitemap.ts";
import { catalogContext, siteConfigContext } from "../lib/site/site-context.server.ts";
import type { Route } from "./+types/sitemap-part";

/** /sitemap/seiten.xml and /sitemap/rezepte-<n>.xml; anything else is not a sitemap. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const catalog = await context.get(catalogContext)();
  const { siteUrl } = context.get(siteConfigContext);
  const recipePart = params.file.match(/^rezepte-([1-9]\d{0,4})\.xml$/);
  const part = Number(recipePart?.[1]);
  // A recipe sitemap reads the directory pieces of its own range only.
  const range = recipePart ? recipeSitemapRange(catalog.count, part) : undefined;
  const xml =
    params.file === "seiten.xml"
      ? pagesSitemap(siteUrl, catalog)
      : range
        ? recipesSitemap(
            siteUrl,
            { count: catalog.count, ...(await catalog.directoryRange(range.start, range.end)) },
            part,
          )
        : undefined;
  // Like every unknown path (spec section 2).
  if (xml === undefined) throw redirect("/");
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
