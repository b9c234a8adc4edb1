import { Link } from "react-router";
import { type IngredientQuery, ingredientSearchHref } from "../lib/url/ingredient-query.ts";

/** A suggestion: the ingredient and how many more recipes it would complete. */
export interface OneMoreSuggestion {
  slug: string;
  name: string;
  recipes: number;
}

/** "+ Ei: 6 Rezepte mehr ohne Einkauf", with the singular for one. */
export function oneMoreText({ name, recipes }: Pick<OneMoreSuggestion, "name" | "recipes">): string {
  return `+ ${name}: ${recipes === 1 ? "1 Rezept" : `${recipes} Rezepte`} mehr ohne Einkauf`;
}

/**
 * "Eine Zutat mehr", under the results: the few ingredients that would make
 * the most more recipes complete, each a link to the same search with it
 * added (a plain link: it works without JavaScript too). The page lands on
 * its results, where those recipes now say "Es fehlt nichts!".
 */
export function OneMoreIngredient({
  suggestions,
  query,
}: {
  suggestions: OneMoreSuggestion[];
  query: IngredientQuery;
}) {
  if (suggestions.length === 0) return null;
  return (
    <section className="one-more" aria-labelledby="eine-zutat-mehr">
      <h3 id="eine-zutat-mehr">Eine Zutat mehr</h3>
      <p className="one-more-lead">Mit einer dieser Zutaten brauchst du für weitere Rezepte nichts mehr:</p>
      <ul className="one-more-list">
        {suggestions.map((suggestion) => (
          <li key={suggestion.slug}>
            <Link
              className="one-more-link"
              to={`${ingredientSearchHref({ ...query, selected: [...query.selected, suggestion.slug] })}#ergebnisse`}
              replace
            >
              {oneMoreText(suggestion)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
