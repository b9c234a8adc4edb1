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
import {
  DIET_LABELS,
  filterClause,
  kcalLabel,
  refusedFilterText,
  timeLabel,
} from "../lib/recipes/recipe-filter-text.ts";
import { recipeFilterParams, withRecipeFilter } from "../lib/url/recipe-filter-param.ts";

export interface Choice {
  key: string;
  label: string;
  /** A name that says more than the label; it begins with the label, so voice control finds it by what it sees. */
  name?: string;
  /** Where the chip leads: this list with that choice. */
  href: string;
  active: boolean;
}

/** One row of chips: one link per choice, the active one marked (the list order's row too: recipe-order.tsx). */
export function ChoiceRow({ id, label, choices }: { id: string; label: string; choices: Choice[] }) {
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

/**
 * The list's filters as rows of chips, "Ernährung", "Zeit" and "Kalorien",
 * each with "Alle". Each chip is a link to this page with that choice and
 * the other rows' as they are: the list's own parameters stay (its order
 * too), the page number goes (recipe-filter-param.ts). Links, so it works
 * without JavaScript and every filtered list has an address to share; the
 * chosen chip is marked with `aria-current`, by colour only, so choosing
 * moves nothing.
 */
export function RecipeFilterBar({ filter, base }: { filter: RecipeFilter; base?: string }) {
  const location = useLocation();
  // `base`: the page's address without what a new filter makes stale (a proposal's plan); the current one otherwise.
  const here = base ?? `${location.pathname}${location.search}`;
  const filtered = (choice: RecipeFilter) => withRecipeFilter(here, choice);
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
    </div>
  );
}

/**
 * The filter as hidden fields, for a GET form of the same list (the search
 * field, the ingredient picker): sending the form keeps it. Put them after
 * the form's own fields, which is the parameters' canonical order.
 */
export function RecipeFilterFields({ filter }: { filter: RecipeFilter }) {
  return (
    <>
      {recipeFilterParams(filter).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
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
