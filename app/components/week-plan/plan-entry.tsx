import type { FormEvent } from "react";
import { Form } from "react-router";
import { servingsText } from "../../lib/recipes/servings-text.ts";
import { SERVINGS_PARAM } from "../../lib/url/form-fields.ts";
import { WEEK_PLAN_ACTIONS, WEEK_PLAN_TO_DAY_FIELD } from "../../lib/week-plan/plan-fields.ts";
import { PLAN_MAX_SERVINGS, PLAN_MIN_SERVINGS, WEEK_DAYS } from "../../lib/week-plan/plan-limits.ts";
import type { PlanEntry } from "../../lib/week-plan/stored-plan.ts";
import { RouteLink } from "../route-link.tsx";
import { PlanFormFields } from "./plan-form-fields.tsx";

interface PlanEntryProps {
  entry: PlanEntry;
  /** The recipe's name; null while it loads, undefined when the catalog no longer has it. */
  name: string | null | undefined;
  csrfToken: string | null;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

/** The servings a plan entry may be given, each a choice of the page's forms. */
export const SERVINGS_CHOICES = Array.from(
  { length: PLAN_MAX_SERVINGS - PLAN_MIN_SERVINGS + 1 },
  (_, index) => PLAN_MIN_SERVINGS + index,
);

/**
 * One recipe on one day: its link and servings, and three forms (other
 * servings, another day, remove) that are plain posts without JavaScript.
 */
export function PlanEntryItem({ entry, name, csrfToken, onSubmit }: PlanEntryProps) {
  const day = WEEK_DAYS[entry.day];
  const title = name ?? (name === null ? "Rezept wird geladen …" : "Rezept nicht mehr im Angebot");
  const id = `${entry.day}-${entry.recipe}`;
  return (
    <li className="plan-entry">
      <p className="plan-entry-title">
        {name ? <RouteLink to={`/rezepte/${entry.recipe}`}>{name}</RouteLink> : <span>{title}</span>}
        <span className="plan-entry-servings">{` · ${servingsText(entry.servings)}`}</span>
      </p>
      <div className="plan-entry-forms">
        <Form method="post" action="/wochenplan" preventScrollReset onSubmit={onSubmit}>
          <PlanFormFields action={WEEK_PLAN_ACTIONS.servings} csrfToken={csrfToken} entry={entry} />
          <label htmlFor={`portionen-${id}`} className="visually-hidden">{`Portionen für ${title} am ${day}`}</label>
          <select id={`portionen-${id}`} name={SERVINGS_PARAM} defaultValue={entry.servings} key={entry.servings}>
            {SERVINGS_CHOICES.map((count) => (
              <option key={count} value={count}>
                {servingsText(count)}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-small">
            Ändern
          </button>
        </Form>
        <Form method="post" action="/wochenplan" preventScrollReset onSubmit={onSubmit}>
          <PlanFormFields action={WEEK_PLAN_ACTIONS.move} csrfToken={csrfToken} entry={entry} />
          <label htmlFor={`nach-${id}`} className="visually-hidden">{`${title} verschieben auf`}</label>
          <select id={`nach-${id}`} name={WEEK_PLAN_TO_DAY_FIELD} defaultValue={entry.day} key={entry.day}>
            {WEEK_DAYS.map((dayName, index) => (
              <option key={dayName} value={index}>
                {dayName}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-small">
            Verschieben
          </button>
        </Form>
        <Form method="post" action="/wochenplan" preventScrollReset onSubmit={onSubmit}>
          <PlanFormFields action={WEEK_PLAN_ACTIONS.remove} csrfToken={csrfToken} entry={entry} />
          <button type="submit" className="button button-small" aria-label={`${title} am ${day} entfernen`}>
            Entfernen
          </button>
        </Form>
      </div>
    </li>
  );
}
