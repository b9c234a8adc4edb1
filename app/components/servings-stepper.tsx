import { Link } from "react-router";
import { MAX_SERVINGS, MIN_SERVINGS } from "../../catalog/recipes/units.ts";
import { servingsHref } from "../lib/url/servings-param.ts";

interface ServingsStepperProps {
  slug: string;
  servings: number;
  recipeServings: number;
}

/**
 * −/+ for the servings of a recipe page. Plain links to `?portionen=N`, so the
 * server renders the scaled amounts without JavaScript; with it, the route's
 * shouldRevalidate keeps the step a client navigation without a request.
 * At 1 and 12 the link stays in place (and keeps the focus) but points at the
 * same address and says it is disabled.
 */
export function ServingsStepper({ slug, servings, recipeServings }: ServingsStepperProps) {
  const step = (to: number, label: string, sign: string) => {
    const disabled = to < MIN_SERVINGS || to > MAX_SERVINGS;
    return (
      <Link
        className="servings-step"
        to={servingsHref(slug, disabled ? servings : to, recipeServings)}
        replace
        preventScrollReset
        aria-label={label}
        aria-disabled={disabled || undefined}
        rel="nofollow"
      >
        <span aria-hidden="true">{sign}</span>
      </Link>
    );
  };
  return (
    <fieldset className="servings-stepper">
      <legend className="visually-hidden">Portionen</legend>
      {step(servings - 1, "Eine Portion weniger", "−")}
      <span className="servings-count" aria-hidden="true">
        {servings}
      </span>
      {step(servings + 1, "Eine Portion mehr", "+")}
    </fieldset>
  );
}
