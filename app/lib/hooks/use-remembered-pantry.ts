import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router";
import { accountHolds, readAccountPantry, saveAccountPantry } from "../pantry/account-pantry.ts";
import { readDevicePantry, writeDevicePantry } from "../pantry/device-pantry.ts";
import { isEmptyPantry, mergePantries, type Pantry, restoredPantryHref, samePantry } from "../pantry/pantry.ts";
import type { IngredientQuery } from "../url/ingredient-query.ts";

/** The pantry part of an address, as one string: what changes it. */
function pantryKey(query: Pick<IngredientQuery, "selected" | "missingBasics">): string {
  return `${query.selected.join(" ")}|${query.missingBasics.join(" ")}`;
}

/**
 * The ingredient search's remembered pantry (decision 0040), in the browser
 * after hydration; the server never sees it.
 *
 * - Arriving with no ingredient in the address (a page load, a link from
 *   another page, the tab bar), a remembered pantry is restored by going to
 *   its address, in place of this history entry: the address stays the
 *   page's state, shareable as ever. A signed-in visitor's device and
 *   account pantries are merged first.
 * - A change made on the page (a box ticked, a basic changed, a suggestion
 *   taken, "Alle entfernen": the page's own controls replace the history
 *   entry, and so does the back button's return within the page) is
 *   remembered on the device and, signed in, in the account.
 * - Arriving by a link that holds ingredients changes nothing: a shared
 *   search does not replace the visitor's own pantry until they change it.
 * - Boxes ticked before hydration (decision 0058) are the visitor's choice
 *   as much as a tick after it: told by `choseEarly`, before this hook's
 *   effect runs, the arrival restores nothing, and their results are
 *   remembered once they are shown.
 *
 * `csrfToken` is the signed-in visitor's form token, null for anyone else.
 * Returns `forget` ("Vorrat vergessen"), whether the pantry shown was
 * just forgotten, for the page to say so, and `choseEarly`.
 */
export function useRememberedPantry(query: IngredientQuery, csrfToken: string | null) {
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const location = useLocation();
  const key = pantryKey(query);
  /** The pantry key of the address the last run saw; null before the first. */
  const seen = useRef<string | null>(null);
  const [forgottenAt, setForgottenAt] = useState<string | null>(null);
  /** Whether the visitor ticked boxes before hydration; read by the first arrival. */
  const choseBeforeHydration = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one run per navigation; the rest is read as it is then
  useEffect(() => {
    const before = seen.current;
    seen.current = key;
    const arriving = before === null || (navigationType === "PUSH" && query.selected.length === 0);
    if (!arriving) {
      if (before !== key) remember({ selected: query.selected, missingBasics: query.missingBasics }, csrfToken);
      return;
    }
    // Their results are on the way; the address they land on is remembered (not an arrival: it replaces this one).
    if (choseBeforeHydration.current) {
      choseBeforeHydration.current = false;
      return;
    }
    if (query.selected.length > 0 && csrfToken === null) return;
    let cancelled = false;
    void (async () => {
      let pantry = readDevicePantry();
      if (csrfToken !== null) {
        const account = await readAccountPantry();
        if (cancelled) return;
        if (account !== undefined) {
          accountHolds(account);
          const merged = mergePantries(pantry, account);
          if (merged.writeDevice) writeDevicePantry(merged.pantry);
          if (merged.writeAccount && merged.pantry) saveAccountPantry(merged.pantry, csrfToken);
          pantry = merged.pantry;
        }
      }
      // The visitor may have ticked something while the account was asked: their choice stands.
      if (cancelled || query.selected.length > 0 || pantry === null || isEmptyPantry(pantry)) return;
      navigate(restoredPantryHref(pantry, query), { replace: true, preventScrollReset: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [location.key]);

  const forget = useCallback(() => {
    writeDevicePantry(null);
    const empty: Pantry = { selected: [], missingBasics: [], changedAt: Date.now() };
    // An empty pantry saved, not none: it is newer than any other device's, so they forget theirs too.
    if (csrfToken) saveAccountPantry(empty, csrfToken);
    setForgottenAt(pantryKey(empty));
    navigate("/zutatensuche", { replace: true, preventScrollReset: true });
  }, [csrfToken, navigate]);

  const choseEarly = useCallback(() => {
    choseBeforeHydration.current = true;
  }, []);

  return { forget, forgotten: forgottenAt === key, choseEarly };
}

/** Remembers a pantry changed on the page, on the device and in the account. */
function remember(changed: Pick<Pantry, "selected" | "missingBasics">, csrfToken: string | null): void {
  const pantry: Pantry = { ...changed, changedAt: Date.now() };
  const stored = readDevicePantry();
  if (stored === null ? !isEmptyPantry(pantry) : !samePantry(stored, pantry)) writeDevicePantry(pantry);
  if (csrfToken) saveAccountPantry(pantry, csrfToken);
}
