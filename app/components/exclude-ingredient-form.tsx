import { Form } from "react-router";
import { INGREDIENT_TYPES } from "../../catalog/recipes/ingredient-types.ts";
import { KIND_WORDS, kindLabel } from "../../catalog/search/search-words.ts";
import type { KindMembers } from "../../catalog/view/ingredient-overview.ts";
import { EXCLUDED_INGREDIENT_PARAM, MISSING_BASIC_PARAM, SELECTED_INGREDIENT_PARAM } from "../lib/url/form-fields.ts";
import { type IngredientQuery, kindValue } from "../lib/url/ingredient-query.ts";
import { RecipeFilterFields } from "./recipe-filter.tsx";

interface ExcludeIngredientFormProps {
  /** The ingredients it offers: those of the recipes on the page, by name (routes/ingredient-search.tsx). */
  ingredients: { slug: string; name: string }[];
  /** How many ingredients each kind has: a kind without any is not offered. */
  kindMembers: KindMembers;
  /** The search as it stands: it is posted again with the new exclusion. */
  query: IngredientQuery;
}

/**
 * "Rezepte ohne diese Zutat": drops recipes that need an ingredient the
 * visitor does not want, or any of a kind ("ohne Fleisch und Fisch").
 */
export function ExcludeIngredientForm({ ingredients, kindMembers, query }: ExcludeIngredientFormProps) {
  const taken = new Set([...query.selected, ...query.excluded]);
  const kinds = INGREDIENT_TYPES.filter(
    (kind) => !taken.has(kindValue(KIND_WORDS[kind].slug)) && (kindMembers[kind] ?? 0) > 0,
  );
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
          <optgroup label="Ganze Sorten">
            {kinds.map((kind) => (
              <option key={kind} value={kindValue(KIND_WORDS[kind].slug)}>
                {kindLabel(kind)}
              </option>
            ))}
          </optgroup>
          <optgroup label="Zutaten">
            {ingredients
              .filter((item) => !taken.has(item.slug))
              .map((item) => (
                <option key={item.slug} value={item.slug}>
                  {item.name}
                </option>
              ))}
          </optgroup>
        </select>
        <button type="submit" className="button button-secondary">
          Ausschließen
        </button>
      </div>
      {/* After the select: the address keeps its canonical order (fehlt after ohne). */}
      {query.missingBasics.map((slug) => (
        <input key={slug} type="hidden" name={MISSING_BASIC_PARAM} value={slug} />
      ))}
      {query.recipeFilter ? <RecipeFilterFields filter={query.recipeFilter} /> : null}
    </Form>
  );
}
