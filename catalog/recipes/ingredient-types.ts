/** The fifteen ingredient categories of the spec (section 3), as stored in the CMS. */
export const INGREDIENT_TYPES = [
  "CHEESE",
  "NOODLES",
  "RICE",
  "MILK_PRODUCT",
  "VINEGAR",
  "OIL",
  "VEGETABLE",
  "SEASONING",
  "BASIC_FOOD_ITEM",
  "NUT",
  "WHIP",
  "CURRY",
  "ASIAN",
  "MEAT",
  "FRUIT",
] as const;

export type IngredientType = (typeof INGREDIENT_TYPES)[number];
