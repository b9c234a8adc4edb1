/**
 * One recipe's picture as SVG text: the table cloth, the dish its category
 * calls for, and what lies around it (napkin, cutlery, loose ingredients).
 * Everything random comes from one PRNG seeded from the slug, in a fixed
 * order, so the same recipe always gives the same picture.
 */
import type { SeedRecipe } from "../../cms/seed.ts";
import { bakedDish } from "./dishes/baked-dish.ts";
import { breakfast } from "./dishes/breakfast.ts";
import { burger } from "./dishes/burger.ts";
import { coldDish } from "./dishes/cold-dish.ts";
import { mainDish } from "./dishes/main-dish.ts";
import { pasta } from "./dishes/pasta.ts";
import { pizza } from "./dishes/pizza.ts";
import { salad } from "./dishes/salad.ts";
import { soup } from "./dishes/soup.ts";
import { piece } from "./food-pieces.ts";
import { type Kind, looksOf } from "./looks.ts";
import { prng } from "./random.ts";
import type { Food, Scene } from "./scene.ts";
import { IMAGE_HEIGHT, IMAGE_WIDTH } from "./svg.ts";
import { background, chopsticks, cutlery, napkin } from "./table.ts";

/** The drawing for each recipe category. */
const DISHES: Record<string, (scene: Scene) => Food> = {
  SOUP: soup,
  PASTA: pasta,
  PIZZA: pizza,
  BURGER: burger,
  SALAD: salad,
  DISH: mainDish,
  BREAKFAST: breakfast,
  COLD_DISH: coldDish,
  BAKED_DISH: bakedDish,
};
/** Pieces that look right lying loose on the table cloth. */
const LOOSE_KINDS: readonly Kind[] = ["herb", "berry", "citrus", "slice", "nut", "leaf", "dot"];

/** The recipe's picture as an SVG document; `typeOf` maps ingredient names to their categories. */
export function illustration(recipe: SeedRecipe, typeOf: Map<string, string>): string {
  const rand = prng(recipe.slug);
  const bg = background(rand);
  const looks = looksOf(recipe, typeOf);
  const names = new Set(recipe.ingredients);
  const scene: Scene = {
    recipe,
    looks,
    cx: IMAGE_WIDTH / 2 + (rand() - 0.5) * 180,
    cy: IMAGE_HEIGHT / 2 + (rand() - 0.5) * 60,
    side: rand() < 0.5 ? -1 : 1,
    rand,
    has: (name) => names.has(name),
    typeOf,
  };
  const food = (DISHES[recipe.type] ?? mainDish)(scene);
  const { cx, cy, side } = scene;

  let extras = "";
  if (food.napkin && rand() < 0.75) extras += napkin(cx - side * 640, cy + (rand() - 0.5) * 300, rand);
  if (food.tool === "fork" || food.tool === "spoon")
    extras += cutlery(cx + side * 570, cy + (rand() - 0.5) * 200, rand, food.tool === "spoon");
  else if (food.tool === "chopsticks") extras += chopsticks(cx + side * 570, cy + (rand() - 0.5) * 200, rand);
  // A few loose ingredients on the table, in two corners.
  const loose = looks.pieces.filter((p) => LOOSE_KINDS.includes(p.kind));
  for (let i = 0; loose.length && i < 5; i++) {
    const corner =
      i % 2 ? { x: 120 + rand() * 200, y: 1040 + rand() * 100 } : { x: 1380 + rand() * 160, y: 80 + rand() * 160 };
    const look = loose[i % loose.length];
    if (look) extras += piece(look.kind, look.colour, corner.x, corner.y, 34, rand() * 360, rand);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}"><defs>${bg.defs}<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter></defs>${bg.svg}${extras}${food.svg}</svg>`;
}
