import { useEffect } from "react";
import { useNavigate } from "react-router";
import { readAccountPantry } from "../pantry/account-pantry.ts";
import { readDevicePantry } from "../pantry/device-pantry.ts";
import { isEmptyPantry, mergePantries, type Pantry } from "../pantry/pantry.ts";

/**
 * A page whose address takes the pantry (decision 0040) and that the
 * visitor reaches without one ("Plan meine Woche" from a bookmark or the
 * week plan): once, after hydration, the remembered pantry (the device's,
 * merged with the account's when signed in) becomes the address, in place
 * of this history entry. Reading only: the ingredient search is where the
 * pantry is changed and saved. `addressOf` makes the page's address with it.
 */
export function useRememberedPantryAddress(
  addressHasPantry: boolean,
  csrfToken: string | null,
  addressOf: (pantry: Pick<Pantry, "selected" | "missingBasics">) => string,
): void {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival; the address is read as it is then
  useEffect(() => {
    if (addressHasPantry) return;
    let cancelled = false;
    void (async () => {
      let pantry = readDevicePantry();
      if (csrfToken !== null) {
        const account = await readAccountPantry();
        if (account !== undefined) pantry = mergePantries(pantry, account).pantry;
      }
      if (cancelled || pantry === null || isEmptyPantry(pantry)) return;
      navigate(addressOf(pantry), { replace: true, preventScrollReset: true });
    })();
    return () => {
      cancelled = true;
    };
  }, []);
}
