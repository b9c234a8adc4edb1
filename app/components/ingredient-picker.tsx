import { useCallback, useMemo, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import type { IngredientType } from "../../catalog/recipes/ingredient-types.ts";
import type { RecipeFilter } from "../../catalog/recipes/recipe-filter.ts";
import { KIND_WORDS, kindBySlug, kindLabel, kindsOfMask } from "../../catalog/search/search-words.ts";
import type { IngredientOption, KindMembers } from "../../catalog/view/ingredient-overview.ts";
import { useInputBeforeHydration } from "../lib/hooks/use-input-before-hydration.ts";
import type { ingredientFilter } from "../lib/recipes/ingredient-filter.ts";
import { decodeIngredientOptions } from "../lib/recipes/ingredient-options.ts";
import {
  EXCLUDED_INGREDIENT_PARAM,
  INGREDIENT_FILTER_PARAM,
  MISSING_BASIC_PARAM,
  SELECTED_INGREDIENT_PARAM,
} from "../lib/url/form-fields.ts";
import { kindSlugOf, kindValue } from "../lib/url/ingredient-query.ts";
import { RecipeFilterFields } from "./recipe-filter.tsx";

/** A box in the list: an ingredient, or a kind as a whole ("Nudeln (alle Sorten)"). */
interface PickerRow {
  value: string;
  label: string;
  note: string;
}

type Named = Pick<IngredientOption, "slug" | "name">;

/**
 * Boxes shown while the filter is empty: the most used ingredients (and any
 * selected one); the filter finds every other. A box per ingredient of a
 * large catalog made the page long on a phone and its rendering the most
 * costly part of the page.
 */
export const MOST_USED_SHOWN = 30;

/** Where the whole list is (routes/ingredient-list.ts). */
const ALL_INGREDIENTS_URL = "/zutatensuche/zutaten.json";

interface IngredientPickerProps {
  /**
   * The boxes to show at first, most used first: the most used, the chosen,
   * and those the address's filter lists. The rest is asked for when the
   * visitor filters.
   */
  ingredients: IngredientOption[];
  /**
   * The address's filter text as the server answered it: the kinds it names and the slugs of `ingredients` it
   * lists (null without one). Drawn until the browser's own matcher has loaded.
   */
  addressFilter: { kinds: IngredientType[]; listed: string[] } | null;
  /** How many ingredients there are in all. */
  ingredientCount: number;
  kindMembers: KindMembers;
  selected: Named[];
  excluded: Named[];
  /** The basics the visitor lacks (slugs): sent again with every change. */
  missingBasics: string[];
  /** The filter text from the address. */
  filter: string;
  /** The results' diet and time filter, sent again with every change. */
  recipeFilter?: RecipeFilter;
  /**
   * Told when boxes ticked before hydration are sent, before the page's own effects run: the visitor's choice
   * stands over a remembered pantry (use-remembered-pantry.ts).
   */
  onEarlyChoice?: () => void;
}

/**
 * "Deine Zutaten": a filter field and a box per ingredient, the most used
 * ones until something is typed. With JavaScript
 * every click asks for new results at once (replacing the history entry, so
 * the back button leaves the page); without, the form is a plain GET with a
 * submit button.
 */
export function IngredientPicker({
  ingredients,
  addressFilter,
  ingredientCount,
  kindMembers,
  selected,
  excluded,
  missingBasics,
  filter,
  recipeFilter,
  onEarlyChoice,
}: IngredientPickerProps) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [filterText, setFilterText] = useState(filter);
  const { all, failed, requestAll: requestList } = useAllIngredients();
  const { matcher, requestMatcher } = useIngredientMatcher();
  const requestAll = useCallback(() => {
    requestList();
    requestMatcher();
  }, [requestList, requestMatcher]);

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

  const filtering = filterText.trim() !== "";
  // Until the whole list and the matcher are here, only the filter of the address is answered in full (by the server).
  const partial = (all === null || matcher === null) && filterText.trim() !== filter.trim();
  const source = all ?? ingredients;
  const visible = useMemo(() => {
    // Before the matcher has loaded, the server's answer for the address's text (the text typed since waits).
    const textFilter = matcher?.(filterText) ?? {
      kinds: addressFilter?.kinds ?? [],
      lists: (item: { slug: string }) => addressFilter?.listed.includes(item.slug) ?? false,
    };
    // Kinds: those the text names, and any chosen one while nothing is typed.
    const kinds: IngredientType[] = filtering
      ? textFilter.kinds
      : [...checked].flatMap((value) => {
          const slug = kindSlugOf(value);
          return (slug === undefined ? undefined : kindBySlug(slug)) ?? [];
        });
    const kindRows: PickerRow[] = kinds.flatMap((kind) => {
      const members = kindMembers[kind] ?? 0;
      const value = kindValue(KIND_WORDS[kind].slug);
      // A kind no ingredient has finds nothing, unless a shared link chose it.
      if (members === 0 && !checked.has(value)) return [];
      return [{ value, label: kindLabel(kind), note: `${members} ${members === 1 ? "Zutat" : "Zutaten"}` }];
    });
    const listed = filtering
      ? source.filter((item) => textFilter.lists({ slug: item.slug, name: item.name, kinds: kindsOfMask(item.kinds) }))
      : source.filter((item, index) => index < MOST_USED_SHOWN || checked.has(item.slug));
    return [
      ...kindRows,
      ...listed.map((item) => ({
        value: item.slug,
        label: item.name,
        note: `${item.recipeCount} ${item.recipeCount === 1 ? "Rezept" : "Rezepte"}`,
      })),
    ];
  }, [source, kindMembers, filterText, filtering, checked, matcher, addressFilter]);
  const visibleSlugs = new Set(visible.map((item) => item.value));

  function recompute() {
    if (!form.current) return;
    const data = new FormData(form.current);
    // An empty filter would only clutter the shared address.
    if (String(data.get(INGREDIENT_FILTER_PARAM) ?? "").trim() === "") data.delete(INGREDIENT_FILTER_PARAM);
    submit(data, { method: "get", action: "/zutatensuche", replace: true, preventScrollReset: true });
  }

  // Text pasted, filled in or dictated and boxes ticked before hydration (decision 0058): the field and the boxes
  // hold them, React's state does not. Adopted as if typed and ticked now: the text filters the whole list, and
  // the boxes ask for their results, as a click does.
  useInputBeforeHydration(form, (changed) => {
    const text = changed.find((field) => field.name === INGREDIENT_FILTER_PARAM);
    if (text) {
      setFilterText(text.value);
      requestAll();
    }
    if (changed.some((field) => field.name === SELECTED_INGREDIENT_PARAM) && form.current) {
      const ticked = new FormData(form.current).getAll(SELECTED_INGREDIENT_PARAM).map(String);
      setChecked(new Set(ticked));
      onEarlyChoice?.();
      recompute();
    }
  });

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
          onChange={(event) => {
            setFilterText(event.currentTarget.value);
            requestAll();
          }}
          onFocus={() => afterNextPaint(requestAll)}
          placeholder="z. B. Tomate"
          autoComplete="off"
          aria-controls="zutaten-liste"
        />
        <p className="field-hint" id="zutaten-anzahl">
          {!filtering
            ? ingredientCount > MOST_USED_SHOWN
              ? `Die ${MOST_USED_SHOWN} häufigsten von ${ingredientCount} Zutaten. Alle anderen findest du mit „Zutat finden“.`
              : `${ingredientCount} Zutaten, die häufigsten zuerst`
            : !partial
              ? `${visible.filter((row) => kindSlugOf(row.value) === undefined).length} von ${ingredientCount} Zutaten`
              : failed
                ? "Nicht alle Zutaten konnten geladen werden. „Rezepte anzeigen“ sucht in allen."
                : "Alle Zutaten werden geladen …"}
        </p>
        <ul className="ingredient-options" id="zutaten-liste" aria-describedby="zutaten-anzahl">
          {visible.map((item) => (
            <li key={item.value}>
              <label>
                <input
                  type="checkbox"
                  name={SELECTED_INGREDIENT_PARAM}
                  value={item.value}
                  checked={checked.has(item.value)}
                  onChange={(event) => {
                    const next = new Set(checked);
                    if (event.currentTarget.checked) next.add(item.value);
                    else next.delete(item.value);
                    setChecked(next);
                    recompute();
                  }}
                />
                <span className="ingredient-name">{item.label}</span>
                {/* One text, not three: React separates neighbouring texts with comments, in every row. */}
                <span className="ingredient-count">{item.note}</span>
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
        {missingBasics.map((slug) => (
          <input key={slug} type="hidden" name={MISSING_BASIC_PARAM} value={slug} />
        ))}
        {recipeFilter ? <RecipeFilterFields filter={recipeFilter} /> : null}
      </fieldset>
      <button type="submit" className="button">
        Rezepte anzeigen
      </button>
    </Form>
  );
}

/**
 * Runs `work` once the browser has painted what the current event changed. A focus asks for the whole list
 * and the matcher: the request and the module's preload links cost the tap about a fifth of its time to the
 * next paint on a slow phone, and nothing on that paint needs them.
 */
function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

/**
 * The filter's word matching (ingredient-filter.ts: German stems, word families, edit distance), loaded when
 * the visitor first focuses or types into the filter, as the whole list is: no first paint needs it, and it
 * was the largest part of the route's own JavaScript (decision 0046). A failed load leaves the server's
 * answer: the form's button filters there.
 */
function useIngredientMatcher() {
  const [matcher, setMatcher] = useState<typeof ingredientFilter | null>(null);
  const asked = useRef(false);
  const requestMatcher = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    import("../lib/recipes/ingredient-filter.ts")
      .then((module) => setMatcher(() => module.ingredientFilter))
      .catch(() => {
        asked.current = false;
      });
  }, []);
  return { matcher, requestMatcher };
}

/**
 * The whole list of ingredients, asked for once, when the visitor first
 * focuses or types into the filter. A failed request leaves the list as it
 * is: the form's button filters on the server.
 */
function useAllIngredients() {
  const [all, setAll] = useState<IngredientOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  // Asked for is no state: the focus that asks would render the whole list again, in the tap's own task.
  const asked = useRef(false);
  const requestAll = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    fetch(ALL_INGREDIENTS_URL, { headers: { accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const options = decodeIngredientOptions(((await response.json()) as { ingredients?: unknown }).ingredients);
        if (!options) throw new Error("not a list of ingredients");
        setAll(options);
      })
      .catch(() => setFailed(true));
  }, []);
  return { all, failed, requestAll };
}
