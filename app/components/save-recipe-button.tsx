import type { FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import { CSRF_FIELD_NAME } from "../lib/form-fields.ts";
import { useVisitor } from "../lib/use-visitor.ts";
import { HeartIcon } from "./icons.tsx";

/**
 * 'Speichern' / 'Entfernen' on a recipe card (spec section 2), for
 * signed-in visitors only. A plain form post to /gespeicherte-rezepte that
 * returns to this page; with JavaScript it is sent in the background, the
 * button shows the new state at once, and the saved list reloads.
 */
export function SaveRecipeButton({ recipeId, recipeName }: { recipeId: number; recipeName: string }) {
  const visitor = useVisitor();
  const fetcher = useFetcher<{ error?: string }>();
  const location = useLocation();
  if (!visitor) return null;

  const pendingIntent = fetcher.formData?.get("aktion");
  const saved = pendingIntent ? pendingIntent === "speichern" : visitor.savedRecipeIds.includes(recipeId);
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;

  function sendInBackground(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // Tells the action to answer with data instead of redirecting back.
    data.set("antwort", "daten");
    fetcher.submit(data, { method: "post", action: "/gespeicherte-rezepte" });
  }

  return (
    <form method="post" action="/gespeicherte-rezepte" className="save-recipe" onSubmit={sendInBackground}>
      <input type="hidden" name={CSRF_FIELD_NAME} value={visitor.csrfToken} />
      <input type="hidden" name="rezept" value={recipeId} />
      <input type="hidden" name="aktion" value={saved ? "entfernen" : "speichern"} />
      <input type="hidden" name="zurueck" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className={saved ? "button-save is-saved" : "button-save"}
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
