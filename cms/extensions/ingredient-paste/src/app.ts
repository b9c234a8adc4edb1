/**
 * The operation in the Data Studio's flow editor (Settings → Flows): its name, icon and a note. It has no
 * options; what it reads comes from the flow's confirmation dialog. Directus bundles this file into the
 * Data Studio's extensions at start, from dist/app.js (scripts/cms/build-extensions.ts).
 */
import { INGREDIENT_PASTE_OPERATION } from "./paste-request.ts";

export default {
  id: INGREDIENT_PASTE_OPERATION,
  name: "Zutatenliste einlesen",
  icon: "playlist_add",
  // At most 80 characters, as Directus shows it.
  description: "Liest eine eingefügte Zutatenliste und schreibt die Zeilen ins Rezept.",
  overview: () => [{ label: "Liest", text: "die Zutatenliste aus dem Bestätigungsdialog" }],
  options: [
    {
      field: "notice",
      type: "alias",
      meta: {
        width: "full",
        interface: "presentation-notice",
        options: {
          icon: "info",
          text:
            "Keine Einstellungen: Die Operation liest Zutatenliste, Modus und „Als optionale Zutaten“ aus dem " +
            "Bestätigungsdialog des Flows. Eingerichtet aus dem Code (cms/flows.ts, cms/extensions/ingredient-paste).",
        },
      },
    },
  ],
};
