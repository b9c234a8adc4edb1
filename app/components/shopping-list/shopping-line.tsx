import type { FormEvent } from "react";
import type { CombinedLine } from "../../lib/shopping-list/combine.ts";
import { lineText } from "../../lib/shopping-list/line-text.ts";
import { SHOPPING_ACTIONS, SHOPPING_DONE_FIELD, SHOPPING_LINE_FIELD } from "../../lib/url/form-fields.ts";
import { CloseIcon } from "../icons.tsx";
import { RouteLink } from "../route-link.tsx";
import { ListFormFields } from "./list-form-fields.tsx";

interface ShoppingLineProps {
  line: CombinedLine;
  /** Its change is shown but not stored in the account yet. */
  busy: boolean;
  /** The visitor's form token when the list is in their account. */
  csrfToken: string | null;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

/**
 * One line of the list: a box to tick it off (a button in the checkbox role,
 * so without JavaScript it is a form post like any other), the recipes it is
 * for, and a button that removes it.
 */
export function ShoppingLine({ line, busy, csrfToken, onSubmit }: ShoppingLineProps) {
  const { quantity, name } = lineText(line);
  const text = quantity === null ? name : `${quantity} ${name}`;
  return (
    <li className={`shopping-line${line.done ? " is-done" : ""}`} data-line={line.key}>
      <form method="post" action="/einkaufsliste" className="line-tick" onSubmit={onSubmit}>
        <ListFormFields action={SHOPPING_ACTIONS.tick} csrfToken={csrfToken} />
        <input type="hidden" name={SHOPPING_LINE_FIELD} value={line.key} />
        <input type="hidden" name={SHOPPING_DONE_FIELD} value={line.done ? "0" : "1"} />
        {/* biome-ignore lint/a11y/useSemanticElements: a submit button, so that a tick is a form post without JavaScript; a checkbox cannot send its form */}
        <button type="submit" role="checkbox" aria-checked={line.done} aria-busy={busy} className="line-check">
          <span className="line-box" aria-hidden="true" />
          <span className="line-text">
            {quantity === null ? null : <span className="line-quantity">{quantity}</span>}
            {quantity === null ? null : " "}
            {name}
          </span>
        </button>
      </form>
      <p className="line-recipes">
        {"für "}
        {line.recipes.map((recipe, index) => (
          <span key={recipe.slug}>
            {index > 0 ? ", " : null}
            <RouteLink to={`/rezepte/${recipe.slug}`}>{recipe.name}</RouteLink>
          </span>
        ))}
      </p>
      <form method="post" action="/einkaufsliste" className="line-remove" onSubmit={onSubmit}>
        <ListFormFields action={SHOPPING_ACTIONS.remove} csrfToken={csrfToken} />
        <input type="hidden" name={SHOPPING_LINE_FIELD} value={line.key} />
        <button type="submit" className="icon-button" aria-label={`${text} entfernen`}>
          <CloseIcon size={20} />
        </button>
      </form>
    </li>
  );
}
