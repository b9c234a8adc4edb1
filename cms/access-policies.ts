/**
 * Who may do what in Directus, as code. Directus schema snapshots carry no
 * roles, policies or permissions, so these are applied through the API on
 * every start (scripts/cms/apply-access-policies.ts), idempotently.
 *
 * Ids are fixed so that the SSO configuration can name the role before it
 * exists and a second run finds what the first created.
 */
import { INGREDIENT_FACT_FIELDS } from "../catalog/sync/ingredient-facts.ts";

/** Directus' built-in policy for requests without a session. */
export const PUBLIC_POLICY_ID = "abf8a154-5b1c-4a46-ac9c-7300570f4f17";

/** The role every Google sign-in registers into. */
export const USER_ROLE = {
  id: "6f1c2f8e-3a5b-4d7e-9c01-2b3d4e5f6a70",
  name: "Nutzer",
  icon: "person",
  description: "Angemeldete Besucher: speichern und entfernen eigene Rezepte, halten ihren Vorrat, bewerten Rezepte.",
} as const;

export const USER_POLICY = {
  id: "6f1c2f8e-3a5b-4d7e-9c01-2b3d4e5f6a71",
  name: "Nutzer: eigene gespeicherte Rezepte",
  icon: "favorite",
  description:
    "Liest veröffentlichte Inhalte und nur die eigenen gespeicherten Rezepte, den eigenen Vorrat, die eigene Einkaufsliste und die eigenen Bewertungen.",
  app_access: false,
  admin_access: false,
  enforce_tfa: false,
} as const;

/**
 * Project settings that are access rules, applied with the permissions.
 * Visitors get an account only through Google sign-in
 * (AUTH_GOOGLE_ALLOW_PUBLIC_REGISTRATION); Directus' own sign-up
 * (POST /users/register) stays closed. A password account (editors, the
 * admin) is suspended after this many failed logins in a row.
 */
export const PROJECT_SETTINGS = { public_registration: false, auth_login_attempts: 25 } as const;

/** Recipe images are uploaded into this folder; the public reads files only from it. */
export const RECIPE_IMAGES_FOLDER = { id: "6f1c2f8e-3a5b-4d7e-9c01-2b3d4e5f6a72", name: "Rezeptbilder" } as const;

export interface Permission {
  collection: string;
  action: "create" | "read" | "update" | "delete";
  fields: string[] | null;
  permissions: Record<string, unknown> | null;
  validation: Record<string, unknown> | null;
  presets: Record<string, unknown> | null;
}

function read(collection: string, fields: string[] = ["*"], permissions: Permission["permissions"] = null): Permission {
  return { collection, action: "read", fields, permissions, validation: null, presets: null };
}

const OF_PUBLISHED_RECIPE = { recipe_id: { status: { _eq: "published" } } };

const FILE_FIELDS = ["id", "title", "type", "width", "height", "filesize", "filename_download", "modified_on"];

/**
 * A recipe's fields the public reads: all but what `npm run import` keeps for editors (what to check, where
 * it came from, the import's checksum), an allow-list so a new editors' field stays private until named here.
 */
const PUBLIC_RECIPE_FIELDS = [
  "id",
  "status",
  "name",
  "slug",
  "cuisine",
  "recipeUrl",
  "description",
  "instructions",
  "instructionList",
  "prepTime",
  "cookTime",
  "totalTime",
  "servings",
  "vegetarian",
  "vegan",
  "manyGuests",
  "date_created",
  // The sync reads only what changed since its last read (catalog/sync/stage-read.ts).
  "date_updated",
  "image",
  "type",
  "ingredients",
  "optionalIngredients",
  // The sync leaves a published recipe out before its publish time and after its time to go offline
  // (catalog/sync/publication-window.ts): it reads both as the public.
  "publish_at",
  "unpublish_at",
];

/** Published content, readable by everyone (and so by signed-in users too). */
const PUBLISHED_CONTENT: Permission[] = [
  read("recipe", PUBLIC_RECIPE_FIELDS, { status: { _eq: "published" } }),
  // An ingredient an import proposed stays unseen until an editor confirms it; a published recipe that
  // uses one reads as a line without ingredient, so the sync leaves the recipe out until then.
  read("ingredient", ["*"], { status: { _eq: "published" } }),
  read("RecipeType"),
  read("IngredientType"),
  // Junction rows name their recipe: a draft's ingredient list stays hidden
  // like the draft itself (nested reads through a published recipe still see them).
  // All fields ("*"): the lines' amount, unit, note and sort (issue 15, decision 0017) and the
  // recipe's servings are public with the recipe; the sync reads them without a token.
  read("recipe_ingredient", ["*"], OF_PUBLISHED_RECIPE),
  read("recipe_optional_ingredient", ["*"], OF_PUBLISHED_RECIPE),
  read("ingredient_IngredientType"),
  read("directus_files", FILE_FIELDS, { folder: { _eq: RECIPE_IMAGES_FOLDER.id } }),
];

const OWN = { user: { _eq: "$CURRENT_USER" } };

/** What the public policy grants: published content, nothing else (not `recipe_publication`: editors' business). */
export const PUBLIC_PERMISSIONS: Permission[] = PUBLISHED_CONTENT;

/**
 * The site's catalog coordinator writes each recipe's publication status
 * back as this user, with a static token (DIRECTUS_STATUS_TOKEN, a Worker
 * secret; scripts/cms/status-token.ts sets it). No role, no app access, no
 * password: it signs in only with its token.
 */
export const STATUS_USER = {
  id: "6f1c2f8e-3a5b-4d7e-9c01-2b3d4e5f6a73",
  first_name: "Website (Status)",
  description: "Die Website schreibt mit diesem Zugang nach jeder Veröffentlichung den Stand jedes Rezepts zurück.",
  status: "active",
} as const;

export const STATUS_POLICY = {
  id: "6f1c2f8e-3a5b-4d7e-9c01-2b3d4e5f6a74",
  name: "Website (Status)",
  icon: "public",
  description:
    "Liest die IDs der Rezepte und die Bewertungen ohne ihre Nutzer und schreibt die Veröffentlichung der Rezepte auf der Website; sonst nichts.",
  app_access: false,
  admin_access: false,
  enforce_tfa: false,
} as const;

/** What a status row holds besides its id and recipe (catalog/sync/publication.ts writes these). */
const PUBLICATION_FIELDS = ["state", "reason", "live_since", "version", "checked_at"];

/**
 * The write-back's rights: recipes' ids (every status, to tell a recipe
 * deleted since the sync read it), and reading, creating and updating the
 * status rows; a row's recipe is set once. Nothing of the content: the
 * write-back cannot touch an editor's work.
 */
export const STATUS_PERMISSIONS: Permission[] = [
  read("recipe", ["id"]),
  read("recipe_publication", ["id", "recipe", ...PUBLICATION_FIELDS]),
  // The coordinator counts ratings and their mean per recipe for the catalog (issue 45, decision 0065):
  // which recipe, how many stars and when; never whose.
  read("recipe_ratings", ["id", "recipe", "stars", "date_created", "date_updated"]),
  {
    collection: "recipe_publication",
    action: "create",
    fields: ["recipe", ...PUBLICATION_FIELDS],
    permissions: null,
    validation: null,
    presets: null,
  },
  {
    collection: "recipe_publication",
    action: "update",
    fields: PUBLICATION_FIELDS,
    permissions: null,
    validation: null,
    presets: null,
  },
];

/** What a pantry row holds besides its id and user (app/lib/directus/pantry-api.server.ts writes these). */
const PANTRY_FIELDS = ["ingredients", "missing_basics", "changed_at"];

/**
 * A signed-in user's own pantry (decision 0040): one row, which they read,
 * create and change, and nobody else's. As for saved recipes, `user` is
 * Directus' to fill from the session (`user-created`), and a unique index on
 * it keeps the row one. Forgetting a pantry saves it empty, so there is no
 * delete; the row goes with its user.
 */
const PANTRY_PERMISSIONS: Permission[] = [
  read("pantries", ["id", "user", ...PANTRY_FIELDS], OWN),
  {
    collection: "pantries",
    action: "create",
    fields: PANTRY_FIELDS,
    permissions: null,
    validation: null,
    presets: null,
  },
  {
    collection: "pantries",
    action: "update",
    fields: PANTRY_FIELDS,
    permissions: OWN,
    validation: null,
    presets: null,
  },
];

/**
 * A signed-in user's own ratings (decision 0065): one row per recipe (a
 * unique index on user and recipe, cms/migrations/20261129A-recipe-ratings-rules.js),
 * which they read, create, change and delete, and nobody else's. As for saved
 * recipes, `user` is Directus' to fill from the session (`user-created`); a
 * rating's recipe is set once, so an update names only the stars. Only the
 * Worker writes them (app/lib/directus/ratings-api.server.ts). The public
 * reads none: a visitor's rating is theirs; the catalog shows counts and means.
 */
const RATING_PERMISSIONS: Permission[] = [
  read("recipe_ratings", ["id", "user", "recipe", "stars", "date_created", "date_updated"], OWN),
  {
    collection: "recipe_ratings",
    action: "create",
    fields: ["recipe", "stars"],
    permissions: null,
    validation: null,
    presets: null,
  },
  {
    collection: "recipe_ratings",
    action: "update",
    fields: ["stars"],
    permissions: OWN,
    validation: null,
    presets: null,
  },
  { collection: "recipe_ratings", action: "delete", fields: null, permissions: OWN, validation: null, presets: null },
];

/**
 * What a signed-in user may do besides reading published content. `user` is
 * not among the fields a user may write: Directus fills it from the session
 * (its field is `user-created`), so a payload cannot save for someone else.
 *
 * "Only published recipes can be saved" is not a rule here: Directus 11 does
 * not apply a create permission's item rule (`permissions`) at all (a draft
 * is saved despite it), and `validation` checks the payload, where `recipe`
 * is a bare id, so `{ recipe: { status: … } }` refuses every save. A trigger
 * in the database enforces it instead
 * (cms/migrations/20261123A-saved-recipes-rules.js), together with one row
 * per recipe and user and the limit per user.
 */
export const USER_PERMISSIONS: Permission[] = [
  ...PUBLISHED_CONTENT,
  read("saved_recipes", ["id", "user", "recipe", "date_created"], OWN),
  {
    collection: "saved_recipes",
    action: "create",
    fields: ["recipe"],
    permissions: null,
    validation: null,
    presets: null,
  },
  { collection: "saved_recipes", action: "delete", fields: null, permissions: OWN, validation: null, presets: null },
  // The shopping list (decision 0041): one row per user (a unique index on `user`), which only its owner reads,
  // creates and changes, through the Worker's form posts; `user` is Directus' to fill, as for saved recipes.
  // No delete: "Liste leeren" empties the row. Anonymous visitors get nothing of it. A change names the
  // revision after the one it read, and the database refuses any other
  // (cms/migrations/20261127A-shopping-list-revision.js); a new row starts at 0.
  read("shopping_lists", ["id", "user", "entries", "revision", "date_updated"], OWN),
  {
    collection: "shopping_lists",
    action: "create",
    fields: ["entries"],
    permissions: null,
    validation: null,
    presets: null,
  },
  {
    collection: "shopping_lists",
    action: "update",
    fields: ["entries", "revision"],
    permissions: OWN,
    validation: null,
    presets: null,
  },
  ...PANTRY_PERMISSIONS,
  ...RATING_PERMISSIONS,
  read("directus_users", ["id", "email"], { id: { _eq: "$CURRENT_USER" } }),
];

/**
 * The site reads a recipe for the editors' preview as this user (decision
 * 0051), with a static token (DIRECTUS_PREVIEW_TOKEN, a Worker secret;
 * scripts/cms/preview-token.ts sets it). No role, no app access, no password:
 * it signs in only with its token. Kept apart from every other credential
 * the Worker holds, so a leak of one reads no more than its own.
 */
export const PREVIEW_USER = {
  id: "6f1c2f8e-3a5b-4d7e-9c01-2b3d4e5f6a75",
  first_name: "Website (Vorschau)",
  description: "Die Website liest mit diesem Zugang Rezepte jedes Status für die Vorschau der Redaktion.",
  status: "active",
} as const;

export const PREVIEW_POLICY = {
  id: "6f1c2f8e-3a5b-4d7e-9c01-2b3d4e5f6a76",
  name: "Website (Vorschau)",
  icon: "preview",
  description:
    "Liest Rezepte jedes Status mit ihren Zutatenzeilen und Zutaten, auch vorgeschlagene, für die Vorschau; schreibt nichts.",
  app_access: false,
  admin_access: false,
  enforce_tfa: false,
} as const;

/**
 * What the preview reads (catalog/sync/draft-preview.ts): the recipe fields
 * the public reads, of any status; the lines of any recipe; ingredients with
 * their status, proposed ones included, so the preview can name what waits
 * for confirmation; the categories. No files (a preview shows only images
 * the live catalog shows, through the site's allow-list), no users, nothing
 * to write.
 */
export const PREVIEW_PERMISSIONS: Permission[] = [
  read("recipe", PUBLIC_RECIPE_FIELDS),
  read("recipe_ingredient"),
  read("recipe_optional_ingredient"),
  // With what the nutrition per portion is computed from (catalog/sync/ingredient-facts.ts), as the sync reads it.
  read("ingredient", ["id", "name", "plural", "whole_pieces", "status", ...INGREDIENT_FACT_FIELDS]),
  read("RecipeType", ["id", "name"]),
];
