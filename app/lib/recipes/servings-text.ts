/** "1 Portion", "4 Portionen". */
export function servingsText(servings: number): string {
  return servings === 1 ? "1 Portion" : `${servings} Portionen`;
}
