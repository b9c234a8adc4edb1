/** Longest line the parser reads; a longer one is a paragraph pasted by mistake, not an ingredient. */
export const MAX_LINE_LENGTH = 200;

/** Why a line was not read, in German, for the editor who pasted or imported it. */
export const UNREAD_REASONS = {
  empty: "Die Zeile ist leer.",
  tooLong: `Die Zeile ist länger als ${MAX_LINE_LENGTH} Zeichen – das ist keine einzelne Zutat.`,
  noWords: "Die Zeile enthält keine Wörter, nur Zahlen oder Zeichen.",
  heading: "Die Zeile ist eine Überschrift (etwa „Für den Teig:“), keine Zutat.",
  noIngredient: "Die Zeile nennt keine Zutat, nur Menge, Einheit oder Hinweis.",
} as const;
