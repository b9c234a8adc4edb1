import { redirect } from "react-router";
import {
  CATEGORY_HEADINGS,
  CATEGORY_INTROS,
  categoryPath,
  recipeTypeFromParam,
} from "../../catalog/recipes/categories.ts";
import { recipesOfType } from "../../catalog/view/queries.ts";
import { PaginationNav } from "../components/pagination-nav.tsx";
import { RecipeList } from "../components/recipe-list.tsx";
import { recipeListCardData } from "../lib/recipes/recipe-card-data.ts";
import { itemListJsonLd } from "../lib/seo/item-list-json-ld.ts";
import { pageMeta } from "../lib/seo/page-meta.ts";
import { pageTitle } from "../lib/seo/page-title.ts";
import { catalogContext, siteConfigContext } from "../lib/site/site-context.server.ts";
import { PAGE_PARAM } from "../lib/url/form-fields.ts";
import { PAGE_SIZE, pageHref, paginate, parsePageParam, requireExistingPage } from "../lib/url/pagination.ts";
import type { Route } from "./+types/category";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const type = recipeTypeFromParam(params.type);
  // Unknown categories go home, like every other unknown path.
  if (!type) throw redirect("/");
  const url = new URL(request.url);
  const path = categoryPath(type);
  const requested = parsePageParam(url.searchParams.get(PAGE_PARAM));
  // "/kategorie/SOUP" works (the spec upper-cases the parameter) but the
  // lower-case path is the one address to share and index; "?seite=abc" and
  // "?seite=1" have one too.
  if (params.type !== type.toLowerCase() || requested === undefined || url.searchParams.get(PAGE_PARAM) === "1") {
    throw redirect(requested && requested > 1 ? pageHref(path, requested) : path, 301);
  }

  const catalog = await context.get(catalogContext)();
  const list = paginate(recipesOfType(catalog, type), requested);
  requireExistingPage(list, requested, path);
  const recipes = await catalog.cardsAt(list.items);

  const { siteUrl, siteName } = context.get(siteConfigContext);
  const absolute = (page: number) => `${siteUrl}${pageHref(path, page)}`;
  return {
    type,
    heading: CATEGORY_HEADINGS[type],
    intro: CATEGORY_INTROS[type],
    siteName,
    ...list,
    items: recipes.map(recipeListCardData),
    canonical: absolute(list.page),
    prev: list.page > 1 ? absolute(list.page - 1) : null,
    next: list.page < list.pageCount ? absolute(list.page + 1) : null,
    siteUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { heading, intro, siteName, siteUrl, items, page, canonical, prev, next } = loaderData;
  const title = pageTitle(page > 1 ? `${heading}, Seite ${page}` : heading, siteName);
  // Made from the cards here, not sent in the loader's data: the hydration data would carry every name twice.
  const jsonLd = itemListJsonLd(items, { siteUrl, offset: (page - 1) * PAGE_SIZE });
  return [...pageMeta({ title, description: intro, canonical, siteName, prev, next }), { "script:ld+json": jsonLd }];
};

export default function Category({ loaderData }: Route.ComponentProps) {
  const { heading, intro, items, total, page, pageCount } = loaderData;
  return (
    <div className="page wide-page">
      <h1>{heading}</h1>
      <p className="lead">{intro}</p>
      {total === 0 ? (
        <p className="notice">In dieser Kategorie gibt es noch keine Rezepte. Schau bald wieder vorbei!</p>
      ) : (
        <>
          <p className="list-count">
            {`${total === 1 ? "1 Rezept" : `${total} Rezepte`}${pageCount > 1 ? `, Seite ${page} von ${pageCount}` : ""}`}
          </p>
          <RecipeList recipes={items} label={heading} />
          <PaginationNav page={page} pageCount={pageCount} />
        </>
      )}
    </div>
  );
}
