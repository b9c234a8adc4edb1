import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../lib/hooks/use-hydrated.ts";
import type { RecipeCardData } from "../lib/recipes/recipe-card-data.ts";
import { shareOrCopy } from "../lib/site/share-sheet.ts";
import { shareUrl } from "../lib/url/share-link.ts";
import { CookingModeHint, CookingModeSwitch } from "./cooking-mode.tsx";
import { PrintIcon, ShareIcon } from "./icons.tsx";

/** What the share button last did that the page has to show: a copied link, or a link to copy by hand. */
type ShareResult = { outcome: "copied" | "failed"; url: string } | null;

/**
 * The recipe page's action row: "Drucken", "Teilen" and the "Kochmodus"
 * switch, plus the page's address for the printout.
 *
 * All three need JavaScript. The server renders the row invisible, so it
 * takes its final space and nothing moves when it appears after hydration;
 * without JavaScript at all, `@media (scripting: none)` removes it. The
 * cooking mode switch sits in a slot of fixed width: browsers without a wake
 * lock get an empty slot, never a row that wraps differently.
 */
export function RecipeTools({ recipe, canonical }: { recipe: RecipeCardData; canonical: string }) {
  const hydrated = useHydrated();
  const [shared, setShared] = useState<ShareResult>(null);
  const copyField = useRef<HTMLInputElement>(null);

  // Copying failed: put the link under the visitor's hands, selected, ready for Ctrl+C or a long press.
  useEffect(() => {
    if (shared?.outcome !== "failed") return;
    copyField.current?.focus();
    copyField.current?.select();
  }, [shared]);

  async function share() {
    // Read at the click: the servings stepper changes the address without a new render of this row.
    const url = shareUrl(canonical, window.location.search);
    // Emptied first, so a second "Link kopiert" is announced again.
    setShared(null);
    const outcome = await shareOrCopy(
      { title: recipe.name, text: `${recipe.name}: in ${recipe.totalTime} Minuten fertig.`, url },
      url,
    );
    if (outcome === "copied" || outcome === "failed") setShared({ outcome, url });
  }

  return (
    <>
      <div className={`recipe-tools${hydrated ? "" : " is-waiting"}`}>
        <div className="recipe-tools-row">
          <button type="button" className="tool-button" onClick={() => window.print()}>
            <PrintIcon size={20} />
            Drucken
          </button>
          <button type="button" className="tool-button" onClick={share}>
            <ShareIcon size={20} />
            Teilen
          </button>
          <span className="cooking-slot">
            <CookingModeSwitch />
          </span>
        </div>
        <p className="tool-status" role="status">
          {shared?.outcome === "copied" ? "Link kopiert" : null}
          {shared?.outcome === "failed"
            ? "Kopieren hat nicht geklappt. Markiere den Link und kopiere ihn selbst."
            : null}
        </p>
        {shared?.outcome === "failed" ? (
          <label className="share-fallback">
            <span className="field-label">Link zum Rezept</span>
            <input
              ref={copyField}
              type="text"
              readOnly
              value={shared.url}
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
        ) : null}
        <CookingModeHint />
      </div>
      <p className="recipe-address">Rezept online: {canonical}</p>
    </>
  );
}
