import type { FormEvent } from "react";
import { Form } from "react-router";
import { servingsText } from "../../lib/recipes/servings-text.ts";
import { CSRF_FIELD, RECIPE_ACTION_FIELD, RECIPE_FIELD, SERVINGS_PARAM } from "../../lib/url/form-fields.ts";
import { WEEK_PLAN_ACTIONS, WEEK_PLAN_DAY_FIELD } from "../../lib/week-plan/plan-fields.ts";
import { WEEK_DAYS } from "../../lib/week-plan/plan-limits.ts";
import { SERVINGS_CHOICES } from "./plan-entry.tsx";

/** The recipe a card's "Zum Wochenplan" brought along (routes/week-plan.tsx reads it from the address). */
export interface RecipeToAdd {
  slug: string;
  name: string;
  /** The recipe's own servings, within what a plan entry may have. */
  servings: number;
}

interface PlanAddFormProps {
  recipe: RecipeToAdd;
  /** The visitor's form token when the plan is in their account. */
  csrfToken: string | null;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

/**
 * A card's "Zum Wochenplan" on the plan's page: the day and the servings for
 * the recipe, above the plan it goes into. The page's own form, changed in
 * the browser on the device and posted for an account as its other forms
 * are (week-plan-view.tsx); without JavaScript the answer returns to the plan
 * (no return field: the action's default). Not the recipe page's button
 * (add-to-week-plan.tsx): that one would bring its chunk to this page.
 */
export function PlanAddForm({ recipe, csrfToken, onSubmit }: PlanAddFormProps) {
  return (
    <section className="week-plan-adding" aria-labelledby="wochenplan-neu">
      <h2 id="wochenplan-neu">{`Zum Wochenplan: ${recipe.name}`}</h2>
      <Form method="post" action="/wochenplan" className="week-plan-adding-form" onSubmit={onSubmit}>
        <input type="hidden" name={RECIPE_ACTION_FIELD} value={WEEK_PLAN_ACTIONS.add} />
        <input type="hidden" name={RECIPE_FIELD} value={recipe.slug} />
        {csrfToken === null ? null : <input type="hidden" name={CSRF_FIELD} value={csrfToken} />}
        <label htmlFor="neu-tag">Tag</label>
        <select id="neu-tag" name={WEEK_PLAN_DAY_FIELD} defaultValue="0">
          {WEEK_DAYS.map((day, index) => (
            <option key={day} value={index}>
              {day}
            </option>
          ))}
        </select>
        <label htmlFor="neu-portionen">Portionen</label>
        <select id="neu-portionen" name={SERVINGS_PARAM} defaultValue={recipe.servings}>
          {SERVINGS_CHOICES.map((count) => (
            <option key={count} value={count}>
              {servingsText(count)}
            </option>
          ))}
        </select>
        <button type="submit" className="button" aria-label={`Zum Wochenplan: ${recipe.name}`}>
          Zum Wochenplan
        </button>
      </Form>
    </section>
  );
}
