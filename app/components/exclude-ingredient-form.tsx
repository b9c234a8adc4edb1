import { Form } from "react-router";
import { EXCLUDED_INGREDIENT_PARAM, SELECTED_INGREDIENT_PARAM } from "../lib/form-fields.ts";
import type { IngredientQuery } from "../lib/ingredient-query.ts";

interface ExcludeIngredientFormProps {
  ingredients: { slug: string; name: string }[];
  /** The search as it stands: it is posted again with the new exclusion. */
  query: IngredientQuery;
}

/** "Rezepte ohne diese Zutat": drops recipes that need an ingredient the visitor does not want. */
export function ExcludeIngredientForm({ ingredients, query }: ExcludeIngredientFormProps) {
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
