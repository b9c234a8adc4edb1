import { Link, useFetcher } from "react-router";
import type { loader as recipeLoader } from "../routes/recipe.tsx";
import { RecipeBody } from "./recipe-body.tsx";

interface RecipeDetailsDisclosureProps {
  slug: string;
  name: string;
  /** The card's heading level. */
  headingLevel: number;
  /** Ingredients the visitor has at hand (ingredient search), marked in the list. */
  have?: ReadonlySet<string>;
}

/**
 * "Zubereitung und Zutaten" of a card in a list: closed, and empty until it
 * is opened. Then the recipe page's loader is asked for the recipe (its data
 * alone, no page) and the steps and ingredients appear in place. A list page
 * so carries no steps or ingredient lines in its HTML or hydration data, and
 * reads no recipe details from KV: that is most of what a list page cost.
 * Without JavaScript the disclosure holds a link to the recipe page.
 */
export function RecipeDetailsDisclosure({ slug, name, headingLevel, have }: RecipeDetailsDisclosureProps) {
  const fetcher = useFetcher<typeof recipeLoader>();
  const recipe = fetcher.data?.recipe;
  const load = () => {
    if (fetcher.state === "idle" && !fetcher.data) fetcher.load(`/rezepte/${slug}`);
  };
  return (
    <details
      className="recipe-details"
      onToggle={(event) => {
        if (event.currentTarget.open) load();
      }}
    >
      {/* Pointing at the summary is reason enough to start: the steps are often there by the click. */}
      <summary onPointerEnter={load}>Zubereitung und Zutaten</summary>
      {recipe ? (
        <RecipeBody recipe={recipe} headingLevel={headingLevel} have={have} />
      ) : (
        <p className="recipe-details-pending">
          {fetcher.state === "loading" ? (
            <span role="status">Zubereitung und Zutaten werden geladen …</span>
          ) : (
            <Link to={`/rezepte/${slug}`}>{`Zubereitung und Zutaten von „${name}“ im Rezept ansehen`}</Link>
          )}
        </p>
      )}
    </details>
  );
}
