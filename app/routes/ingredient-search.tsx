import { useNavigation } from "react-router";
import { basicsAtHand } from "../../catalog/recipes/basic-ingredients.ts";
import type { IngredientType } from "../../catalog/recipes/ingredient-types.ts";
import { isFiltering } from "../../catalog/recipes/recipe-filter.ts";
import type { CatalogIngredient } from "../../catalog/recipes/types.ts";
import { kindBySlug, kindLabel, kindsOfMask } from "../../catalog/search/search-words.ts";
import type { CatalogView } from "../../catalog/view/catalog-view.ts";
import type { IngredientOption } from "../../catalog/view/ingredient-overview.ts";
import { pantryAnswer } from "../../catalog/view/pantry-queries.ts";
import {
  type IngredientMatch,
  ingredientsOfKinds,
  matchIngredients,
  missingIngredients,
} from "../../catalog/view/queries.ts";
import { ExcludeIngredientForm } from "../components/exclude-ingredient-form.tsx";
import { HydrationSlice } from "../components/hydration-slice.tsx";
import { IngredientChips } from "../components/ingredient-chips.tsx";
import { IngredientPicker, MOST_USED_SHOWN } from "../components/ingredient-picker.tsx";
import { COMPLETE_BADGE, completeCountText, MatchSummary } from "../components/match-summary.tsx";
import { OneMoreIngredient, type OneMoreSuggestion } from "../components/one-more-ingredient.tsx";
import { PaginationNav } from "../components/pagination-nav.tsx";
import { PantryBasics } from "../components/pantry-basics.tsx";
import { RecipeCard } from "../components/recipe-card.tsx";
import { RecipeDetailsDisclosure } from "../components/recipe-details-disclosure.tsx";
import { NoFilteredRecipes, RecipeFilterBar, RefusedFilterNotice } from "../components/recipe-filter.tsx";
import { RouteLink } from "../components/route-link.tsx";
import { AddToShoppingList } from "../components/shopping-list/add-to-shopping-list.tsx";
import { useRememberedPantry } from "../lib/hooks/use-remembered-pantry.ts";
import { ingredientFilter } from "../lib/recipes/ingredient-filter.ts";
import { recipeListCardData } from "../lib/recipes/recipe-card-data.ts";
import { pageMeta } from "../lib/seo/page-meta.ts";
import { pageTitle } from "../lib/seo/page-title.ts";
import { useVisitor } from "../lib/site/shell-data.ts";
import { catalogContext, siteConfigContext } from "../lib/site/site-context.server.ts";
import {
  canSelectMore,
  type IngredientQuery,
  ingredientSearchHref,
  kindSlugOf,
  readIngredientQuery,
  weekProposalHref,
} from "../lib/url/ingredient-query.ts";
import { MATCHES_PER_PAGE, pageHref, paginate, requireExistingPage, requirePageNumber } from "../lib/url/pagination.ts";
import { readRecipeFilter } from "../lib/url/recipe-filter-param.ts";
import type { Route } from "./+types/ingredient-search";

/**
 * The page's matches as cards, with how many of the recipe's ingredients the
 * visitor has (selected, of a selected kind, or a basic at hand) and what it
 * still needs.
 */
async function matchCards(catalog: CatalogView, matches: readonly IngredientMatch[], covering: ReadonlySet<string>) {
  const recipes = await catalog.cardsAt(matches.map((match) => match.position));
  return recipes.map((recipe) => ({
    recipe: recipeListCardData(recipe),
    // Counted from the card: a card that could not be read leaves no gap to misalign.
    have: recipe.ingredients.filter((name) => covering.has(name)),
    needed: recipe.ingredients.length,
    missing: missingIngredients(recipe, covering),
  }));
}

type Choice = { slug: string; name: string };

/**
 * The boxes the picker shows at first, most used first: the most used
 * ingredients, the chosen ones, and those the address's filter lists (the
 * form without JavaScript filters on the server). The browser asks for the
 * rest only when the visitor filters (routes/ingredient-list.ts).
 */
function shownOptions(options: readonly IngredientOption[], chosen: readonly string[], filterText: string) {
  const filter = filterText.trim() === "" ? null : ingredientFilter(filterText);
  const chosenSlugs = new Set(chosen);
  const listed = filter
    ? options.filter((option) => filter.lists({ name: option.name, kinds: kindsOfMask(option.kinds) }))
    : [];
  const listedSlugs = new Set(listed.map((option) => option.slug));
  return {
    shown: options.filter(
      (option, index) => index < MOST_USED_SHOWN || chosenSlugs.has(option.slug) || listedSlugs.has(option.slug),
    ),
    // The address's filter answered here, so the browser draws the same list before its matcher has loaded.
    addressFilter: filter ? { kinds: filter.kinds, listed: listed.map((option) => option.slug) } : null,
  };
}

/**
 * What "Rezepte ohne diese Zutat" offers: the ingredients of the recipes on
 * this page that are not chosen yet, by name. Excluding anything else would
 * not change what the visitor sees, and a list of every ingredient grows
 * with the catalog into every page.
 */
function excludableOf(
  byName: ReadonlyMap<string, CatalogIngredient>,
  recipes: readonly { have: string[]; missing: string[] }[],
  taken: ReadonlySet<string>,
) {
  const names = new Set(recipes.flatMap((recipe) => [...recipe.have, ...recipe.missing]));
  return [...names]
    .flatMap((name) => {
      const ingredient = byName.get(name);
      return ingredient && !taken.has(ingredient.slug) ? [{ slug: ingredient.slug, name: ingredient.name }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name, "de"));
}

/** The query's values as ingredients and kinds of this version; values it does not know are left out. */
function choicesOf(catalog: CatalogView, values: readonly string[]) {
  const ingredients: CatalogIngredient[] = [];
  const kinds: IngredientType[] = [];
  const chosen: Choice[] = [];
  for (const value of values) {
    const kindSlug = kindSlugOf(value);
    const kind = kindSlug === undefined ? undefined : kindBySlug(kindSlug);
    const ingredient = kindSlug === undefined ? catalog.ingredientBySlug(value) : undefined;
    if (kind) {
      kinds.push(kind);
      chosen.push({ slug: value, name: kindLabel(kind) });
    } else if (ingredient) {
      ingredients.push(ingredient);
      chosen.push({ slug: value, name: ingredient.name });
    }
  }
  return { ingredients, kinds, chosen };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = requirePageNumber(url);
  const query = readIngredientQuery(url.searchParams);
  const { filter: recipeFilter, refused: refusedFilters } = readRecipeFilter(url.searchParams);

  const catalog = await context.get(catalogContext)();
  const selected = choicesOf(catalog, query.selected);
  const excluded = choicesOf(catalog, query.excluded);
  // A shared link may name an ingredient that has been renamed or removed since.
  const known = new Set([...selected.chosen, ...excluded.chosen].map((choice) => choice.slug));
  const unknown = [
    ...[...query.selected, ...query.excluded].filter((value) => !known.has(value)),
    ...query.unknownBasics,
  ];

  const selectedNames = selected.ingredients.map((ingredient) => ingredient.name);
  const matches = await matchIngredients(
    catalog,
    selectedNames,
    excluded.ingredients.map((ingredient) => ingredient.name),
    { selected: selected.kinds, excluded: excluded.kinds },
    recipeFilter,
  );
  const covering = new Set([...selectedNames, ...ingredientsOfKinds(catalog, selected.kinds)]);
  const list = paginate(matches, requested, MATCHES_PER_PAGE);
  // "Nothing found" reads the same at any page number: it is answered where it was asked.
  if (matches.length > 0) requireExistingPage(list, requested, url);

  const { siteUrl, siteName } = context.get(siteConfigContext);
  const { options, byName, kindMembers } = catalog.ingredientOverview();
  // Basics at hand are neither missing nor in the way of "Es fehlt nichts!"; score and order stay the rules' own.
  const basics = basicsAtHand(query.missingBasics).map((basic) => basic.name);
  const results = await matchCards(catalog, list.items, new Set([...covering, ...basics]));
  const pantry =
    selected.chosen.length === 0
      ? { complete: 0, oneMore: [] }
      : await pantryAnswer(catalog, {
          covering,
          basics,
          excluded: [
            ...excluded.ingredients.map((ingredient) => ingredient.name),
            ...ingredientsOfKinds(catalog, excluded.kinds),
          ],
          // What needs nothing more, and one ingredient more, among the recipes the list's filter keeps.
          keep: recipeFilter ? (await catalog.filtered(recipeFilter))?.has : undefined,
          // Counted by the matching above for the same covering: the chosen ingredients' recipes are walked once.
          chosen: matches.chosen,
        });
  const oneMore: OneMoreSuggestion[] = canSelectMore(query)
    ? pantry.oneMore.flatMap(({ name, recipes }) => {
        const ingredient = byName.get(name);
        return ingredient ? [{ slug: ingredient.slug, name: ingredient.name, recipes }] : [];
      })
    : [];
  const { shown, addressFilter } = shownOptions(options, query.selected, query.filter);
  return {
    ingredients: shown,
    addressFilter,
    ingredientCount: options.length,
    kindMembers,
    excludable: excludableOf(byName, results, new Set([...query.selected, ...query.excluded])),
    selected: selected.chosen,
    excluded: excluded.chosen,
    missingBasics: query.missingBasics,
    unknown,
    filter: query.filter,
    recipeFilter,
    refusedFilters,
    results,
    complete: pantry.complete,
    oneMore,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    siteName,
    // One address per result: the overview filter is left out and the order of ingredients does not count.
    canonical: `${siteUrl}${pageHref(
      ingredientSearchHref({
        selected: selected.chosen.map((choice) => choice.slug).sort(),
        excluded: excluded.chosen.map((choice) => choice.slug).sort(),
        filter: "",
        recipeFilter,
        missingBasics: query.missingBasics,
      }),
      list.page,
    )}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { siteName, canonical } = loaderData;
  return pageMeta({
    title: pageTitle("Zutatensuche", siteName),
    description: "Finde schnelle Rezepte mit den Zutaten, die du zu Hause hast.",
    canonical,
    siteName,
  });
};

function countText(total: number): string {
  if (total === 0) return "Kein passendes Rezept";
  return total === 1 ? "1 passendes Rezept" : `${total} passende Rezepte`;
}

export default function IngredientSearch({ loaderData }: Route.ComponentProps) {
  const {
    ingredients,
    addressFilter,
    ingredientCount,
    kindMembers,
    excludable,
    selected,
    excluded,
    missingBasics,
    unknown,
    filter,
    recipeFilter,
    refusedFilters,
    results,
    complete,
    oneMore,
    total,
    page,
    pageCount,
  } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/zutatensuche";
  const query: IngredientQuery = {
    selected: selected.map((item) => item.slug),
    excluded: excluded.map((item) => item.slug),
    filter,
    recipeFilter,
    missingBasics,
  };
  const visitor = useVisitor();
  const pantry = useRememberedPantry(query, visitor?.csrfToken || null);

  return (
    <div className="page wide-page ingredient-search">
      <h1>Zutatensuche</h1>
      <p className="lead">Wähle aus, was du zu Hause hast – wir zeigen dir, was du daraus kochen kannst.</p>
      {unknown.length > 0 ? (
        <p className="notice">
          {unknown.length === 1
            ? "Eine Zutat aus dem Link kennen wir nicht mehr"
            : "Einige Zutaten aus dem Link kennen wir nicht mehr"}
          ; wir suchen ohne sie.
        </p>
      ) : null}

      <div className="ingredient-layout">
        <IngredientPicker
          ingredients={ingredients}
          addressFilter={addressFilter}
          ingredientCount={ingredientCount}
          kindMembers={kindMembers}
          selected={selected}
          excluded={excluded}
          missingBasics={missingBasics}
          filter={filter}
          recipeFilter={recipeFilter}
          onEarlyChoice={pantry.choseEarly}
        />

        {/* A new section when the first ingredient comes or the last goes: a pantry restored after the page
            loaded then replaces the empty one instead of pushing its lines down (no layout shift). */}
        <section
          key={selected.length === 0 ? "ohne-auswahl" : "mit-auswahl"}
          className="ingredient-results"
          aria-labelledby="ergebnisse"
          aria-busy={busy}
        >
          <h2 id="ergebnisse">Passende Rezepte</h2>
          <IngredientChips selected={selected} excluded={excluded} query={query} />
          <RecipeFilterBar filter={recipeFilter} />
          <RefusedFilterNotice refused={refusedFilters} />

          <p role="status" className="list-count">
            {selected.length === 0
              ? "Wähle mindestens eine Zutat aus, dann erscheinen hier die passenden Rezepte."
              : `${countText(total)}${pageCount > 1 ? `, Seite ${page} von ${pageCount}` : ""}`}
          </p>

          {selected.length > 0 ? <p className="complete-count">{completeCountText(complete)}</p> : null}
          {selected.length > 0 ? (
            <p className="propose-week">
              {/* nofollow: the proposal is personal and closed to crawlers (robots.txt). */}
              <RouteLink rel="nofollow" to={weekProposalHref(query)}>
                Plan meine Woche mit diesen Zutaten
              </RouteLink>
            </p>
          ) : null}
          <PantryBasics
            query={query}
            onForget={pantry.forget}
            forgotten={pantry.forgotten}
            signedIn={visitor !== null}
          />

          {selected.length > 0 ? (
            <ExcludeIngredientForm ingredients={excludable} kindMembers={kindMembers} query={query} />
          ) : null}

          <HydrationSlice>
            {results.map(({ recipe, have, needed, missing }, index) => (
              <RecipeCard
                key={recipe.slug}
                recipe={recipe}
                priority={index === 0}
                headingLevel={3}
                weekPlanLink
                extraBadge={missing.length === 0 ? COMPLETE_BADGE : null}
                body={
                  <RecipeDetailsDisclosure
                    slug={recipe.slug}
                    name={recipe.name}
                    headingLevel={3}
                    have={new Set(have)}
                  />
                }
              >
                <MatchSummary have={have.length} needed={needed} missing={missing} />
                {missing.length > 0 ? (
                  <AddToShoppingList
                    slug={recipe.slug}
                    recipeName={recipe.name}
                    ingredients={missing}
                    label={`Fehlende Zutaten für „${recipe.name}“ auf die Einkaufsliste`}
                  />
                ) : null}
              </RecipeCard>
            ))}
          </HydrationSlice>
          {selected.length > 0 && total === 0 && isFiltering(recipeFilter) ? (
            <NoFilteredRecipes
              filter={recipeFilter}
              where="Mit deinen Zutaten"
              unfiltered={{
                href: ingredientSearchHref({ ...query, recipeFilter: undefined }),
                label: "Ohne Filter suchen",
              }}
            />
          ) : null}
          <PaginationNav page={page} pageCount={pageCount} />
          <OneMoreIngredient suggestions={oneMore} query={query} />
        </section>
      </div>
    </div>
  );
}
