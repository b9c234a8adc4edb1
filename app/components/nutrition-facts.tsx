import type { Nutrients } from "../../catalog/recipes/types.ts";
import { nutritionRows } from "../lib/recipes/nutrition-text.ts";
import type { HeadingTag } from "./headings.ts";

interface NutritionFactsProps {
  /** Per portion, as the catalog holds it. */
  nutrition: Nutrients;
  heading: HeadingTag;
}

/**
 * "Nährwerte pro Portion" on a recipe's page: energy and the six nutrients
 * of the EU label. Per portion, so the servings stepper never changes it; no
 * state and nothing that loads later, so it is in the first paint and moves
 * nothing.
 */
export function NutritionFacts({ nutrition, heading: Heading }: NutritionFactsProps) {
  return (
    <section aria-label="Nährwerte pro Portion" className="recipe-section nutrition-section">
      <Heading>Nährwerte pro Portion</Heading>
      <dl className="nutrition-facts">
        {nutritionRows(nutrition).map((row) => (
          <div key={row.label} className={row.part ? "nutrition-part" : undefined}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="nutrition-note">Aus den Zutatenmengen berechnet, ohne optionale Zutaten.</p>
    </section>
  );
}
