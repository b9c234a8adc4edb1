/**
 * Rollback: the live version goes back to the one that was live before it,
 * with the sync's safety rules (the version must be complete and readable by
 * this code, and must not shrink the catalog below SHRINK_LIMIT unless an
 * operator allows it). The pointer is then held: the cron and publish on
 * save leave it alone until an operator releases it (`npm run sync --
 * --release`), since the content that was rolled back is still in Directus.
 */
import { readEveryColumn, readPublished } from "../../app/lib/catalog/published-catalog.ts";
import { type CatalogStore, POINTER_KEY, type Pointer, readPointer } from "../../app/lib/catalog/storage.ts";
import { errorMessage } from "../../app/lib/error-message.ts";
import { SHRINK_LIMIT, SyncAborted, type SyncSummary } from "./run-sync.ts";

interface RollbackOptions {
  /** Go back even to a version with less than SHRINK_LIMIT of the live recipes. */
  allowShrink?: boolean;
  now?: Date;
}

/** Flips the pointer to the newest earlier version that was not itself rolled back. */
export async function rollback(
  store: CatalogStore,
  { allowShrink = false, now = new Date() }: RollbackOptions = {},
): Promise<SyncSummary> {
  const started = Date.now();
  const pointer = await readPointer(store);
  if (!pointer) throw new SyncAborted("rollback: nothing is published yet");
  const target = pointer.retired.findLast((entry) => !entry.rolledBack);
  if (!target) throw new SyncAborted("rollback: no earlier version is kept to go back to");

  let published: Awaited<ReturnType<typeof readPublished>>;
  try {
    published = await readPublished(store, target.manifest);
    await readEveryColumn(published);
  } catch (error) {
    throw new SyncAborted(
      `rollback: version ${target.manifest.slice(0, 16)} cannot be served (${errorMessage(error)}); the live catalog stays`,
    );
  }
  const recipes = published.count;
  if (!allowShrink && recipes < pointer.counts.recipes * SHRINK_LIMIT) {
    throw new SyncAborted(
      `rollback: version ${target.manifest.slice(0, 16)} has ${recipes} recipes where ${pointer.counts.recipes} are live ` +
        `(less than ${SHRINK_LIMIT * 100} %); the live catalog stays. Roll back with --allow-shrink to go ahead.`,
    );
  }

  const stamp = now.toISOString();
  const next: Pointer = {
    manifest: target.manifest,
    publishedAt: stamp,
    verifiedAt: stamp,
    counts: { recipes, ingredients: published.meta.ingredients.length },
    held: { since: stamp, from: pointer.manifest },
    retired: [
      ...pointer.retired.filter((entry) => entry !== target),
      { manifest: pointer.manifest, retiredAt: stamp, counts: pointer.counts, rolledBack: true },
    ],
  };
  await store.put(POINTER_KEY, JSON.stringify(next));
  return {
    status: "rolled-back",
    manifest: target.manifest,
    recipes,
    ingredients: next.counts.ingredients,
    skipped: [],
    previousRecipes: pointer.counts.recipes,
    changes: null,
    writes: 1,
    deletes: 0,
    durationMs: Date.now() - started,
  };
}
