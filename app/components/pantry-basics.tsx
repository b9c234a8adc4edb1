import { Link } from "react-router";
import { BASIC_INGREDIENTS, type BasicIngredient } from "../../catalog/recipes/basic-ingredients.ts";
import { useHydrated } from "../lib/hooks/use-hydrated.ts";
import { type IngredientQuery, ingredientSearchHref } from "../lib/url/ingredient-query.ts";
import { CloseIcon } from "./icons.tsx";

/** Names the German way: "Salz", "Salz und Pfeffer", "Salz, Pfeffer und Wasser". */
function germanList(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} und ${names.at(-1)}`;
}

/**
 * The sentence that names the basics once on the page: "Salz, Pfeffer,
 * Olivenöl, Rapsöl und Wasser setzen wir voraus." With some missing, it
 * says which: "…, Salz nicht."
 */
export function basicsSentence(atHand: readonly BasicIngredient[], missing: readonly BasicIngredient[]): string {
  if (atHand.length === 0) return "Grundzutaten setzen wir keine voraus.";
  const assumed = `${germanList(atHand.map((basic) => basic.name))} setzen wir voraus`;
  return missing.length === 0 ? `${assumed}.` : `${assumed}, ${germanList(missing.map((basic) => basic.name))} nicht.`;
}

interface PantryBasicsProps {
  /** The search as it stands: each basic's link changes only its basic. */
  query: IngredientQuery;
  /** "Vorrat vergessen" (use-remembered-pantry.ts). */
  onForget: () => void;
  /** Whether the pantry was just forgotten: the status line says so. */
  forgotten: boolean;
  /** Signed in: the pantry is kept in the account too. */
  signedIn: boolean;
}

/**
 * The basics the search assumes, how to change them, and the remembered
 * pantry. Each basic is a link to the same search with it missing or at
 * hand again, so the list changes without JavaScript too. Remembering needs
 * JavaScript: that part is rendered invisible in its final size until the
 * page is hydrated, and left out without scripts (`@media (scripting: none)`).
 */
export function PantryBasics({ query, onForget, forgotten, signedIn }: PantryBasicsProps) {
  const hydrated = useHydrated();
  const missing = BASIC_INGREDIENTS.filter((basic) => query.missingBasics.includes(basic.slug));
  const atHand = BASIC_INGREDIENTS.filter((basic) => !query.missingBasics.includes(basic.slug));
  const withMissing = (slugs: string[]) =>
    ingredientSearchHref({
      ...query,
      missingBasics: BASIC_INGREDIENTS.filter((basic) => slugs.includes(basic.slug)).map((basic) => basic.slug),
    });
  return (
    <div className="pantry-basics">
      <p className="basics-sentence">{basicsSentence(atHand, missing)}</p>
      <details className="basics-change">
        <summary>Grundzutaten ändern</summary>
        <ul className="chip-list" aria-label="Grundzutaten">
          {BASIC_INGREDIENTS.map((basic) =>
            query.missingBasics.includes(basic.slug) ? (
              <li key={basic.slug}>
                <Link
                  className="chip chip-basic-missing"
                  to={withMissing(query.missingBasics.filter((slug) => slug !== basic.slug))}
                  replace
                  preventScrollReset
                  aria-label={`${basic.name} wieder voraussetzen`}
                >
                  {`+ ${basic.name}`}
                </Link>
              </li>
            ) : (
              <li key={basic.slug}>
                <Link
                  className="chip chip-removable"
                  to={withMissing([...query.missingBasics, basic.slug])}
                  replace
                  preventScrollReset
                  aria-label={`${basic.name} nicht voraussetzen`}
                >
                  {basic.name}
                  <CloseIcon size={16} />
                </Link>
              </li>
            ),
          )}
        </ul>
      </details>
      <div className={`pantry-memory${hydrated ? "" : " is-waiting"}`}>
        <p className="pantry-memory-text">
          {signedIn
            ? "Deine Auswahl merken wir uns auf diesem Gerät und in deinem Konto."
            : "Deine Auswahl merken wir uns auf diesem Gerät."}
        </p>
        <button type="button" className="button-link" onClick={onForget} disabled={!hydrated}>
          Vorrat vergessen
        </button>
      </div>
      {/* Announced without being a status region: the results' count is the page's status. */}
      <p className="tool-status" aria-live="polite">
        {forgotten ? "Dein Vorrat ist vergessen." : null}
      </p>
    </div>
  );
}
