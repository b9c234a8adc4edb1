import { PUBLISH_ON_SAVE_FLOW } from "../../cms/flows.ts";
import { admin } from "./directus-clients.ts";

/**
 * Runs of the publish-on-save flow (cms/flows.ts), read from Directus' own
 * run log of the flow (its revisions, accountability "all"), so a test sees
 * its own run even while other saves run the flow too.
 */
export interface FlowRun {
  trigger: { event: string; key?: number; keys?: number[]; collection: string };
  steps: { key: string; status: "resolve" | "reject" | "unknown" }[];
  data: Record<string, { status?: number; headers?: Record<string, string> } | null>;
}

/** The run log's filter for runs of the flow (edits of the flow itself are revisions of it too). */
const RUNS = `/revisions?filter[collection][_eq]=directus_flows&filter[item][_eq]=${PUBLISH_ON_SAVE_FLOW.id}&filter[activity][action][_eq]=run`;

/**
 * The newest run logged so far. A run is logged when it ends, so a test takes
 * this before its save and looks only at runs after it: an earlier save of
 * the same item (another test file's) must not pass for its own.
 */
export async function lastRunId(): Promise<number> {
  const [last] = await (await admin()).request<{ id: number }[]>("GET", `${RUNS}&sort=-id&limit=1&fields=id`);
  return last?.id ?? 0;
}

/** Waits for the flow's run after run `since` that `matches`, polling its run log; fails after `timeoutMs`. */
export async function runOf(
  matches: (trigger: FlowRun["trigger"]) => boolean,
  { since = 0, timeoutMs = 60_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<FlowRun> {
  const client = await admin();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const revisions = await client.request<{ data: { steps: FlowRun["steps"]; data: Record<string, unknown> } }[]>(
      "GET",
      `${RUNS}&filter[id][_gt]=${since}&sort=-id&limit=200&fields=data`,
    );
    for (const { data } of revisions) {
      const trigger = data.data.$trigger as FlowRun["trigger"];
      if (matches(trigger)) return { trigger, steps: data.steps, data: data.data as FlowRun["data"] };
    }
    if (Date.now() > deadline) throw new Error("flow-runs: no matching run of the flow was logged in time");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The run's calls of the site: each sync step's key and the HTTP status it got. */
export function calls(run: FlowRun): { key: string; status: number | undefined }[] {
  return run.steps
    .filter((step) => step.key.startsWith("sync_"))
    .map((step) => ({ key: step.key, status: run.data[step.key]?.status }));
}

/** Matches the run triggered by `event` (e.g. "recipe.items.update") for the item `id`. */
export const ofItem = (event: string, id: number) => (trigger: FlowRun["trigger"]) =>
  trigger.event === event && (trigger.key === id || (trigger.keys ?? []).map(Number).includes(id));
