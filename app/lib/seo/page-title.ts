/** "<Seite> - <Site>": the title of every page but the home page (spec section 2). */
export function pageTitle(page: string, siteName: string): string {
  return `${page} - ${siteName}`;
}

/** The header text and start of the home title: "{product} jetzt?". */
export function headerTitle(productName: string): string {
  return `${productName} jetzt?`;
}

/** The home page's title: "{product} jetzt? Zufällige Rezepte und Zutatensuche". */
export function homeTitle(productName: string): string {
  return `${headerTitle(productName)} Zufällige Rezepte und Zutatensuche`;
}
