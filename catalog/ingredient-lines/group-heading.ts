/** Words that open a group of a recipe's ingredients, not an ingredient ("Für den Teig", "Zum Garnieren"). */
const GROUP_OPENER = /^(?:für|zum|zur)\s/i;

/** Single words that head a group ("Außerdem"). */
const GROUP_WORDS = new Set(["außerdem", "ausserdem", "sonstiges", "dazu", "zutaten"]);

/** Longest "Für …" line still taken for a heading when it has no colon; longer ones name ingredients. */
const MAX_OPENER_WORDS = 4;

/**
 * Whether a cleaned line heads a group of ingredients instead of naming one: it ends with a colon
 * ("Für den Teig:", "Teig:"), is a Markdown heading ("## Teig") or bold ("**Teig**"), starts with
 * "Zutaten" ("Zutaten für 4 Personen"), or is a short "Für …"/"Zum …"/"Zur …" without a number
 * ("Für die Soße"). "Zum Bestreuen: Puderzucker" has words after its colon, so it is an ingredient.
 */
export function isGroupHeading(cleaned: string): boolean {
  const text = cleaned.trim();
  if (text.endsWith(":")) return true;
  if (/^#{1,6}\s/.test(text)) return true;
  if (/^(?:\*\*|__).+(?:\*\*|__)$/.test(text)) return true;
  if (/^zutaten\b/i.test(text)) return true;
  if (GROUP_WORDS.has(text.toLowerCase())) return true;
  // "Für die Form: Butter" names its ingredient after the colon.
  if (text.includes(":")) return false;
  return GROUP_OPENER.test(text) && !/\d/.test(text) && text.split(" ").length <= MAX_OPENER_WORDS;
}
