import { useLocation } from "react-router";
import type { RecipeOrder } from "../../catalog/recipes/recipe-order.ts";
import { withRecipeOrder } from "../lib/url/recipe-order-param.ts";
import { ChoiceRow } from "./recipe-filter.tsx";

/** The labels of the order row (decision 0066): the list's own order, and best rated first. */
export const ORDER_LABELS: Readonly<Record<RecipeOrder, string>> = {
  default: "Standard",
  rating: "Beste Bewertung",
};

/**
 * The list's order as a row of chips under its filter's, "Sortierung":
 * "Standard" or "Beste Bewertung", on the name search and the categories.
 * Links, as the filter's chips are: it works without JavaScript, each order
 * has an address, the filter stays and the page number goes
 * (recipe-order-param.ts). A module of its own, so the ingredient search,
 * which has no order, does not load it.
 */
export function RecipeOrderBar({ order }: { order: RecipeOrder }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="recipe-filter recipe-order">
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
    </div>
  );
}

/** Said when the address asks for an order we do not know; the list is shown in its own order. */
export function RefusedOrderNotice({ refused }: { refused: boolean }) {
  if (!refused) return null;
  return (
    <p className="notice">Diese Sortierung kennen wir nicht – wir zeigen die Rezepte in der üblichen Reihenfolge.</p>
  );
}
