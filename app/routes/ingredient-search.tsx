import { useNavigation } from "react-router";
import { ExcludeIngredientForm } from "../components/exclude-ingredient-form.tsx";
import { IngredientChips } from "../components/ingredient-chips.tsx";
import { IngredientPicker } from "../components/ingredient-picker.tsx";
import { PaginationNav } from "../components/pagination-nav.tsx";
import { RecipeCard } from "../components/recipe-card.tsx";
import { RecipeDetailsDisclosure } from "../components/recipe-details-disclosure.tsx";
import type { CatalogView } from "../lib/catalog/catalog-view.ts";
import { type IngredientMatch, matchIngredients, missingIngredients } from "../lib/catalog/queries.ts";
import { type IngredientQuery, ingredientSearchHref, readIngredientQuery } from "../lib/ingredient-query.ts";
import { pageTitle } from "../lib/page-title.ts";
import { pageHref, paginate, requireExistingPage, requirePageNumber } from "../lib/pagination.ts";
import { recipeListCardData } from "../lib/recipe-card-data.ts";
import { pageMeta } from "../lib/seo/page-meta.ts";
import { catalogContext, siteConfigContext } from "../lib/site-context.server.ts";
import type { Route } from "./+types/ingredient-search";

/** The page's matches as cards, with how many of the selected ingredients each needs and what it still needs. */
async function matchCards(catalog: CatalogView, matches: readonly IngredientMatch[], selected: readonly string[]) {
  const recipes = await catalog.cardsAt(matches.map((match) => match.position));
  const wanted = new Set(selected);
  return recipes.map((recipe) => ({
    recipe: recipeListCardData(recipe),
    // The match's score, counted again from the card: a card that could not be read leaves no gap to misalign.
    score: recipe.ingredients.filter((name) => wanted.has(name)).length,
    needed: recipe.ingredients.length,
    missing: missingIngredients(recipe, selected),
  }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = requirePageNumber(url);
  const query = readIngredientQuery(url.searchParams);

  const catalog = await context.get(catalogContext)();
  const known = (slugs: string[]) => slugs.flatMap((slug) => catalog.ingredientBySlug(slug) ?? []);
  const selected = known(query.selected);
  const excluded = known(query.excluded);
  // A shared link may name an ingredient that has been renamed or removed since.
  const unknown = [...query.selected, ...query.excluded].filter((slug) => !catalog.ingredientBySlug(slug));

  const selectedNames = selected.map((ingredient) => ingredient.name);
  const matches = await matchIngredients(
    catalog,
    selectedNames,
    excluded.map((ingredient) => ingredient.name),
  );
  const list = paginate(matches, requested);
  // "Nothing found" reads the same at any page number: it is answered where it was asked.
  if (matches.length > 0) requireExistingPage(list, requested, url);

  const { siteUrl, siteName } = context.get(siteConfigContext);
  return {
    // The overview: every ingredient with its recipe count, most used first.
    ingredients: catalog.ingredients.map(({ slug, name, recipeCount }) => ({
      slug,
      name,
      recipeCount,
    })),
    selected: selected.map(({ slug, name }) => ({ slug, name })),
    excluded: excluded.map(({ slug, name }) => ({ slug, name })),
    unknown,
    filter: query.filter,
    results: await matchCards(catalog, list.items, selectedNames),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    siteName,
    // One address per result: the overview filter is left out and the order of ingredients does not count.
    canonical: `${siteUrl}${pageHref(
      ingredientSearchHref({
        selected: selected.map((ingredient) => ingredient.slug).sort(),
        excluded: excluded.map((ingredient) => ingredient.slug).sort(),
        filter: "",
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

function missingText(missing: string[]): string {
  if (missing.length === 0) return "Es fehlt nichts!";
  return `${missing.length === 1 ? "Es fehlt" : "Es fehlen"}: ${missing.join(", ")}.`;
}

function countText(total: number): string {
  if (total === 0) return "Kein passendes Rezept";
  return total === 1 ? "1 passendes Rezept" : `${total} passende Rezepte`;
}

export default function IngredientSearch({ loaderData }: Route.ComponentProps) {
  const { ingredients, selected, excluded, unknown, filter, results, total, page, pageCount } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/zutatensuche";
  const query: IngredientQuery = {
    selected: selected.map((item) => item.slug),
    excluded: excluded.map((item) => item.slug),
    filter,
  };
  const have = new Set(selected.map((item) => item.name));

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
        <IngredientPicker ingredients={ingredients} selected={selected} excluded={excluded} filter={filter} />

        <section className="ingredient-results" aria-labelledby="ergebnisse" aria-busy={busy}>
          <h2 id="ergebnisse">Passende Rezepte</h2>
          <IngredientChips selected={selected} excluded={excluded} query={query} />

          <p role="status" className="list-count">
            {selected.length === 0
              ? "Wähle mindestens eine Zutat aus, dann erscheinen hier die passenden Rezepte."
              : `${countText(total)}${pageCount > 1 ? `, Seite ${page} von ${pageCount}` : ""}`}
          </p>

          {selected.length > 0 ? <ExcludeIngredientForm ingredients={ingredients} query={query} /> : null}

          {results.map(({ recipe, score, needed, missing }, index) => (
            <RecipeCard
              key={recipe.slug}
              recipe={recipe}
              priority={index === 0}
              headingLevel={3}
              body={<RecipeDetailsDisclosure slug={recipe.slug} name={recipe.name} headingLevel={3} have={have} />}
            >
              <p className="match-summary">
                <strong>{`${score} von ${needed} Zutaten`}</strong>
                {` hast du. ${missingText(missing)}`}
              </p>
            </RecipeCard>
          ))}
          <PaginationNav page={page} pageCount={pageCount} />
        </section>
      </div>
    </div>
  );
}
