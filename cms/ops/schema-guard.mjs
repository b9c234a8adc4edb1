// @ts-check
/**
 * Before `directus schema apply`: what would the apply delete? Directus
 * deletes every collection, field and relation the database has and the
 * snapshot does not, with its data, so a column an editor added in the Data
 * Studio would vanish on the next start. This compares the database's own
 * snapshot (`directus schema snapshot --format json`) with the snapshot to
 * apply and refuses, naming each of them, unless every one is allowed by name.
 *
 *   node schema-guard.mjs <database snapshot> <snapshot to apply>
 *
 * SCHEMA_DROP_ALLOW: comma-separated names the apply may delete ("recipe.note",
 * "old_collection"). Plain JavaScript without dependencies: it runs in the
 * Directus container (cms/ops/init.sh) as well as in the local stack
 * (scripts/local-stack/cms.ts).
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * @typedef {{ collections: string[], fields: string[], relations: string[] }} SchemaDrops
 * @typedef {{ collections?: { collection: string }[], fields?: { collection: string, field: string }[],
 *   relations?: { collection: string, field: string }[] }} Snapshot
 */

/**
 * What applying `target` to a database whose snapshot is `live` would delete.
 * A deleted collection takes its fields and relations along; those are not
 * listed again. A relation is listed only when its field stays.
 * @param {Snapshot} live
 * @param {Snapshot} target
 * @returns {SchemaDrops}
 */
export function schemaDrops(live, target) {
  const targetCollections = new Set((target.collections ?? []).map((entry) => entry.collection));
  const targetFields = new Set((target.fields ?? []).map((entry) => `${entry.collection}.${entry.field}`));
  const targetRelations = new Set((target.relations ?? []).map((entry) => `${entry.collection}.${entry.field}`));

  const collections = (live.collections ?? [])
    .map((entry) => entry.collection)
    .filter((name) => !targetCollections.has(name));
  const gone = new Set(collections);
  const fields = (live.fields ?? [])
    .filter((entry) => !gone.has(entry.collection))
    .map((entry) => `${entry.collection}.${entry.field}`)
    .filter((name) => !targetFields.has(name));
  const goneFields = new Set(fields);
  const relations = (live.relations ?? [])
    .filter((entry) => !gone.has(entry.collection))
    .map((entry) => `${entry.collection}.${entry.field}`)
    .filter((name) => !targetRelations.has(name) && !goneFields.has(name));
  return { collections: unique(collections), fields: unique(fields), relations: unique(relations) };
}

/** @param {string[]} names */
function unique(names) {
  return [...new Set(names)].sort();
}

/**
 * The names SCHEMA_DROP_ALLOW holds: trimmed, empty entries dropped.
 * @param {string | undefined} value
 * @returns {string[]}
 */
export function parseDropAllowList(value) {
  return (value ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

/**
 * The refusal for `drops` that `allowed` does not name, or undefined when
 * the apply may go ahead (nothing to delete, or every deletion allowed).
 * @param {SchemaDrops} drops
 * @param {readonly string[]} allowed
 * @param {string} snapshotName how the operator knows the snapshot, e.g. its path
 * @returns {string | undefined}
 */
export function dropRefusal(drops, allowed, snapshotName) {
  const allow = new Set(allowed);
  const lines = [
    ...drops.collections.filter((name) => !allow.has(name)).map((name) => `  collection ${name} (with all its items)`),
    ...drops.fields.filter((name) => !allow.has(name)).map((name) => `  field ${name} (with its values)`),
    ...drops.relations.filter((name) => !allow.has(name)).map((name) => `  relation ${name}`),
  ];
  if (lines.length === 0) return undefined;
  const names = [...drops.collections, ...drops.fields, ...drops.relations].filter((name) => !allow.has(name));
  return [
    `schema: refusing to apply ${snapshotName}: the database has what the snapshot lacks, and applying it would delete`,
    ...lines,
    "Someone added these in the Data Studio, or the repository removed them. Nothing was changed.",
    "To keep them: add them to the schema in the repository (cms/schema/snapshot.json, then npm run schema:postgres;",
    "docs/operations.md, section 5) and deploy that.",
    `To delete them: take a backup first, then run again with SCHEMA_DROP_ALLOW=${names.join(",")}`,
  ].join("\n");
}

/**
 * The guard as a command: exit 0 when the apply may go ahead, 2 with the
 * refusal on stderr when it would delete something not allowed.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {number}
 */
export function main(args, env) {
  const [livePath, targetPath] = args;
  if (!livePath || !targetPath) {
    console.error("usage: node schema-guard.mjs <database snapshot.json> <snapshot to apply.json>");
    return 64;
  }
  const live = JSON.parse(readFileSync(livePath, "utf8"));
  const target = JSON.parse(readFileSync(targetPath, "utf8"));
  const drops = schemaDrops(live, target);
  const allowed = parseDropAllowList(env.SCHEMA_DROP_ALLOW);
  const refusal = dropRefusal(drops, allowed, targetPath);
  if (refusal) {
    console.error(refusal);
    return 2;
  }
  const deleting = [...drops.collections, ...drops.fields, ...drops.relations];
  if (deleting.length > 0) console.log(`schema: deleting as allowed by SCHEMA_DROP_ALLOW: ${deleting.join(", ")}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2), process.env);
}
