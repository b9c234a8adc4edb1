import { useMemo, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { CloseIcon } from "../components/icons.tsx";
import { PaginationNav } from "../components/pagination-nav.tsx";
import { RecipeCard } from "../components/recipe-card.tsx";
import { matchIngredients } from "../lib/catalog/queries.ts";
import { foldTerm } from "../lib/fold.ts";
import { EXCLUDED_INGREDIENT_PARAM, INGREDIENT_FILTER_PARAM, SELECTED_INGREDIENT_PARAM } from "../lib/form-fields.ts";
import { type IngredientQuery, ingredientSearchHref, readIngredientQuery } from "../lib/ingredient-query.ts";
import { pageTitle } from "../lib/page-title.ts";
import { pageHref, paginate, requireExistingPage, requirePageNumber } from "../lib/pagination.ts";
import { pageMeta } from "../lib/seo/page-meta.ts";
import { catalogContext, siteConfigContext } from "../lib/site-context.server.ts";
import type { Route } from "./+types/ingredient-search";

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

  const matches = matchIngredients(
    catalog,
    selected.map((ingredient) => ingredient.name),
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
    results: list.items.map(({ recipe, score, missing }) => ({ recipe, score, missing })),
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

type Named = { slug: string; name: string };

function without(list: Named[], slug: string): string[] {
  return list.filter((item) => item.slug !== slug).map((item) => item.slug);
}

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
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const [filterText, setFilterText] = useState(filter);

  // The boxes follow a click at once; a new result (or a chip removed, the
  // back button) sets them from the URL again.
  const selectedKey = selected.map((item) => item.slug).join(" ");
  const [checked, setChecked] = useState(() => new Set(selectedKey.split(" ").filter(Boolean)));
  // Adjusted while rendering, not in an effect: an effect would render the
  // whole list a second time right after hydration, on a slow phone a long task.
  const [checkedFor, setCheckedFor] = useState(selectedKey);
  if (checkedFor !== selectedKey) {
    setCheckedFor(selectedKey);
    setChecked(new Set(selectedKey.split(" ").filter(Boolean)));
  }
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/zutatensuche";

  const visible = useMemo(() => {
    const folded = foldTerm(filterText.trim());
    return folded === "" ? ingredients : ingredients.filter((item) => foldTerm(item.name).includes(folded));
  }, [ingredients, filterText]);
  const visibleSlugs = new Set(visible.map((item) => item.slug));
  const query: IngredientQuery = {
    selected: selected.map((item) => item.slug),
    excluded: excluded.map((item) => item.slug),
    filter,
  };
  const have = new Set(selected.map((item) => item.name));

  function recompute() {
    if (!form.current) return;
    const data = new FormData(form.current);
    // An empty filter would only clutter the shared address.
    if (String(data.get(INGREDIENT_FILTER_PARAM) ?? "").trim() === "") data.delete(INGREDIENT_FILTER_PARAM);
    submit(data, { method: "get", action: "/zutatensuche", replace: true, preventScrollReset: true });
  }

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
        <Form method="get" action="/zutatensuche" className="ingredient-picker" ref={form} preventScrollReset>
          <fieldset>
            <legend>Deine Zutaten</legend>
            <label htmlFor="zutat-filter" className="field-label">
              Zutat finden
            </label>
            <input
              id="zutat-filter"
              type="search"
              name={INGREDIENT_FILTER_PARAM}
              value={filterText}
              onChange={(event) => setFilterText(event.currentTarget.value)}
              placeholder="z. B. Tomate"
              autoComplete="off"
              aria-controls="zutaten-liste"
            />
            <p className="field-hint" id="zutaten-anzahl">
              {visible.length === ingredients.length
                ? `${ingredients.length} Zutaten, die häufigsten zuerst`
                : `${visible.length} von ${ingredients.length} Zutaten`}
            </p>
            <ul className="ingredient-options" id="zutaten-liste" aria-describedby="zutaten-anzahl">
              {visible.map((item) => (
                <li key={item.slug}>
                  <label>
                    <input
                      type="checkbox"
                      name={SELECTED_INGREDIENT_PARAM}
                      value={item.slug}
                      checked={checked.has(item.slug)}
                      onChange={(event) => {
                        const next = new Set(checked);
                        if (event.currentTarget.checked) next.add(item.slug);
                        else next.delete(item.slug);
                        setChecked(next);
                        recompute();
                      }}
                    />
                    <span className="ingredient-name">{item.name}</span>
                    <span className="ingredient-count">
                      {item.recipeCount} {item.recipeCount === 1 ? "Rezept" : "Rezepte"}
                    </span>
                  </label>
                </li>
              ))}
              {visible.length === 0 ? <li className="ingredient-none">Keine Zutat passt zu „{filterText}“.</li> : null}
            </ul>
            {/* Selected ingredients hidden by the filter stay selected. */}
            {selected
              .filter((item) => !visibleSlugs.has(item.slug))
              .map((item) => (
                <input key={item.slug} type="hidden" name={SELECTED_INGREDIENT_PARAM} value={item.slug} />
              ))}
            {excluded.map((item) => (
              <input key={item.slug} type="hidden" name={EXCLUDED_INGREDIENT_PARAM} value={item.slug} />
            ))}
          </fieldset>
          <button type="submit" className="button">
            Rezepte anzeigen
          </button>
        </Form>

        <section className="ingredient-results" aria-labelledby="ergebnisse" aria-busy={busy}>
          <h2 id="ergebnisse">Passende Rezepte</h2>
          {selected.length > 0 || excluded.length > 0 ? (
            <ul className="chip-list" aria-label="Ausgewählte Zutaten">
              {selected.map((item) => (
                <li key={item.slug}>
                  <Link
                    className="chip chip-removable"
                    to={ingredientSearchHref({ ...query, selected: without(selected, item.slug) })}
                    replace
                    preventScrollReset
                    aria-label={`${item.name} entfernen`}
                  >
                    {item.name}
                    <CloseIcon size={16} />
                  </Link>
                </li>
              ))}
              {excluded.map((item) => (
                <li key={item.slug}>
                  <Link
                    className="chip chip-excluded chip-removable"
                    to={ingredientSearchHref({ ...query, excluded: without(excluded, item.slug) })}
                    replace
                    preventScrollReset
                    aria-label={`Ohne ${item.name}: Ausschluss aufheben`}
                  >
                    {`ohne ${item.name}`}
                    <CloseIcon size={16} />
                  </Link>
                </li>
              ))}
              <li>
                <Link className="chip-clear" to="/zutatensuche" replace preventScrollReset>
                  Alle entfernen
                </Link>
              </li>
            </ul>
          ) : null}

          <p role="status" className="list-count">
            {selected.length === 0
              ? "Wähle mindestens eine Zutat aus, dann erscheinen hier die passenden Rezepte."
              : `${countText(total)}${pageCount > 1 ? `, Seite ${page} von ${pageCount}` : ""}`}
          </p>

          {selected.length > 0 ? <ExcludeForm ingredients={ingredients} query={query} /> : null}

          {results.map(({ recipe, score, missing }, index) => (
            <RecipeCard key={recipe.slug} recipe={recipe} compact priority={index === 0} headingLevel={3} have={have}>
              <p className="match-summary">
                <strong>{`${score} von ${recipe.ingredients.length} Zutaten`}</strong>
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

/** "Ohne …": drop recipes that need an ingredient the visitor does not want. */
function ExcludeForm({ ingredients, query }: { ingredients: Named[]; query: IngredientQuery }) {
  const taken = new Set([...query.selected, ...query.excluded]);
  return (
    <Form method="get" action="/zutatensuche" className="exclude-form" preventScrollReset>
      {query.selected.map((slug) => (
        <input key={slug} type="hidden" name={SELECTED_INGREDIENT_PARAM} value={slug} />
      ))}
      {query.excluded.map((slug) => (
        <input key={slug} type="hidden" name={EXCLUDED_INGREDIENT_PARAM} value={slug} />
      ))}
      <label htmlFor="ohne-zutat" className="field-label">
        Rezepte ohne diese Zutat
      </label>
      <div className="exclude-row">
        <select id="ohne-zutat" name={EXCLUDED_INGREDIENT_PARAM} defaultValue="">
          <option value="">Zutat wählen …</option>
          {ingredients
            .filter((item) => !taken.has(item.slug))
            .map((item) => (
              <option key={item.slug} value={item.slug}>
                {item.name}
              </option>
            ))}
        </select>
        <button type="submit" className="button button-secondary">
          Ausschließen
        </button>
      </div>
    </Form>
  );
}
