/** Types of schema-guard.mjs (plain JavaScript, so it runs in the Directus container too). */

export interface SchemaDrops {
  collections: string[];
  fields: string[];
  relations: string[];
}

export interface Snapshot {
  collections?: { collection: string }[];
  fields?: { collection: string; field: string }[];
  relations?: { collection: string; field: string }[];
}

export function schemaDrops(live: Snapshot, target: Snapshot): SchemaDrops;
export function parseDropAllowList(value: string | undefined): string[];
export function dropRefusal(drops: SchemaDrops, allowed: readonly string[], snapshotName: string): string | undefined;
export function main(args: string[], env: NodeJS.ProcessEnv): number;
