/**
 * The loop of `npm run import`: each recipe the reader finds is written as it
 * comes (or, in a dry run, only counted), so memory holds one recipe at a
 * time however long the file. What happened to each is handed to `onEvent`
 * for the caller to print or collect; the counts come back at the end.
 */
import { DirectusRequestError } from "../cms/directus-admin.ts";
import type {
  ImportedRecipe,
  ImportReport,
  ImportTarget,
  ReadOutcome,
  SkippedSource,
  WriteResult,
} from "./imported-recipe.ts";

export interface ImportCounts {
  /** Recipes the reader found (written or not). */
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  kept: number;
  /** Sources and recipes the reader skipped, and recipes Directus refused. */
  skipped: number;
}

export type ImportEvent =
  | { kind: "written"; recipe: ImportedRecipe; result: WriteResult }
  /** A dry run's recipe: read, not written. */
  | { kind: "read"; recipe: ImportedRecipe }
  | { kind: "skipped"; skipped: SkippedSource };

/**
 * A refusal of this one recipe (a value the schema does not take, say), after which the others go on;
 * anything else (Directus unreachable, the token refused) ends the run.
 */
function refusedRecipe(error: unknown): error is DirectusRequestError {
  return (
    error instanceof DirectusRequestError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 403].includes(error.status)
  );
}

/** Writes (or with `target` null, only reads) every recipe of `outcomes`, one after the other. */
export async function importRecipes(
  outcomes: AsyncIterable<ReadOutcome>,
  target: Pick<ImportTarget, "write"> | null,
  /** Called after each recipe or skip, with the counts so far. */
  onEvent: (event: ImportEvent, counts: Readonly<ImportCounts>) => void,
): Promise<ImportCounts> {
  const counts: ImportCounts = { read: 0, created: 0, updated: 0, unchanged: 0, kept: 0, skipped: 0 };
  for await (const outcome of outcomes) {
    if ("skipped" in outcome) {
      counts.skipped += 1;
      onEvent({ kind: "skipped", skipped: outcome.skipped }, counts);
      continue;
    }
    const recipe = outcome.recipe;
    counts.read += 1;
    if (!target) {
      onEvent({ kind: "read", recipe }, counts);
      continue;
    }
    let result: WriteResult;
    try {
      result = await target.write(recipe);
    } catch (error) {
      if (!refusedRecipe(error)) throw error;
      counts.skipped += 1;
      const reason = error.message.replace(/^directus-admin: \S+ \S+ failed: /, "");
      onEvent(
        {
          kind: "skipped",
          skipped: { source: recipe.source, reason: `Directus hat „${recipe.name}“ nicht angenommen: ${reason}` },
        },
        counts,
      );
      continue;
    }
    counts[result.outcome] += 1;
    onEvent({ kind: "written", recipe, result }, counts);
  }
  return counts;
}

/** One recipe as `--json` reports it: what was read, with the reader's and the writer's problems. */
export function reportedRecipe(recipe: ImportedRecipe, writeProblems: string[] = []): ImportReport["recipes"][number] {
  return {
    name: recipe.name,
    servings: recipe.servings,
    totalMinutes: recipe.totalMinutes,
    category: recipe.category,
    sourceUrl: recipe.sourceUrl,
    steps: recipe.steps,
    ingredients: recipe.ingredients.map((line) => ({
      line: line.line,
      amount: line.amount,
      amountMax: line.amountMax,
      unit: line.unit,
      ingredient: line.ingredient,
      known: line.known,
      note: line.note,
      optional: line.optional,
    })),
    problems: [...recipe.problems, ...writeProblems],
  };
}
