/** Breakfast: pancakes, shakshuka in the pan, toast, or a bowl of porridge or yoghurt; always with a coffee. */
import { shade } from "../colour.ts";
import { piece, toast } from "../food-pieces.ts";
import { LOOKS } from "../looks.ts";
import { ACCENTS, BOWL_COLOURS } from "../palette.ts";
import { scatter, sectors } from "../placement.ts";
import { pick } from "../random.ts";
import { type Food, HERB, type Scene } from "../scene.ts";
import { blobPath, f } from "../svg.ts";
import { bowl, plate, shadow, skillet } from "../tableware.ts";

/** Pancakes, shakshuka, toast, a bowl, or a plate of whatever the recipe has; a cup of coffee beside it. */
export function breakfast(scene: Scene): Food {
  const { looks, cx, cy, rand, side, has, recipe } = scene;
  let out = "";
  const without = (...names: string[]) => looks.pieces.filter((p) => !names.includes(p.name));
  if (has("Mehl") || (has("Banane") && has("Ei"))) {
    // Pancakes: a stack with the fruit on top.
    out += plate(cx, cy, 420, rand);
    for (let i = 0; i < 4; i++)
      out += `<circle cx="${f(cx + i * 5)}" cy="${f(cy + 36 - i * 14)}" r="235" fill="#d9954a" stroke="#b87a3a" stroke-width="6"/>`;
    const tx = cx + 20;
    const ty = cy - 20;
    out += `<circle cx="${f(tx)}" cy="${f(ty)}" r="222" fill="#e8ad5f"/><path d="${blobPath(tx - 10, ty - 10, 170, 160, rand, 0.15)}" fill="#efbd72" opacity="0.8"/>`;
    if (has("Ahornsirup") || has("Honig"))
      out += `<path d="${blobPath(tx, ty, 150, 135, rand, 0.4, 11)}" fill="#b5651d" opacity="0.55"/>`;
    if (has("Butter"))
      out += `<rect x="${f(tx - 40)}" y="${f(ty - 32)}" width="80" height="64" rx="12" fill="#f8e08e" stroke="#e8c45e" stroke-width="4" transform="rotate(${f(rand() * 40 - 20)} ${f(tx)} ${f(ty)})"/>`;
    const fruit = without("Ei", "Haferflocken");
    out += scatter(tx, ty, 200, 200, fruit.length ? fruit : looks.pieces, 16, 34, rand);
  } else if (has("Ei") && has("Passierte Tomaten")) {
    // Shakshuka: eggs poached in tomato sauce, served in the pan.
    const r = 390;
    out += skillet(cx, cy, r, side, rand);
    out += `<path d="${blobPath(cx, cy, r * 0.86, r * 0.86, rand, 0.04)}" fill="${looks.liquid ?? "#c8321f"}"/>`;
    out += scatter(cx, cy, r * 0.84, r * 0.84, without("Ei"), 24, 30, rand);
    const start = rand() * Math.PI * 2;
    for (let i = 0; i < 4; i++) {
      const a = start + (i / 4) * Math.PI * 2;
      out += piece("egg", "#f7c948", cx + Math.cos(a) * 150, cy + Math.sin(a) * 150, 62, rand() * 360, rand);
    }
    out += scatter(cx, cy, r * 0.8, r * 0.8, [HERB], 10, 30, rand);
    return { svg: out, tool: "none", napkin: true };
  } else if (has("Toastbrot")) {
    out += plate(cx, cy, 420, rand);
    const bread = LOOKS.Toastbrot?.[1] ?? "#e2b574";
    const slices = [
      [cx - 115, cy + 10, -8 + rand() * 6],
      [cx + 120, cy - 25, 6 + rand() * 6],
    ] as const;
    for (const [index, [x, y, rotation]] of slices.entries()) {
      out += toast(x, y, 118, rotation, bread);
      if (has("Avocado")) {
        out += `<path d="${blobPath(x, y - 8, 96, 92, rand, 0.2)}" fill="#a8c66c"/>`;
        out += scatter(x, y - 8, 80, 78, [{ kind: "dot", colour: "#7fa24a" }], 10, 22, rand);
        if (has("Ei") && index === 0) out += piece("egg", "#f7c948", x, y - 8, 48, rand() * 360, rand);
      } else if (has("Ei")) {
        out += scatter(x, y - 8, 104, 100, [{ kind: "scramble", colour: "#f7d25a" }], 6, 56, rand);
      }
    }
    out += scatter(cx, cy, 300, 300, without("Toastbrot", "Avocado", "Ei"), 14, 30, rand);
  } else if (["Haferflocken", "Naturjoghurt", "Griechischer Joghurt", "Quark", "Hafermilch", "Milch"].some(has)) {
    // A bowl: porridge, yoghurt or smoothie, with the toppings in tidy wedges.
    const first = recipe.ingredients[0] ?? "";
    const fruit = scene.typeOf.get(first) === "FRUIT" ? LOOKS[first]?.[1] : undefined;
    const base = fruit
      ? shade(fruit, 0.1)
      : has("Naturjoghurt") || has("Griechischer Joghurt") || has("Quark")
        ? "#fbf8f1"
        : "#eadcbf";
    const r = 400;
    out += bowl(cx, cy, r, pick(BOWL_COLOURS, rand), base);
    const porridge = !fruit && base === "#eadcbf";
    const toppings = without(
      "Naturjoghurt",
      "Griechischer Joghurt",
      "Quark",
      ...(fruit ? [first] : []),
      ...(porridge ? ["Haferflocken"] : []),
    );
    const shown = toppings.length ? toppings : looks.pieces;
    // Three or more toppings are laid out in wedges (smoothie-bowl style); fewer are strewn.
    if (shown.length >= 3) out += sectors(cx, cy + r * 0.03, r * 0.84, shown, Math.ceil(44 / shown.length), 36, rand);
    else out += scatter(cx, cy + r * 0.03, r * 0.84, r * 0.84, shown, 24, 36, rand);
  } else {
    out += plate(cx, cy, 420, rand);
    out += scatter(cx, cy, 300, 300, looks.pieces, 24, 34, rand);
  }
  const ux = cx + side * 560;
  const uy = cy - 300 + rand() * 200;
  const cupColour = pick(ACCENTS, rand);
  out += `${shadow(ux, uy, 130, 130)}<rect x="${f(ux - 45 + side * 135)}" y="${f(uy - 25)}" width="90" height="50" rx="25" fill="${cupColour}"/><circle cx="${f(ux)}" cy="${f(uy)}" r="130" fill="${cupColour}"/><circle cx="${f(ux)}" cy="${f(uy)}" r="105" fill="#5b3a24"/><ellipse cx="${f(ux - 20)}" cy="${f(uy - 20)}" rx="50" ry="30" fill="#c89b6d" opacity="0.8"/>`;
  return { svg: out, tool: "none", napkin: true };
}
