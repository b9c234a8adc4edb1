/** Project settings of the Data Studio that are the same everywhere: its name, and editors work in German. */
export const STUDIO_SETTINGS = { project_name: "Was koche ich jetzt", default_language: "de-DE" } as const;

/** A list view of the Data Studio for everyone (no user, no role): a bookmark when it has one, else the default. */
export interface StudioPreset {
  collection: string;
  /** The bookmark's name in the navigation; null: the collection's default view. */
  bookmark: string | null;
  icon: string;
  color: string | null;
  layout: "tabular";
  layout_query: Record<string, unknown>;
  filter: Record<string, unknown> | null;
  /** Seconds between reloads of the list (Directus' "Auto-Aktualisierung"); null: only when asked. */
  refresh_interval: number | null;
}

/**
 * The recipe list's columns: what editors check before and after publishing. Not the status on the site: a list
 * cell of a one-to-many field shows a count ("1 Website-Status"), which reads like "on the site" for a recipe
 * left out; the bookmarks below filter by it, and the list "Website-Status" shows it as a column.
 */
const RECIPE_COLUMNS = { tabular: { fields: ["name", "status", "type.name", "publish_at"], sort: ["name"] } };

/** The status list's columns: each recipe, whether it is on the site, and why not. */
const PUBLICATION_COLUMNS = {
  tabular: { fields: ["recipe", "state", "reason", "live_since", "checked_at"], sort: ["state", "recipe"] },
};

/**
 * The recipe and status lists reload by themselves this often, so an editor who fixed a recipe sees its status
 * change without reloading (a publish and its write-back take a few seconds: docs/operations.md, 2.9).
 */
const RECIPE_LIST_REFRESH_SECONDS = 10;

/** The ingredient list's columns: whether an ingredient is confirmed or an import's proposal comes second. */
const INGREDIENT_COLUMNS = { tabular: { fields: ["name", "status", "type", "vegetarian", "vegan"], sort: ["name"] } };

/**
 * The recipe list with its status on the site (`publication`, written back by
 * the site: catalog/sync/publication.ts) as a column, and bookmarks for the
 * recipes the site left out and those waiting for their publish time.
 * Applied on every start (scripts/cms/apply-presets.ts); an editor's own
 * view of the list (saved when they change it) comes before the default.
 */
export const STUDIO_PRESETS: readonly StudioPreset[] = [
  {
    collection: "recipe",
    bookmark: null,
    icon: "bookmark",
    color: null,
    layout: "tabular",
    layout_query: RECIPE_COLUMNS,
    filter: null,
    refresh_interval: RECIPE_LIST_REFRESH_SECONDS,
  },
  {
    collection: "recipe",
    bookmark: "Nicht auf der Website",
    icon: "public_off",
    color: "#C62828",
    layout: "tabular",
    layout_query: RECIPE_COLUMNS,
    filter: { _and: [{ publication: { _some: { state: { _eq: "left_out" } } } }] },
    refresh_interval: RECIPE_LIST_REFRESH_SECONDS,
  },
  {
    collection: "recipe",
    bookmark: "Geplant",
    icon: "schedule",
    color: "#1565C0",
    layout: "tabular",
    layout_query: RECIPE_COLUMNS,
    filter: { _and: [{ publication: { _some: { state: { _eq: "scheduled" } } } }] },
    refresh_interval: RECIPE_LIST_REFRESH_SECONDS,
  },
  {
    // The status the site writes back (catalog/sync/publication.ts), one row per recipe, as a list of its own.
    collection: "recipe_publication",
    bookmark: null,
    icon: "bookmark",
    color: null,
    layout: "tabular",
    layout_query: PUBLICATION_COLUMNS,
    filter: null,
    refresh_interval: RECIPE_LIST_REFRESH_SECONDS,
  },
  {
    collection: "ingredient",
    bookmark: null,
    icon: "bookmark",
    color: null,
    layout: "tabular",
    layout_query: INGREDIENT_COLUMNS,
    filter: null,
    refresh_interval: null,
  },
  {
    // What `npm run import` and "Zutatenliste einfügen" proposed: an editor confirms each before a published
    // recipe that uses it can reach the site.
    collection: "ingredient",
    bookmark: "Vorgeschlagene Zutaten",
    icon: "new_releases",
    color: "#B7791F",
    layout: "tabular",
    layout_query: INGREDIENT_COLUMNS,
    filter: { _and: [{ status: { _eq: "draft" } }] },
    refresh_interval: null,
  },
];
