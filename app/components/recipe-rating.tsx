import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  RATING_ACTION_FIELD,
  RATING_ACTIONS,
  type RatingAnswer,
  ratingPath,
  STAR_CHOICES,
  STARS_FIELD,
  type Stars,
  starsText,
} from "../lib/ratings/rating-form.ts";
import { notStoredText } from "../lib/site/not-stored.ts";
import { type ShellVisitor, useVisitor } from "../lib/site/shell-data.ts";
import { ANSWER_FIELD, ANSWER_WITH_DATA, CSRF_FIELD } from "../lib/url/form-fields.ts";
import { signInHref } from "../lib/url/return-path.ts";
import type { HeadingTag } from "./headings.ts";
import { ReturnPathField, useCurrentPath } from "./return-path-field.tsx";

interface RecipeRatingProps {
  slug: string;
  recipeName: string;
  heading: HeadingTag;
}

/**
 * "Rezept bewerten" on a recipe's page (decision 0065): a radio group of 1 to
 * 5 stars, each option named ("4 von 5 Sternen"), with a button to store the
 * choice and one to remove the rating. Signed out, a link to sign in instead.
 *
 * The visitor's own rating is never in the page: the edge keeps anonymous
 * pages, the service worker keeps signed-in ones. The script reads it from
 * /rezepte/<slug>/bewertung after hydration and checks its star. Without
 * JavaScript the form posts there and comes back with a notice that names
 * the stars stored; with it the post goes in the background and the status
 * line says what happened.
 */
export function RecipeRating({ slug, recipeName, heading: Heading }: RecipeRatingProps) {
  const visitor = useVisitor();
  const path = useCurrentPath();
  return (
    <section aria-labelledby="bewertung-titel" className="recipe-section rating-section" id="bewertung">
      <Heading id="bewertung-titel">Rezept bewerten</Heading>
      {visitor ? (
        <RatingForm slug={slug} visitor={visitor} />
      ) : (
        <p>
          {`Melde dich an, um „${recipeName}“ zu bewerten. `}
          {/* /login is answered by the Worker, so this is a document request. */}
          <a href={signInHref(path)}>Mit Google anmelden</a>
        </p>
      )}
    </section>
  );
}

/** What the status line says: the own rating once read, or the answer to the last change. */
type Status = { text: string; ok: boolean } | null;

function ownText(stars: Stars | null): string {
  return stars === null ? "Du hast dieses Rezept noch nicht bewertet." : `Deine Bewertung: ${starsText(stars)}.`;
}

async function readAnswer(response: Response): Promise<RatingAnswer> {
  const body = (await response.json()) as RatingAnswer;
  if (typeof body !== "object" || body === null) throw new Error("rating: unreadable answer");
  return body;
}

/** Checks the radio of `stars` in `form`, or none. */
function checkStars(form: HTMLFormElement | null, stars: Stars | null) {
  for (const radio of form?.querySelectorAll<HTMLInputElement>(`input[name="${STARS_FIELD}"]`) ?? []) {
    radio.checked = radio.value === String(stars);
  }
}

function RatingForm({ slug, visitor }: { slug: string; visitor: ShellVisitor }) {
  const form = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  // A star the visitor picked before their rating arrived is theirs to keep.
  const touched = useRef(false);
  const action = ratingPath(slug);

  useEffect(() => {
    const controller = new AbortController();
    fetch(action, { headers: { accept: "application/json" }, cache: "no-store", signal: controller.signal })
      .then(readAnswer)
      .then((answer) => {
        if ("error" in answer) return;
        if (!touched.current) checkStars(form.current, answer.stars);
        setStatus((shown) => shown ?? { text: ownText(answer.stars), ok: true });
      })
      // Without it the form still works; the line stays empty.
      .catch(() => {});
    return () => controller.abort();
  }, [action]);

  async function sendInBackground(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // One change at a time: the answer of the first says what is stored.
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(event.currentTarget, submitter);
    data.set(ANSWER_FIELD, ANSWER_WITH_DATA);
    setBusy(true);
    setStatus(null);
    try {
      const body = new URLSearchParams();
      for (const [name, value] of data) if (typeof value === "string") body.append(name, value);
      const answer = await readAnswer(
        await fetch(action, { method: "POST", body, headers: { accept: "application/json" } }),
      );
      if ("error" in answer) {
        setStatus({ text: answer.error, ok: false });
        return;
      }
      touched.current = false;
      checkStars(form.current, answer.stars);
      setStatus({ text: answer.message ?? ownText(answer.stars), ok: true });
    } catch (error) {
      setStatus({ text: notStoredText(error), ok: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} method="post" action={action} className="rating-form" onSubmit={sendInBackground}>
      <input type="hidden" name={CSRF_FIELD} value={visitor.csrfToken} />
      <ReturnPathField />
      <fieldset
        className="rating-stars"
        onChange={() => {
          touched.current = true;
        }}
      >
        <legend>Bewertung</legend>
        {STAR_CHOICES.map((stars) => (
          <label key={stars} className="rating-star">
            <input type="radio" name={STARS_FIELD} value={stars} />
            <span aria-hidden="true" className="rating-star-glyphs">
              {"★".repeat(stars)}
            </span>
            <span className="visually-hidden">{starsText(stars)}</span>
          </label>
        ))}
      </fieldset>
      <div className="rating-buttons">
        <button type="submit" name={RATING_ACTION_FIELD} value={RATING_ACTIONS.set} className="button" aria-busy={busy}>
          Bewertung speichern
        </button>
        <button
          type="submit"
          name={RATING_ACTION_FIELD}
          value={RATING_ACTIONS.remove}
          className="button button-secondary"
        >
          Bewertung entfernen
        </button>
      </div>
      <p className="rating-status" role="status">
        {status ? <span className={status.ok ? undefined : "save-error"}>{status.text}</span> : null}
      </p>
    </form>
  );
}
