import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "../../lib/hooks/use-hydrated.ts";
import { servingsText } from "../../lib/recipes/servings-text.ts";
import type { ShoppingAnswer } from "../../lib/shopping-list/answer.ts";
import { useVisitor } from "../../lib/site/shell-data.ts";
import {
  ANSWER_FIELD,
  ANSWER_WITH_DATA,
  CSRF_FIELD,
  RECIPE_ACTION_FIELD,
  RECIPE_FIELD,
  SERVINGS_PARAM,
  SHOPPING_ACTIONS,
  SHOPPING_INGREDIENT_FIELD,
} from "../../lib/url/form-fields.ts";
import { signInHref } from "../../lib/url/return-path.ts";
import { ReturnPathField, useCurrentPath } from "../return-path-field.tsx";
import { RouteLink } from "../route-link.tsx";
import { BasketIcon } from "./basket-icon.tsx";

interface AddToShoppingListProps {
  slug: string;
  recipeName: string;
  /** The servings to add the amounts for; the recipe's own when not given. */
  servings?: number;
  /** Only these ingredients (what an ingredient search result misses); every required one when not given. */
  ingredients?: readonly string[];
  /** The button's name for screen readers, which tells the buttons of a list apart. */
  label: string;
  /** A standing link to the list beside the button (the recipe page; results have it in the status only). */
  listLink?: boolean;
}

/** What the status line says after a press. */
type Status = { text: string; ok: boolean } | null;

function addedText(count: number, servings: number | null): string {
  const what = count === 1 ? "1 Zutat" : `${count} Zutaten`;
  return `${what}${servings === null ? "" : ` für ${servingsText(servings)}`} auf der Einkaufsliste.`;
}

/**
 * "Auf die Einkaufsliste" for a recipe, on its page and on each ingredient
 * search result. The post goes to /einkaufsliste, which works out the lines
 * from the catalog: a signed-in visitor's list is changed in their account;
 * for everyone else the answer holds the lines, and the browser keeps them on
 * the device (the module that stores them is loaded on the first press only).
 * A status line says what happened, with a link to the list.
 *
 * Without JavaScript a signed-in visitor's press is a plain form post that
 * comes back to the page; a visitor without an account is told that the list
 * needs JavaScript or an account (`@media (scripting: none)` shows that note
 * instead of the button). Until the page is interactive, their button holds
 * its place invisibly, so nothing moves when it appears.
 */
export function AddToShoppingList({
  slug,
  recipeName,
  servings,
  ingredients,
  label,
  listLink = false,
}: AddToShoppingListProps) {
  const visitor = useVisitor();
  const hydrated = useHydrated();
  const fetcher = useFetcher<ShoppingAnswer>();
  const [status, setStatus] = useState<Status>(null);
  const handled = useRef<ShoppingAnswer | undefined>(undefined);
  const busy = fetcher.state !== "idle";
  const path = useCurrentPath();

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.error !== undefined) {
      setStatus({ text: answer.error, ok: false });
      return;
    }
    if (answer.device === undefined) {
      setStatus({ text: addedText(answer.count, answer.servings), ok: true });
      return;
    }
    const entries = answer.device;
    void import("../../lib/shopping-list/add-on-device.ts")
      .then(({ addOnDevice }) => {
        const problem = addOnDevice(entries);
        setStatus(
          problem ? { text: problem, ok: false } : { text: addedText(entries.length, answer.servings), ok: true },
        );
      })
      .catch(() => setStatus({ text: "Das hat gerade nicht geklappt. Bitte versuche es noch einmal.", ok: false }));
  }, [fetcher.state, fetcher.data]);

  function sendInBackground(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Emptied first, so the same message is announced again after a second press.
    setStatus(null);
    const data = new FormData(event.currentTarget);
    data.set(ANSWER_FIELD, ANSWER_WITH_DATA);
    // The page's own data does not change: nothing needs to load again.
    fetcher.submit(data, { method: "post", action: "/einkaufsliste", defaultShouldRevalidate: false });
  }

  return (
    <div className={`shopping-add${visitor ? "" : " needs-script"}${visitor || hydrated ? "" : " is-waiting"}`}>
      <form method="post" action="/einkaufsliste" onSubmit={sendInBackground}>
        <input type="hidden" name={RECIPE_ACTION_FIELD} value={SHOPPING_ACTIONS.add} />
        <input type="hidden" name={RECIPE_FIELD} value={slug} />
        {servings === undefined ? null : <input type="hidden" name={SERVINGS_PARAM} value={servings} />}
        {ingredients?.map((name) => (
          <input key={name} type="hidden" name={SHOPPING_INGREDIENT_FIELD} value={name} />
        ))}
        {visitor ? <input type="hidden" name={CSRF_FIELD} value={visitor.csrfToken} /> : null}
        <ReturnPathField />
        <button type="submit" className="tool-button" aria-label={label} aria-busy={busy}>
          <BasketIcon />
          Auf die Einkaufsliste
        </button>
        {listLink ? (
          <RouteLink to="/einkaufsliste" className="shopping-add-link">
            Einkaufsliste ansehen
          </RouteLink>
        ) : null}
      </form>
      {/* A live region, not role="status": a result list has one per card, and its own count is the page's status. */}
      <p className="shopping-add-status" aria-live="polite">
        {status ? (
          <>
            <span className={status.ok ? undefined : "save-error"}>{status.text}</span>{" "}
            <RouteLink to="/einkaufsliste">Zur Einkaufsliste</RouteLink>
          </>
        ) : null}
      </p>
      {visitor ? null : (
        <p className="shopping-add-no-script">
          {`Die Einkaufsliste für „${recipeName}“ braucht JavaScript oder ein Konto. `}
          <a href={signInHref(path)}>Mit Google anmelden</a>
        </p>
      )}
    </div>
  );
}
