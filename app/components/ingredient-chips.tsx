import { Link } from "react-router";
import { type IngredientQuery, ingredientSearchHref } from "../lib/url/ingredient-query.ts";
import { CloseIcon } from "./icons.tsx";

type Named = { slug: string; name: string };

interface IngredientChipsProps {
  selected: Named[];
  excluded: Named[];
  /** The search as it stands; each chip links to it without its ingredient. */
  query: IngredientQuery;
}

/** One chip: a link to the same search without this ingredient. */
function RemovableChip({
  to,
  label,
  excluded,
  children,
}: {
  to: string;
  label: string;
  excluded: boolean;
  children: string;
}) {
  return (
    <li>
      <Link
        className={excluded ? "chip chip-excluded chip-removable" : "chip chip-removable"}
        to={to}
        replace
        preventScrollReset
        aria-label={label}
      >
        {children}
        <CloseIcon size={16} />
      </Link>
    </li>
  );
}

function without(slugs: string[], slug: string): string[] {
  return slugs.filter((item) => item !== slug);
}

/** The chosen and the excluded ingredients as chips, each removable, and "Alle entfernen". */
export function IngredientChips({ selected, excluded, query }: IngredientChipsProps) {
  if (selected.length === 0 && excluded.length === 0) return null;
  return (
    <ul className="chip-list" aria-label="Ausgewählte Zutaten">
      {selected.map((item) => (
        <RemovableChip
          key={item.slug}
          to={ingredientSearchHref({ ...query, selected: without(query.selected, item.slug) })}
          label={`${item.name} entfernen`}
          excluded={false}
        >
          {item.name}
        </RemovableChip>
      ))}
      {excluded.map((item) => (
        <RemovableChip
          key={item.slug}
          to={ingredientSearchHref({ ...query, excluded: without(query.excluded, item.slug) })}
          label={`Ohne ${item.name}: Ausschluss aufheben`}
          excluded
        >
          {`ohne ${item.name}`}
        </RemovableChip>
      ))}
      <li>
        {/* The basics the visitor lacks and the list's filters are no choice of this search: they stay. */}
        <Link
          className="chip-clear"
          to={ingredientSearchHref({
            selected: [],
            excluded: [],
            filter: "",
            missingBasics: query.missingBasics,
            recipeFilter: query.recipeFilter,
          })}
          replace
          preventScrollReset
        >
          Alle entfernen
        </Link>
      </li>
    </ul>
  );
}
