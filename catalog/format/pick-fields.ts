/**
 * The named fields of `source` in a new object, and nothing else: for the
 * narrower shapes a recipe is stored and sent in. Assigning the result to an
 * interface fails to type-check if a field of it is missing from `fields`.
 */
export function pickFields<T, K extends keyof T>(source: T, fields: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const field of fields) picked[field] = source[field];
  return picked;
}
