import { useMemo, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { foldTerm } from "../lib/fold.ts";
import { EXCLUDED_INGREDIENT_PARAM, INGREDIENT_FILTER_PARAM, SELECTED_INGREDIENT_PARAM } from "../lib/form-fields.ts";

interface IngredientOption {
  slug: string;
  name: string;
  /** Recipes that need it. */
  recipeCount: number;
}

type Named = Pick<IngredientOption, "slug" | "name">;

interface IngredientPickerProps {
  /** Every ingredient, most used first. */
  ingredients: IngredientOption[];
  selected: Named[];
  excluded: Named[];
  /** The filter text from the address. */
  filter: string;
}

/**
 * "Deine Zutaten": a filter field and a box per ingredient. With JavaScript
 * every click asks for new results at once (replacing the history entry, so
 * the back button leaves the page); without, the form is a plain GET with a
 * submit button.
 */
export function IngredientPicker({ ingredients, selected, excluded, filter }: IngredientPickerProps) {
  const submit = useSubmit();
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

  const visible = useMemo(() => {
    const folded = foldTerm(filterText.trim());
    return folded === "" ? ingredients : ingredients.filter((item) => foldTerm(item.name).includes(folded));
  }, [ingredients, filterText]);
  const visibleSlugs = new Set(visible.map((item) => item.slug));

  function recompute() {
    if (!form.current) return;
    const data = new FormData(form.current);
    // An empty filter would only clutter the shared address.
    if (String(data.get(INGREDIENT_FILTER_PARAM) ?? "").trim() === "") data.delete(INGREDIENT_FILTER_PARAM);
    submit(data, { method: "get", action: "/zutatensuche", replace: true, preventScrollReset: true });
  }

  return (
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
  );
}
