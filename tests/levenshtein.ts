/** Levenshtein distance by the full table: the definition the search's bounded and indexed lookups must agree with. */
export function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, column) => column);
  for (let row = 1; row <= a.length; row++) {
    const current = [row];
    for (let column = 1; column <= b.length; column++) {
      current[column] = Math.min(
        (previous[column - 1] ?? 0) + (a[row - 1] === b[column - 1] ? 0 : 1),
        (previous[column] ?? 0) + 1,
        (current[column - 1] ?? 0) + 1,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
