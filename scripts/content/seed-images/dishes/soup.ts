/** Soups: a deep bowl of soup coloured by its main ingredient, creamy ones with a swirl, the toppings strewn over. */
import { lightness, mix, shade } from "../colour.ts";
import { CREAMS, LOOKS, SAUCES } from "../looks.ts";
import { BOWL_COLOURS } from "../palette.ts";
import { scatter } from "../placement.ts";
import { pick } from "../random.ts";
import { type Food, HERB, type Scene } from "../scene.ts";
import { f } from "../svg.ts";
import { bowl } from "../tableware.ts";

/** A bowl of soup, its colour mixed from the main ingredient, sauces and cream; served with a spoon. */
export function soup(scene: Scene): Food {
  const { recipe, looks, cx, cy, rand } = scene;
  const first = recipe.ingredients[0] ?? "";
  // The main ingredient colours the soup (pumpkin, broccoli, peas …), sauces and cream shift it.
  const parts: [string, number][] = [];
  const firstSauce = SAUCES[first];
  const firstLook = LOOKS[first];
  if (firstSauce) parts.push([firstSauce[0], 3]);
  else if (firstLook && scene.typeOf.get(first) !== "MEAT") parts.push([firstLook[1], 2.5]);
  for (const name of recipe.ingredients.slice(1)) {
    const sauce = SAUCES[name];
    if (sauce) parts.push([sauce[0], sauce[1]]);
    else if (CREAMS.has(name)) parts.push(["#f7efdc", 1]);
  }
  const liquid = parts.length ? mix(parts) : "#e6c27a";
  const creamy = recipe.ingredients.some((name) => CREAMS.has(name));
  const r = 380 + rand() * 40;
  let out = `<radialGradient id="liquid" cx="45%" cy="40%" r="60%"><stop offset="0%" stop-color="${shade(liquid, 0.16)}"/><stop offset="85%" stop-color="${liquid}"/><stop offset="100%" stop-color="${shade(liquid, -0.18)}"/></radialGradient>`;
  out += bowl(cx, cy, r, pick(BOWL_COLOURS, rand), "url(#liquid)");
  const inner = r * 0.86;
  if (creamy || rand() < 0.35) {
    const a = rand() * 360;
    const swirl = shade(liquid, lightness(liquid) > 0.8 ? -0.12 : 0.75);
    out += `<path d="M${f(cx - 120)} ${f(cy)} C${f(cx - 120)} ${f(cy - 130)} ${f(cx + 110)} ${f(cy - 120)} ${f(cx + 90)} ${f(cy + 10)} C${f(cx + 70)} ${f(cy + 90)} ${f(cx - 40)} ${f(cy + 80)} ${f(cx - 30)} ${f(cy + 10)}" stroke="${swirl}" stroke-width="16" fill="none" stroke-linecap="round" opacity="0.85" transform="rotate(${f(a)} ${f(cx)} ${f(cy)})"/>`;
  }
  const toppings = looks.pieces.filter((p) => p.kind !== "blob").slice(0, 5);
  if (toppings.length)
    out += scatter(cx, cy, inner * 0.9, inner * 0.9, toppings, 16 + Math.floor(rand() * 8), 36, rand);
  if (!toppings.some((p) => p.kind === "herb")) out += scatter(cx, cy, inner * 0.85, inner * 0.85, [HERB], 8, 28, rand);
  return { svg: out, tool: "spoon", napkin: true };
}
