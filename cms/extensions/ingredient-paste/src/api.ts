/**
 * The operation's server side, loaded by Directus from cms/extensions/ingredient-paste/dist/api.js (bundled
 * by scripts/cms/build-extensions.ts, parser included): reads the pasted list the flow "Zutatenliste
 * einfügen" (cms/flows.ts) hands it, with the same parser as the import, and writes the recipe's ingredient
 * lines (decision 0048).
 *
 * - The trigger's body is untrusted: checked first (paste-request.ts), refused in German.
 * - Writes happen as the editor who ran the flow (their accountability, so their permissions), in one
 *   transaction: the proposed ingredients (drafts) and one update of the recipe with its nested lines.
 *   A refusal anywhere leaves everything as it was.
 * - Ingredient names are read without the editor's permissions, for matching only: a proposed ingredient
 *   an editor's role cannot see must still be reused rather than created twice.
 * - Afterwards the editor gets a notification in the Data Studio; the flow answers with the summary.
 */

import { createIngredientMatcher } from "../../../../catalog/ingredient-lines/ingredient-matcher.ts";
import { parseIngredientList } from "../../../../catalog/ingredient-lines/parse-ingredient-list.ts";
import { quoted } from "../../../../scripts/import/plain-text.ts";
import {
  type ExistingLine,
  INGREDIENT_LISTS,
  type IngredientList,
  type IngredientRecord,
  type PastePlan,
  planPaste,
  withProblems,
} from "./paste-plan.ts";
import { INGREDIENT_PASTE_OPERATION, PasteRefused, RECIPE_COLLECTION, readPasteRequest } from "./paste-request.ts";
import { notificationMessage, type PasteResult, pasteResult } from "./paste-summary.ts";

/** The parts of Directus' operation context this uses (@directus/extensions' OperationContext). */
interface Accountability {
  user?: string | null;
}
type Key = string | number;
type Item = Record<string, unknown>;
interface ItemsService {
  readByQuery(query: Item): Promise<Item[]>;
  readOne(key: Key, query?: Item): Promise<Item>;
  createOne(data: Item): Promise<Key>;
  updateOne(key: Key, data: Item): Promise<Key>;
}
/** Knex, or a transaction of it. */
interface Database {
  transaction<T>(work: (trx: Database) => Promise<T>): Promise<T>;
}
interface ServiceOptions {
  schema: unknown;
  accountability?: Accountability | null;
  knex?: Database;
}
interface OperationContext {
  services: { ItemsService: new (collection: string, options: ServiceOptions) => ItemsService };
  database: Database;
  getSchema(): Promise<unknown>;
  schema?: unknown;
  accountability: Accountability | null;
  data: Record<string, unknown>;
  logger: { warn(object: unknown, message?: string): void };
}

const PAGE = 500;

/** Every ingredient's name, plural and status, a page at a time (QUERY_LIMIT_MAX may cap a single read). */
async function allIngredients(service: ItemsService): Promise<IngredientRecord[]> {
  const found: IngredientRecord[] = [];
  for (let page = 0; ; page += 1) {
    const rows = await service.readByQuery({
      fields: ["id", "name", "plural", "status"],
      sort: ["id"],
      limit: PAGE,
      offset: page * PAGE,
    });
    found.push(...(rows as unknown as IngredientRecord[]));
    if (rows.length < PAGE) return found;
  }
}

function existingLines(recipe: Item, list: IngredientList): ExistingLine[] {
  const value = recipe[list];
  return Array.isArray(value) ? (value as ExistingLine[]) : [];
}

/** The recipe update: nested creates and deletes of junction rows per list, and the problems. */
function recipeUpdate(plan: PastePlan, proposedIds: Map<string, Key>, problems: string | null, current: Item): Item {
  const update: Item = {};
  for (const list of INGREDIENT_LISTS) {
    const create = plan.lines
      .filter((line) => line.list === list)
      .map(({ ingredient, amount, amount_max, unit, note, sort }) => ({
        ingredient_id: "id" in ingredient ? ingredient.id : proposedIds.get(ingredient.propose),
        amount,
        amount_max,
        unit,
        note,
        sort,
      }));
    if (create.length > 0 || plan.remove[list].length > 0)
      update[list] = { create, update: [], delete: plan.remove[list] };
  }
  if (problems !== current.import_problems) update.import_problems = problems;
  return update;
}

interface DirectusErrorShape {
  name: "DirectusError";
  code: string;
  status: number;
  message: string;
}

function isDirectusError(error: unknown): error is DirectusErrorShape {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "DirectusError";
}

/** Directus' own refusals (permissions, validation) in German, with its English detail where it helps. */
function refusalOf(error: unknown): unknown {
  if (!isDirectusError(error) || error instanceof PasteRefused) return error;
  if (error.code === "FORBIDDEN") {
    return new PasteRefused(
      "Nicht eingefügt: Dafür fehlen die Rechte. Zutatenlisten einfügen braucht das Recht, dieses Rezept zu ändern " +
        "und Zutaten anzulegen.",
      403,
    );
  }
  return new PasteRefused(`Nicht eingefügt: Directus hat die Zeilen abgelehnt (${error.message})`, error.status);
}

async function paste(context: OperationContext): Promise<PasteResult> {
  const trigger = context.data.$trigger as { body?: unknown } | null | undefined;
  const request = readPasteRequest(trigger?.body);
  const accountability = context.accountability;
  if (!accountability?.user) {
    throw new PasteRefused("Nur wer im Data Studio angemeldet ist, kann Zutatenlisten einfügen.", 403);
  }
  const { ItemsService } = context.services;
  const schema = context.schema ?? (await context.getSchema());

  const ingredients = await allIngredients(new ItemsService("ingredient", { schema, knex: context.database }));
  const readings = parseIngredientList(
    request.text,
    createIngredientMatcher(ingredients.map(({ name, plural }) => ({ name, plural }))),
  );

  const written = await context.database
    .transaction(async (trx) => {
      const asEditor = { schema, accountability, knex: trx };
      const recipes = new ItemsService(RECIPE_COLLECTION, asEditor);
      const recipe = await recipes.readOne(request.recipeId, {
        fields: [
          "id",
          "name",
          "status",
          "import_problems",
          ...INGREDIENT_LISTS.flatMap((list) => [`${list}.id`, `${list}.sort`]),
        ],
      });
      const plan = planPaste(
        readings,
        request,
        ingredients,
        {
          ingredients: existingLines(recipe, "ingredients"),
          optionalIngredients: existingLines(recipe, "optionalIngredients"),
        },
        recipe.status === "published",
      );
      if (plan.lines.length === 0) {
        const reasons = plan.unread
          .slice(0, 5)
          .map(({ line, reason }) => `${quoted(line)}: ${reason.replace(/\.$/, "")}`)
          .join("; ");
        throw new PasteRefused(`Keine Zeile ließ sich als Zutat lesen, nichts wurde eingefügt. ${reasons}.`);
      }
      const proposedIds = new Map<string, Key>();
      const ingredientService = new ItemsService("ingredient", asEditor);
      for (const name of plan.propose) {
        proposedIds.set(name, await ingredientService.createOne({ name, status: "draft" }));
      }
      const problems = withProblems((recipe.import_problems as string | null) ?? null, plan.problems);
      await recipes.updateOne(request.recipeId, recipeUpdate(plan, proposedIds, problems, recipe));
      return { plan, recipeName: String(recipe.name ?? "") };
    })
    .catch((error: unknown) => {
      throw refusalOf(error);
    });

  const result = pasteResult(request.recipeId, written.plan);
  try {
    // Written by Directus itself, not the editor: editors' roles need no right on notifications, and
    // NotificationsService would also send each one as an e-mail.
    await new ItemsService("directus_notifications", { schema, knex: context.database }).createOne({
      recipient: accountability.user,
      subject: result.summary,
      message: notificationMessage(written.recipeName, result, request.mode),
      collection: RECIPE_COLLECTION,
      item: String(request.recipeId),
    });
  } catch (error) {
    context.logger.warn(error, "ingredient paste: the notification could not be written");
  }
  return result;
}

export default {
  id: INGREDIENT_PASTE_OPERATION,
  handler: (_options: unknown, context: OperationContext) => paste(context),
};
