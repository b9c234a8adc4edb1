/**
 * The Worker the week-plan part runs in workerd (week-plan-workerd.ts): it
 * holds a catalog's matching arrays, as the ingredient search's isolate holds
 * them, and answers one proposal per request, so that workerd's
 * CPU per request is one call's (a swap costs a tenth of a proposal in Node,
 * and is measured there only). Not part of the site: no page proposes a
 * week yet (issue 46 builds the page later).
 *
 * Loaded by Miniflare as plain modules with their types stripped, so it
 * imports nothing but the proposal (whose own imports are the categories and
 * the levels).
 */
import { proposeWeekPlan, type WeekPlanQuestion, type WeekPlanRecipes } from "../../catalog/view/week-plan-proposal.ts";

/** What the bench posts to /load: the view's arrays as plain numbers, and the pantries with their filters. */
export interface WeekPlanWorkerLoad {
  ingredientCount: number;
  ingredientIds: number[];
  runStarts: number[];
  /** Each ingredient's postings, one run after another: ingredient `id`'s are postingStarts[id] to postingStarts[id + 1]. */
  postingStarts: number[];
  postings: number[];
  categories: number[];
  /** Per filter, the positions it keeps. */
  kept: number[][];
  /** Per pantry: its filter (an index of `kept`), its ingredients and the basics, by id. */
  questions: { filter: number; pantry: number[]; basics: number[] }[];
  days: number;
}

interface Loaded {
  recipes: WeekPlanRecipes[];
  questions: (WeekPlanQuestion & { filter: number })[];
}

let loaded: Loaded | undefined;

function load(data: WeekPlanWorkerLoad): Loaded {
  const ingredientIds = Uint16Array.from(data.ingredientIds);
  const runStarts = Uint32Array.from(data.runStarts);
  const postingStarts = Uint32Array.from(data.postingStarts);
  const postings = Int32Array.from(data.postings);
  const categories = Uint8Array.from(data.categories);
  const positionsWith = (id: number) => postings.subarray(postingStarts[id] ?? 0, postingStarts[id + 1] ?? 0);
  return {
    recipes: data.kept.map((kept) => {
      // The filter's test, as the site's view gives it (FilteredRecipes `has`): a byte per recipe.
      const mask = new Uint8Array(categories.length);
      for (const position of kept) mask[position] = 1;
      return {
        ingredientCount: data.ingredientCount,
        ingredientIds,
        runStarts,
        positionsWith,
        categories,
        kept: Int32Array.from(kept),
        keeps: (position: number) => mask[position] === 1,
      };
    }),
    questions: data.questions.map((question) => ({ ...question, days: data.days })),
  };
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/load") {
      loaded = load((await request.json()) as WeekPlanWorkerLoad);
      return new Response("loaded");
    }
    // The baseline: a request that does nothing, measured the same way.
    if (url.pathname === "/noop") return new Response("0");
    const question = loaded?.questions[Number(url.searchParams.get("i"))];
    const recipes = question && loaded?.recipes[question.filter];
    if (!question || !recipes) return new Response("not loaded", { status: 409 });
    return new Response(String(proposeWeekPlan(recipes, question).toBuy.length));
  },
};
