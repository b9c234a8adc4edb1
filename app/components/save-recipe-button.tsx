import type { FormEvent } from "react";
import { useFetcher } from "react-router";
import { type ShellVisitor, useVisitor } from "../lib/site/shell-data.ts";
import {
  ANSWER_FIELD,
  ANSWER_WITH_DATA,
  CSRF_FIELD,
  RECIPE_ACTION_FIELD,
  RECIPE_ACTIONS,
  RECIPE_FIELD,
} from "../lib/url/form-fields.ts";
import { HeartIcon } from "./icons.tsx";
import { ReturnPathField } from "./return-path-field.tsx";

/**
 * 'Speichern' / 'Entfernen' on a recipe card (spec section 2), for
 * signed-in visitors only. A plain form post to /gespeicherte-rezepte that
 * returns to this page; with JavaScript it is sent in the background and the
 * saved list reloads. The button shows the new state only once the server
 * has stored it (busy until then): a visitor who reloads or leaves right
 * after the click never sees "Entfernen" for a recipe that was not saved.
 */
export function SaveRecipeButton({ recipeId, recipeName }: { recipeId: number; recipeName: string }) {
  const visitor = useVisitor();
  // Anonymous visitors see no button: no fetcher is made for them, 24 times on a list page.
  if (!visitor) return null;
  return <SaveRecipeForm recipeId={recipeId} recipeName={recipeName} visitor={visitor} />;
}

function SaveRecipeForm({
  recipeId,
  recipeName,
  visitor,
}: {
  recipeId: number;
  recipeName: string;
  visitor: ShellVisitor;
}) {
  const fetcher = useFetcher<{ error?: string }>();
  const saved = visitor.savedRecipeIds.includes(recipeId);
  const busy = fetcher.state !== "idle";
  const error = busy ? undefined : fetcher.data?.error;

  function sendInBackground(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // One change at a time: a second click while the first is on its way would undo it.
    if (busy) return;
    const data = new FormData(event.currentTarget);
    // Tells the action to answer with data instead of redirecting back.
    data.set(ANSWER_FIELD, ANSWER_WITH_DATA);
    fetcher.submit(data, { method: "post", action: "/gespeicherte-rezepte" });
  }

  return (
    <form method="post" action="/gespeicherte-rezepte" className="save-recipe" onSubmit={sendInBackground}>
      <input type="hidden" name={CSRF_FIELD} value={visitor.csrfToken} />
      <input type="hidden" name={RECIPE_FIELD} value={recipeId} />
      <input type="hidden" name={RECIPE_ACTION_FIELD} value={saved ? RECIPE_ACTIONS.remove : RECIPE_ACTIONS.save} />
      <ReturnPathField />
      <button
        type="submit"
        className={`button-save${saved ? " is-saved" : ""}${busy ? " is-busy" : ""}`}
        aria-busy={busy}
        // The recipe's name tells the buttons of a list apart; the visible label starts the name.
        aria-label={`${saved ? "Entfernen" : "Speichern"}: ${recipeName}`}
      >
        <HeartIcon filled={saved} size={20} />
        {saved ? "Entfernen" : "Speichern"}
      </button>
      {error ? (
        <p className="save-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
