import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
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
 * so carries no steps or ingredient lines in its HTML or hydration data:
 * they were most of its bytes.
 * Without JavaScript the disclosure holds a link to the recipe page.
 */
export function RecipeDetailsDisclosure({ slug, name, headingLevel, have }: RecipeDetailsDisclosureProps) {
  // Wanted once opened or pointed at, and kept; until then no fetcher exists (24 cards on a page).
  const [wanted, setWanted] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  // Opened before hydration (decision 0058): its toggle event came before React listened. Loaded now.
  useEffect(() => {
    if (details.current?.open) setWanted(true);
  }, []);
  return (
    <details
      ref={details}
      className="recipe-details"
      onToggle={(event) => {
        if (event.currentTarget.open) setWanted(true);
      }}
    >
      {/* Pointing at the summary is reason enough to start: the steps are often there by the click. */}
      <summary onPointerEnter={() => setWanted(true)}>Zubereitung und Zutaten</summary>
      {wanted ? (
        <LoadedDetails slug={slug} name={name} headingLevel={headingLevel} have={have} />
      ) : (
        <RecipeLink slug={slug} name={name} />
      )}
    </details>
  );
}

function LoadedDetails({ slug, name, headingLevel, have }: RecipeDetailsDisclosureProps) {
  const fetcher = useFetcher<typeof recipeLoader>();
  const { load } = fetcher;
  const loaded = fetcher.data !== undefined;
  useEffect(() => {
    if (!loaded) void load(`/rezepte/${slug}`);
  }, [load, loaded, slug]);
  const recipe = fetcher.data?.recipe;
  if (recipe) return <RecipeBody recipe={recipe} headingLevel={headingLevel} have={have} />;
  return fetcher.state === "idle" ? (
    <RecipeLink slug={slug} name={name} />
  ) : (
    <p className="recipe-details-pending" role="status">
      Zubereitung und Zutaten werden geladen …
    </p>
  );
}

/**
 * A plain link, not a router Link: it is what visitors without JavaScript
 * follow, and with JavaScript it shows only until the steps arrive.
 */
function RecipeLink({ slug, name }: Pick<RecipeDetailsDisclosureProps, "slug" | "name">) {
  return (
    <p className="recipe-details-pending">
      <a href={`/rezepte/${slug}`}>{`Zubereitung und Zutaten von „${name}“ im Rezept ansehen`}</a>
    </p>
  );
}
