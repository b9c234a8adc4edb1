/**
 * The schema.org Recipe nodes in parsed JSON-LD: one object, an array, `@graph` (nested as deep as a
 * page nests it), `@type` as a string or a list, with or without the schema.org prefix. The `@id`s of
 * the same documents are kept so a reference (`"image": { "@id": "…#primaryimage" }`, as Yoast writes
 * it) can be followed to the node it names.
 */

export type JsonObject = Record<string, unknown>;

/** Deeper than this, a document is not walked further (no page nests a recipe so deep). */
const MAX_DEPTH = 64;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value as a list: a list as it is, nothing as an empty one, anything else as a list of one. */
export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

/** "Recipe", "schema:Recipe", "https://schema.org/Recipe" → "recipe"; the bare term, lower-case. */
export function schemaTerm(value: string): string {
  return value
    .trim()
    .replace(/^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i, "")
    .toLowerCase();
}

export function hasType(node: JsonObject, term: string): boolean {
  return asList(node["@type"]).some((type) => typeof type === "string" && schemaTerm(type) === term);
}

export interface JsonLdDocuments {
  /** Every Recipe node, in document order. */
  recipes: JsonObject[];
  /** What a reference `{ "@id": … }` names: the first node with that id and more than an id. */
  resolve(value: unknown): unknown;
}

/** The recipes in the given documents (the ld+json blocks of one page, or one file's JSON). */
export function findRecipes(documents: readonly unknown[]): JsonLdDocuments {
  const recipes: JsonObject[] = [];
  const ids = new Map<string, JsonObject>();
  // Depth-first, in document order, without recursion: a hostile file's nesting costs no stack.
  const pending: { value: unknown; depth: number }[] = documents.map((value) => ({ value, depth: 0 })).reverse();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next;
    if (depth > MAX_DEPTH || typeof value !== "object" || value === null) continue;
    const children = Array.isArray(value) ? value : Object.values(value);
    if (isObject(value)) {
      const id = value["@id"];
      if (typeof id === "string" && Object.keys(value).length > 1 && !ids.has(id)) ids.set(id, value);
      if (hasType(value, "recipe")) {
        recipes.push(value);
        continue;
      }
    }
    for (let i = children.length - 1; i >= 0; i--) pending.push({ value: children[i], depth: depth + 1 });
  }
  return {
    recipes,
    resolve(value) {
      if (!isObject(value) || typeof value["@id"] !== "string") return value;
      const onlyReference = Object.keys(value).every((key) => key === "@id" || key === "@type");
      return onlyReference ? (ids.get(value["@id"]) ?? value) : value;
    },
  };
}
