const GERMAN_LETTERS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };

/**
 * The URL slug of a name (docs/design.md): lower-case; ä→ae, ö→oe, ü→ue, ß→ss;
 * other diacritics stripped; each run of other characters → "-"; no leading
 * or trailing "-". "Crème fraîche" → "creme-fraiche".
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => GERMAN_LETTERS[letter] ?? letter)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
