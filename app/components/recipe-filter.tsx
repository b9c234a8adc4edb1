import { Link, useLocation } from "react-router";
import {
  DIETS,
  type Diet,
  KCAL_LIMITS,
  type KcalLimit,
  type RecipeFilter,
  TIME_LIMITS,
  type TimeLimit,
} from "../../catalog/recipes/recipe-filter.ts";
import type { RecipeOrder } from "../../catalog/recipes/recipe-order.ts";
import {
  DIET_LABELS,
  filterClause,
  kcalLabel,
  refusedFilterText,
  timeLabel,
} from "../lib/recipes/recipe-filter-text.ts";
import { recipeFilterParams, withRecipeFilter } from "../lib/url/recipe-filter-param.ts";
import { recipeOrderParams, withRecipeOrder } from "../lib/url/recipe-order-param.ts";

interface Choice {
  key: string;
  label: string;
  /** A name that says more than the label; it begins with the label, so voice control finds it by what it sees. */
  name?: string;
  /** Where the chip leads: this list with that choice. */
  href: string;
  active: boolean;
}

/** One row of chips: one link per choice, the active one marked. */
function ChoiceRow({ id, label, choices }: { id: string; label: string; choices: Choice[] }) {
  return (
    <div className="recipe-filter-row">
      <span id={id} className="recipe-filter-label">
        {label}
      </span>
      <ul className="recipe-filter-choices" aria-labelledby={id}>
        {choices.map((choice) => (
          <li key={choice.key}>
            <Link
              to={choice.href}
              className="filter-chip"
              aria-current={choice.active ? "true" : undefined}
              aria-label={choice.name}
              preventScrollReset
            >
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The labels of the order row (decision 0066): the list's own order, and best rated first. */
export const ORDER_LABELS: Readonly<Record<RecipeOrder, string>> = {
  default: "Standard",
  rating: "Beste Bewertung",
};

/**
 * The list's filters as rows of chips, "Ernährung", "Zeit" and "Kalorien",
 * each with "Alle", and on lists that can be sorted (`order` given: the name
 * search, the categories) a row "Sortierung", "Standard" or "Beste
 * Bewertung". Each chip is a link to this page with that choice and the
 * other rows' as they are: the list's own parameters stay, the page number
 * goes (recipe-filter-param.ts, recipe-order-param.ts). Links, so it works
 * without JavaScript and every filtered or sorted list has an address to
 * share; the chosen chip is marked with `aria-current`, by colour only, so
 * choosing moves nothing.
 */
export function RecipeFilterBar({ filter, order }: { filter: RecipeFilter; order?: RecipeOrder }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // The order's parameter after the filter's, their canonical order (workers/page-cache.ts).
  const filtered = (choice: RecipeFilter) => {
    const href = withRecipeFilter(here, choice);
    return order === undefined ? href : withRecipeOrder(href, order);
  };
  const diets: Choice[] = [
    {
      key: "alle",
      label: "Alle",
      name: "Alle Ernährungsweisen",
      href: filtered({ ...filter, diet: null }),
      active: filter.diet === null,
    },
    ...DIETS.map((diet: Diet) => ({
      key: diet,
      label: DIET_LABELS[diet],
      href: filtered({ ...filter, diet }),
      active: filter.diet === diet,
    })),
  ];
  const times: Choice[] = [
    {
      key: "alle",
      label: "Alle",
      name: "Alle Zubereitungszeiten",
      href: filtered({ ...filter, maxMinutes: null }),
      active: filter.maxMinutes === null,
    },
    ...TIME_LIMITS.map((limit: TimeLimit) => ({
      key: String(limit),
      label: timeLabel(limit),
      href: filtered({ ...filter, maxMinutes: limit }),
      active: filter.maxMinutes === limit,
    })),
  ];
  const energy: Choice[] = [
    {
      key: "alle",
      label: "Alle",
      name: "Alle Kalorienangaben",
      href: filtered({ ...filter, maxKcal: null }),
      active: filter.maxKcal === null,
    },
    ...KCAL_LIMITS.map((limit: KcalLimit) => ({
      key: String(limit),
      label: kcalLabel(limit),
      href: filtered({ ...filter, maxKcal: limit }),
      active: filter.maxKcal === limit,
    })),
  ];
  return (
    <div className="recipe-filter">
      <ChoiceRow id="filter-ernaehrung" label="Ernährung" choices={diets} />
      <ChoiceRow id="filter-zeit" label="Zeit" choices={times} />
      <ChoiceRow id="filter-kcal" label="Kalorien" choices={energy} />
      {order === undefined ? null : (
        <ChoiceRow
          id="sortierung"
          label="Sortierung"
          choices={(["default", "rating"] as const).map((choice) => ({
            key: choice,
            label: ORDER_LABELS[choice],
            href: withRecipeOrder(here, choice),
            active: order === choice,
          }))}
        />
      )}
    </div>
  );
}

/**
 * The filter as hidden fields, for a GET form of the same list (the search
 * field, the ingredient picker): sending the form keeps it. Put them after
 * the form's own fields, which is the parameters' canonical order.
 */
export function RecipeFilterFields({ filter, order = "default" }: { filter: RecipeFilter; order?: RecipeOrder }) {
  return (
    <>
      {[...recipeFilterParams(filter), ...recipeOrderParams(order)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** Said when the address asks for an order we do not know; the list is shown in its own order. */
export function RefusedOrderNotice({ refused }: { refused: boolean }) {
  if (!refused) return null;
  return (
    <p className="notice">Diese Sortierung kennen wir nicht – wir zeigen die Rezepte in der üblichen Reihenfolge.</p>
  );
}

/** Said when the address holds filter parameters we do not know; the list is shown without them. */
export function RefusedFilterNotice({ refused }: { refused: number }) {
  if (refused === 0) return null;
  return <p className="notice">{refusedFilterText(refused)}</p>;
}

interface NoFilteredRecipesProps {
  filter: RecipeFilter;
  /** Where nothing was found, to begin the sentence: "In dieser Kategorie", "Für „Suppe“". */
  where: string;
  /** The same list without the filter. */
  unfiltered: { href: string; label: string };
}

/** A filtered list that is empty: which filter left nothing, and a link to the list without it. */
export function NoFilteredRecipes({ filter, where, unfiltered }: NoFilteredRecipesProps) {
  return (
    <div className="notice filter-empty">
      <p>{`${where} gibt es keine Rezepte, die ${filterClause(filter)}.`}</p>
      <p>
        <Link to={unfiltered.href} preventScrollReset>
          {unfiltered.label}
        </Link>
      </p>
    </div>
  );
}
