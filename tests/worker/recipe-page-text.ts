/** Reading a rendered recipe page as a visitor would: its amounts and ingredient lines as plain text. */

/** Text with the no-break spaces amounts are written with turned into plain ones. */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, " ");
}

/** The ingredient lines of a recipe page as plain text ("8 Eier", "2–3 EL Olivenöl", "Feta, zerbröselt"). */
export function ingredientLines(html: string): string[] {
  return [
    ...html.matchAll(
      /<li[^>]*><span class="ingredient-quantity">(.*?)<\/span> <span class="ingredient-name">(.*?)<\/span><\/li>/g,
    ),
  ].map(([, quantity, name]) =>
    plainSpaces(`${quantity} ${name}`)
      .replace(/<[^>]+>/g, "")
      .trim(),
  );
}
