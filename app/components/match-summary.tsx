/**
 * How well an ingredient-search result fits the visitor's pantry: "2 von 5
 * Zutaten hast du. Es fehlen: Ei, Feta." The basics at hand count as had
 * and are never listed as missing (decision 0040).
 */
export function MatchSummary({ have, needed, missing }: { have: number; needed: number; missing: string[] }) {
  return (
    <p className={missing.length === 0 ? "match-summary is-complete" : "match-summary"}>
      <strong>{`${have} von ${needed} Zutaten`}</strong>
      {` hast du. ${missingText(missing)}`}
    </p>
  );
}

function missingText(missing: string[]): string {
  if (missing.length === 0) return "Es fehlt nichts!";
  return `${missing.length === 1 ? "Es fehlt" : "Es fehlen"}: ${missing.join(", ")}.`;
}

/** The badge of a result that needs nothing more. */
export const COMPLETE_BADGE = "Ohne Einkauf";

/** The line that counts the results needing nothing more: "3 Rezepte ohne Einkauf". */
export function completeCountText(complete: number): string {
  if (complete === 0) return "Noch kein Rezept ohne Einkauf";
  return complete === 1 ? "1 Rezept ohne Einkauf" : `${complete} Rezepte ohne Einkauf`;
}
