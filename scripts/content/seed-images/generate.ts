/**
 * Draws one illustration per seed recipe into cms/seed/images/<slug>.jpg (1600 × 1200 JPEG): a
 * friendly, flat food illustration on a patterned table cloth. The dish follows the recipe category
 * (deep bowl for soups, plate for pasta and dishes, pizza, burger from the side, salad bowl, board,
 * baking dish …), the food pieces follow the recipe's ingredients, and background, pattern, layout
 * and details vary with a PRNG seeded from the slug. No text, so the pictures suit every language.
 * Deterministic: the same recipes.json gives the same bytes.
 *
 * Run from the repository root after changing recipes.json:
 * `node scripts/content/seed-images/generate.ts [slug …]` (no slugs: all recipes).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { SEED_DIR, type SeedIngredient, type SeedRecipe } from "../../cms/seed.ts";
import { illustration } from "./illustration.ts";

const recipes = JSON.parse(readFileSync(join(SEED_DIR, "recipes.json"), "utf8")) as SeedRecipe[];
const ingredients = JSON.parse(readFileSync(join(SEED_DIR, "ingredients.json"), "utf8")) as SeedIngredient[];
const typeOf = new Map(ingredients.map((ingredient) => [ingredient.name, ingredient.type]));
const only = new Set(process.argv.slice(2));
mkdirSync(join(SEED_DIR, "images"), { recursive: true });

let bytes = 0;
let written = 0;
for (const recipe of recipes) {
  if (only.size && !only.has(recipe.slug)) continue;
  const jpeg = await sharp(Buffer.from(illustration(recipe, typeOf)))
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
  writeFileSync(join(SEED_DIR, "images", `${recipe.slug}.jpg`), jpeg);
  bytes += jpeg.length;
  written++;
}
console.log(`seed-images: ${written} images, ${(bytes / 1024 / 1024).toFixed(2)} MB`);
