/**
 * What the Live Preview's frame shows when the preview-link endpoint sends
 * nobody on: a small German page without scripts (Directus' own policy
 * allows none inline anyway), one sentence per reason.
 */

/** Why the endpoint made no preview link. */
export type PreviewLinkRefusal = "not-an-editor" | "no-recipe" | "not-set-up";

const TEXTS: Record<PreviewLinkRefusal, { title: string; text: string }> = {
  "not-an-editor": {
    title: "Nur für die Redaktion",
    text: "Die Vorschau gibt es nur für die Redaktion, angemeldet im Data Studio, mit Leserecht für das Rezept.",
  },
  "no-recipe": { title: "Rezept nicht gefunden", text: "Dieses Rezept gibt es nicht (mehr)." },
  "not-set-up": {
    title: "Vorschau nicht eingerichtet",
    text: "Die Vorschau ist auf diesem Server nicht eingerichtet: PREVIEW_SECRET und PREVIEW_SITE_URL fehlen.",
  },
};

/** The page for `refusal`, as HTML. */
export function previewRefusalPage(refusal: PreviewLinkRefusal): string {
  const { title, text } = TEXTS[refusal];
  return `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${title}</title></head>
<body><main><h1>${title}</h1><p>${text}</p></main></body>
</html>
`;
}
