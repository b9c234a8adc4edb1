import { redirect } from "react-router";
import {
  CATEGORY_HEADINGS,
  CATEGORY_INTROS,
  categoryPath,
  recipeTypeFromParam,
} from "../../catalog/recipes/categories.ts";
import { isFiltering, NO_FILTER } from "../../catalog/recipes/recipe-filter.ts";
import { recipesOfType } from "../../catalog/view/queries.ts";
import { PaginationNav } from "../components/pagination-nav.tsx";
import { NoFilteredRecipes, RecipeFilterBar, RefusedFilterNotice } from "../components/recipe-filter.tsx";
import { RecipeList } from "../components/recipe-list.tsx";
import { RecipeOrderBar, RefusedOrderNotice } from "../components/recipe-order.tsx";
import { recipeListCardData } from "../lib/recipes/recipe-card-data.ts";
import { filterLabel } from "../lib/recipes/recipe-filter-text.ts";
import { itemListJsonLd } from "../lib/seo/item-list-json-ld.ts";
import { pageMeta } from "../lib/seo/page-meta.ts";
import { pageTitle } from "../lib/seo/page-title.ts";
import { catalogContext, siteConfigContext } from "../lib/site/site-context.server.ts";
import { PAGE_PARAM } from "../lib/url/form-fields.ts";
import { PAGE_SIZE, pageHref, paginate, parsePageParam, requireExistingPage } from "../lib/url/pagination.ts";
import { readRecipeFilter, withRecipeFilter } from "../lib/url/recipe-filter-param.ts";
import { readRecipeOrder, withRecipeOrder } from "../lib/url/recipe-order-param.ts";
import type { Route } from "./+types/category";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const type = recipeTypeFromParam(params.type);
  // Unknown categories go home, like every other unknown path.
  if (!type) throw redirect("/");
  const url = new URL(request.url);
  const { filter, refused } = readRecipeFilter(url.searchParams);
  const { order, refused: refusedOrder } = readRecipeOrder(url.searchParams);
  // The list's one address: the lower-case path, the filter's parameters in order, then the order's.
  const path = withRecipeOrder(withRecipeFilter(categoryPath(type), filter), order);
  const requested = parsePageParam(url.searchParams.get(PAGE_PARAM));
  // "/kategorie/SOUP" works (the spec upper-cases the parameter) but the
  // lower-case path is the one address to share and index; "?seite=abc" and
  // "?seite=1" have one too. The filter goes along, without what was refused.
  if (params.type !== type.toLowerCase() || requested === undefined || url.searchParams.get(PAGE_PARAM) === "1") {
    throw redirect(requested && requested > 1 ? pageHref(path, requested) : path, 301);
  }

  const catalog = await context.get(catalogContext)();
  const list = paginate(await recipesOfType(catalog, type, filter, order), requested);
  requireExistingPage(list, requested, path);
  const recipes = await catalog.cardsAt(list.items);

  const { siteUrl, siteName } = context.get(siteConfigContext);
  const absolute = (page: number) => `${siteUrl}${pageHref(path, page)}`;
  return {
    type,
    heading: CATEGORY_HEADINGS[type],
    intro: CATEGORY_INTROS[type],
    filter,
    refusedFilters: refused,
    order,
    refusedOrder,
    unfilteredHref: withRecipeOrder(withRecipeFilter(categoryPath(type), NO_FILTER), order),
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
  const { heading, intro, filter, siteName, siteUrl, items, page, canonical, prev, next } = loaderData;
  // A filtered list is a page of its own ("Suppen (vegan, bis 20 Min.)"): its title says so.
  const named = isFiltering(filter) ? `${heading} (${filterLabel(filter)})` : heading;
  const title = pageTitle(page > 1 ? `${named}, Seite ${page}` : named, siteName);
  // Made from the cards here, not sent in the loader's data: the hydration data would carry every name twice.
  const jsonLd = itemListJsonLd(items, { siteUrl, offset: (page - 1) * PAGE_SIZE });
  return [...pageMeta({ title, description: intro, canonical, siteName, prev, next }), { "script:ld+json": jsonLd }];
};

export default function Category({ loaderData }: Route.ComponentProps) {
  const { heading, intro, filter, refusedFilters, order, refusedOrder, unfilteredHref, items, total, page, pageCount } =
    loaderData;
  return (
    <div className="page wide-page">
      <h1>{heading}</h1>
      <p className="lead">{intro}</p>
      <RecipeFilterBar filter={filter} />
      <RecipeOrderBar order={order} />
      <RefusedFilterNotice refused={refusedFilters} />
      <RefusedOrderNotice refused={refusedOrder} />
      {total === 0 && isFiltering(filter) ? (
        <NoFilteredRecipes
          filter={filter}
          where="In dieser Kategorie"
          unfiltered={{ href: unfilteredHref, label: "Alle Rezepte dieser Kategorie zeigen" }}
        />
      ) : total === 0 ? (
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
