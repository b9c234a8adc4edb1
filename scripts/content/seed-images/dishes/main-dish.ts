/** Main dishes (category DISH): in the pan when there is no sauce or rice, otherwise on a plate with rice, sauce or both. */
import { mix, shade } from "../colour.ts";
import { piece, riceGrains } from "../food-pieces.ts";
import { GRAINS } from "../looks.ts";
import { scatter } from "../placement.ts";
import type { Rand } from "../random.ts";
import { type Food, HERB, roasted, type Scene, type Tool, weighted } from "../scene.ts";
import { blobPath } from "../svg.ts";
import { plate, skillet } from "../tableware.ts";

/** Rice as a mound of grains inside radius r. */
function rice(cx: number, cy: number, r: number, colour: string, rand: Rand): string {
  const mound = `<path d="${blobPath(cx, cy, r, r * 0.95, rand, 0.08)}" fill="${colour}" stroke="${shade(colour, -0.08)}" stroke-width="4"/>`;
  return mound + riceGrains(cx, cy, r * 0.88 - 12, Math.round((r * r) / 300), shade(colour, -0.07), rand);
}

/** A pan of fried food, a plate of rice, rice beside a sauce, or a saucy dish without rice. */
export function mainDish(scene: Scene): Food {
  const { recipe, looks, cx, cy, rand, side } = scene;
  const asian = recipe.ingredients.some((name) => scene.typeOf.get(name) === "ASIAN");
  const tool: Tool = asian ? "chopsticks" : "fork";
  if (!looks.grain && !looks.pools) {
    // Pan-fried without sauce or rice (fried potatoes, garlic prawns): served in the pan.
    const r = 400;
    let out = skillet(cx, cy, r, side, rand);
    const bread = looks.pieces.find((p) => p.kind === "bread");
    const main = roasted(looks.pieces.filter((p) => p.kind !== "bread").slice(0, 6));
    out += scatter(cx, cy, r * 0.86, r * 0.86, weighted(main), 28 + Math.floor(rand() * 8), 40, rand);
    if (bread) {
      const x = cx - side * (r + 130);
      for (let i = 0; i < 3; i++)
        out += piece("bread", bread.colour, x + (rand() - 0.5) * 40, cy - 220 + i * 200, 78, 80 + rand() * 20, rand);
    }
    return { svg: out, tool: "none", napkin: !bread };
  }
  const r = 440;
  let out = plate(cx, cy, r, rand);
  const toppings = looks.pieces.slice(0, 6);
  if (looks.grain && recipe.ingredients[0] === looks.grain) {
    // The rice is the dish (fried rice, risotto): a full plate of rice with the rest mixed in.
    const grainColour = GRAINS[looks.grain] ?? "#fbf8ef";
    // Fried in a seasoning (soy sauce, broth), rice turns golden rather than grey.
    const colour = looks.liquid
      ? mix([
          [grainColour, 3],
          [looks.liquid, 0.6],
          ["#f0c060", 1],
        ])
      : grainColour;
    out += rice(cx, cy, 300, colour, rand);
    out += scatter(cx, cy, 290, 285, toppings, 30 + Math.floor(rand() * 8), 34, rand);
    return { svg: out, tool, napkin: true };
  }
  if (looks.grain) {
    const a = rand() * Math.PI * 2;
    out += rice(cx + Math.cos(a) * 140, cy + Math.sin(a) * 140, 170, GRAINS[looks.grain] ?? "#fbf8ef", rand);
    const ox = cx - Math.cos(a) * 130;
    const oy = cy - Math.sin(a) * 130;
    const cream = looks.pieces.find((p) => p.kind === "blob");
    if (looks.pools && looks.liquid)
      out += `<path d="${blobPath(ox, oy, 190, 170, rand, 0.12)}" fill="${looks.liquid}"/>`;
    else if (cream) out += `<path d="${blobPath(ox, oy, 190, 170, rand, 0.12)}" fill="${shade(cream.colour, -0.06)}"/>`;
    else if (looks.liquid)
      out += `<path d="${blobPath(ox, oy, 185, 165, rand, 0.2)}" fill="${looks.liquid}" opacity="0.35"/>`;
    const main = toppings.filter((p) => p.kind !== "blob");
    out += scatter(ox, oy, 190, 170, weighted(main.length ? main : toppings), 28 + Math.floor(rand() * 6), 40, rand);
    return { svg: out, tool, napkin: true };
  }
  // A saucy dish without rice (chili): sauce over the whole plate.
  if (looks.liquid) out += `<path d="${blobPath(cx, cy, 305, 295, rand, 0.08)}" fill="${looks.liquid}"/>`;
  out += scatter(cx, cy, 295, 285, weighted(toppings), 34 + Math.floor(rand() * 8), 34, rand);
  if (!toppings.some((p) => p.kind === "herb")) out += scatter(cx, cy, 260, 260, [HERB], 8, 30, rand);
  return { svg: out, tool, napkin: true };
}
