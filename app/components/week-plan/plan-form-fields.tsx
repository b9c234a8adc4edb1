import { CSRF_FIELD, RECIPE_ACTION_FIELD, RECIPE_FIELD } from "../../lib/url/form-fields.ts";
import { WEEK_PLAN_DAY_FIELD } from "../../lib/week-plan/plan-fields.ts";
import { ReturnPathField } from "../return-path-field.tsx";

interface PlanFormFieldsProps {
  action: string;
  /** The visitor's form token when the plan is in their account. */
  csrfToken: string | null;
  /** The entry the form changes, by its day and recipe. */
  entry?: { day: number; recipe: string };
}

/** The fields every form of the week plan carries: its action, the entry, the form token and the way back. */
export function PlanFormFields({ action, csrfToken, entry }: PlanFormFieldsProps) {
  return (
    <>
      <input type="hidden" name={RECIPE_ACTION_FIELD} value={action} />
      {entry ? (
        <>
          <input type="hidden" name={RECIPE_FIELD} value={entry.recipe} />
          <input type="hidden" name={WEEK_PLAN_DAY_FIELD} value={entry.day} />
        </>
      ) : null}
      {csrfToken === null ? null : <input type="hidden" name={CSRF_FIELD} value={csrfToken} />}
      <ReturnPathField />
    </>
  );
}
