import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * Where the pantry is remembered (device-pantry.ts, account-pantry.ts),
 * handed in by the page's loader: imported here, those modules (and the
 * checks and word matching they import) would be shared with the
 * ingredient search in a chunk every page loads.
 */
export interface PantryPlaces {
  /** The device's localStorage key. */
  deviceKey: string;
  /** The account's pantry, asked when signed in. */
  accountUrl: string;
}

/** What this hook takes of a remembered pantry: the page that reads the address checks every value. */
interface RawPantry {
  selected: string[];
  missingBasics: string[];
  changedAt: number;
}

/** A stored pantry's shape, unchecked beyond it: the address it becomes is read as any other (parsePantry's rules). */
function rawPantry(value: unknown): RawPantry | null {
  if (typeof value !== "object" || value === null) return null;
  const { selected, missingBasics, changedAt } = value as Record<string, unknown>;
  const strings = (list: unknown) =>
    Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : null;
  const ticked = strings(selected);
  const missing = strings(missingBasics);
  if (!ticked || !missing || typeof changedAt !== "number") return null;
  return { selected: ticked, missingBasics: missing, changedAt };
}

async function readRemembered(places: PantryPlaces, signedIn: boolean): Promise<RawPantry | null> {
  let device: RawPantry | null = null;
  try {
    device = rawPantry(JSON.parse(window.localStorage.getItem(places.deviceKey) ?? "null"));
  } catch {
    // Storage off or unreadable: nothing remembered here.
  }
  if (!signedIn) return device;
  try {
    const response = await fetch(places.accountUrl, { headers: { accept: "application/json" } });
    const account = response.ok ? rawPantry(((await response.json()) as { pantry?: unknown }).pantry) : null;
    // Decision 0040's rule (mergePantries): the one changed last, the account's on a tie.
    if (account && (!device || account.changedAt >= device.changedAt)) return account;
  } catch {
    // The account could not be asked: the device's holds.
  }
  return device;
}

/**
 * A page whose address takes the pantry (decision 0040) and that the
 * visitor reaches without one ("Plan meine Woche" from a bookmark or the
 * week plan): once, after hydration, the remembered pantry (the device's,
 * or the account's when signed in and newer) becomes the address, in place
 * of this history entry. Reading only: the ingredient search is where the
 * pantry is changed, merged and saved.
 *
 * It reads the stored shape without the pantry module's checks, which the
 * page's loader applies to the address anyway: importing that module here
 * would share it, and the ingredient search's word matching it needs, with
 * this page, in `shared` or a chunk of their own, and either took the
 * ingredient search over decision 0046's 25 KB (decision 0071). For the
 * same reason the places come from the loader (PantryPlaces).
 */
export function useRememberedPantryAddress(
  places: PantryPlaces,
  addressHasPantry: boolean,
  signedIn: boolean,
  addressOf: (pantry: Pick<RawPantry, "selected" | "missingBasics">) => string,
): void {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival; the address is read as it is then
  useEffect(() => {
    if (addressHasPantry) return;
    let cancelled = false;
    void (async () => {
      const pantry = await readRemembered(places, signedIn);
      if (cancelled || !pantry || (pantry.selected.length === 0 && pantry.missingBasics.length === 0)) return;
      navigate(addressOf(pantry), { replace: true, preventScrollReset: true });
    })();
    return () => {
      cancelled = true;
    };
  }, []);
}
