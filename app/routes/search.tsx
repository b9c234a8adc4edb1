import { useEffect } from "react";
import { Link } from "react-router";
import { CATEGORY_HEADINGS, categoryPath, FOOTER_CATEGORIES } from "../../catalog/recipes/categories.ts";
import { isFiltering, NO_FILTER } from "../../catalog/recipes/recipe-filter.ts";
import { searchReasons } from "../../catalog/search/search-reason.ts";
import { newestRecipes, searchRecipes } from "../../catalog/view/queries.ts";
import { PaginationNav } from "../components/pagination-nav.tsx";
import { NoFilteredRecipes, RecipeFilterBar, RefusedFilterNotice } from "../components/recipe-filter.tsx";
import { RecipeList } from "../components/recipe-list.tsx";
import { RecipeOrderBar, RefusedOrderNotice } from "../components/recipe-order.tsx";
import { SearchForm } from "../components/search-form.tsx";
import { trackEvent } from "../lib/consent/analytics.ts";
import { recipeListCardData } from "../lib/recipes/recipe-card-data.ts";
import { pageMeta } from "../lib/seo/page-meta.ts";
import { pageTitle } from "../lib/seo/page-title.ts";
import { useConsent } from "../lib/site/shell-data.ts";
import { catalogContext, siteConfigContext } from "../lib/site/site-context.server.ts";
import { SEARCH_TERM_PARAM } from "../lib/url/form-fields.ts";
import { pageHref, paginate, requireExistingPage, requirePageNumber } from "../lib/url/pagination.ts";
import { readRecipeFilter, withRecipeFilter } from "../lib/url/recipe-filter-param.ts";
import { readRecipeOrder, withRecipeOrder } from "../lib/url/recipe-order-param.ts";
import type { Route } from "./+types/search";

/** Longer terms are cut: no recipe name is this long, and it bounds the work per request. */
const MAX_QUERY_LENGTH = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get(SEARCH_TERM_PARAM) ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const requested = requirePageNumber(url);
  const { filter, refused } = readRecipeFilter(url.searchParams);
  const { order, refused: refusedOrder } = readRecipeOrder(url.searchParams);

  const catalog = await context.get(catalogContext)();
  // The bare page needs no index: it is revived only for a term.
  const found = await searchRecipes(catalog, query, filter, order);
  const list = paginate(found, requested);
  // "Nothing found" reads the same at any page number: it is answered where it was asked.
  if (found.length > 0) requireExistingPage(list, requested, url);
  const [recipes, suggestions] = await Promise.all([
    catalog.cardsAt(list.items.map((result) => result.position)),
    // Nothing found: a few recipes to start from instead of an empty page; with a filter, the way out is to drop it.
    query !== "" && found.length === 0 && !isFiltering(filter) ? newestRecipes(catalog, 3) : [],
  ]);

  const { siteUrl, siteName } = context.get(siteConfigContext);
  const kinds = catalog.ingredientKinds();
  const reasonOf = searchReasons(query, (name) => kinds.get(name) ?? []);
  const term = query.toLowerCase();
  const termHref = query === "" ? "/suche" : `/suche?${new URLSearchParams({ [SEARCH_TERM_PARAM]: query })}`;
  return {
    query,
    filter,
    refusedFilters: refused,
    order,
    refusedOrder,
    ...list,
    // A card whose name holds the term is there by the spec's rule; the others say why.
    items: recipes.map((recipe) => ({
      ...recipeListCardData(recipe),
      note: recipe.name.toLowerCase().includes(term) ? null : reasonOf(recipe),
    })),
    suggestions: suggestions.map(recipeListCardData),
    siteName,
    unfilteredHref: withRecipeOrder(withRecipeFilter(termHref, NO_FILTER), order),
    // Only the term, the filter, the order and the page make the result: other parameters are not part of its address.
    canonical: `${siteUrl}${pageHref(withRecipeOrder(withRecipeFilter(termHref, filter), order), list.page)}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { siteName, canonical } = loaderData;
  return pageMeta({
    title: pageTitle("Rezeptsuche", siteName),
    description: "Suche schnelle Rezepte nach ihrem Namen oder einer Zutat – jedes ist in höchstens 30 Minuten fertig.",
    canonical,
    siteName,
  });
};

function resultCount(total: number, query: string): string {
  if (total === 0) return `Keine Rezepte für „${query}“ gefunden.`;
  return `${total === 1 ? "1 Rezept" : `${total} Rezepte`} für „${query}“`;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const {
    query,
    filter,
    refusedFilters,
    order,
    refusedOrder,
    unfilteredHref,
    items,
    total,
    page,
    pageCount,
    suggestions,
  } = loaderData;
  const consent = useConsent();

  // search_recipes once per term searched (spec section 7).
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per term; consent is read as it is then
  useEffect(() => {
    if (query !== "") trackEvent(consent, "search_recipes", { page_location: window.location.href, searchTerm: query });
  }, [query]);
  return (
    <div className="page wide-page">
      <h1>Rezeptsuche</h1>
      <SearchForm query={query} filter={filter} order={order} />
      <RecipeFilterBar filter={filter} />
      <RecipeOrderBar order={order} />
      <RefusedFilterNotice refused={refusedFilters} />
      <RefusedOrderNotice refused={refusedOrder} />
      {/* Announced to screen readers whenever the results change while typing. */}
      <p role="status" className="list-count">
        {query === "" ? "" : resultCount(total, query)}
      </p>
      {query === "" ? (
        <p>
          Suche nach dem Namen eines Gerichts oder nach einer Zutat. Du weißt noch nicht, was du willst? Lass dir ein{" "}
          <Link to="/zufallsgenerator">zufälliges Rezept</Link> vorschlagen.
        </p>
      ) : null}
      {total > 0 ? (
        <>
          <RecipeList recipes={items} label="Suchergebnisse" />
          <PaginationNav page={page} pageCount={pageCount} />
        </>
      ) : null}
      {query !== "" && total === 0 && isFiltering(filter) ? (
        <NoFilteredRecipes
          filter={filter}
          where={`Für „${query}“`}
          unfiltered={{ href: unfilteredHref, label: `Alle Rezepte für „${query}“ zeigen` }}
        />
      ) : null}
      {query !== "" && total === 0 && !isFiltering(filter) ? (
        <div className="no-results">
          <p>
            Prüfe die Schreibweise oder versuche einen kürzeren Begriff, etwa nur „Suppe“ statt „Tomatensuppe mit
            Basilikum“. Du kannst auch mit den Zutaten suchen, die du zu Hause hast:{" "}
            <Link to="/zutatensuche">zur Zutatensuche</Link>.
          </p>
          <h2>Stöbere in den Kategorien</h2>
          <ul className="chip-list">
            {FOOTER_CATEGORIES.map((type) => (
              <li key={type}>
                <Link className="chip" to={categoryPath(type)}>
                  {CATEGORY_HEADINGS[type]}
                </Link>
              </li>
            ))}
          </ul>
          {suggestions.length > 0 ? (
            <>
              <h2>Neu bei uns</h2>
              <RecipeList recipes={suggestions} label="Neue Rezepte" headingLevel={3} />
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
