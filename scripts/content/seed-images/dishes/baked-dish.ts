/** Baked dishes: stuffed peppers, toasts or pastries on a sheet, fillets with vegetables, casseroles, roasted vegetables. */
import { mix, shade } from "../colour.ts";
import { piece, toast } from "../food-pieces.ts";
import { scatter, scatterRect } from "../placement.ts";
import type { Rand } from "../random.ts";
import { type Food, roasted, type Scene, weighted } from "../scene.ts";
import { blobPath, f } from "../svg.ts";
import { bakingSheet, casserole } from "../tableware.ts";

/** Melted cheese on top of a bake, in patches with browned spots. */
function gratin(cx: number, cy: number, w: number, h: number, colour: string, patches: number, rand: Rand): string {
  let out = "";
  for (let i = 0; i < patches; i++) {
    const x = cx + (rand() - 0.5) * (w - 140);
    const y = cy + (rand() - 0.5) * (h - 140);
    out += `<path d="${blobPath(x, y, 60 + rand() * 40, 45 + rand() * 30, rand, 0.3)}" fill="${colour}" opacity="0.92"/>`;
    out += `<ellipse cx="${f(x + (rand() - 0.5) * 40)}" cy="${f(y + (rand() - 0.5) * 30)}" rx="${f(10 + rand() * 14)}" ry="${f(7 + rand() * 8)}" fill="#b86a2a" opacity="0.45"/>`;
  }
  return out;
}

const MELTING_CHEESES = new Set(["Mozzarella", "Gouda", "Cheddar", "Bergkäse", "Parmesan"]);

/** Stuffed peppers, toasts or pastries, fillets with vegetables, a casserole, or roasted vegetables on a sheet. */
export function bakedDish(scene: Scene): Food {
  const { recipe, looks, cx, cy, rand, has } = scene;
  const first = recipe.ingredients[0] ?? "";
  const w = 1040;
  const h = 680;
  const melting = looks.pieces.find((p) => MELTING_CHEESES.has(p.name));
  const rest = looks.pieces.filter((p) => p.name !== first && p !== melting);
  let out = "";
  if (first === "Paprika") {
    // Stuffed peppers: four halves filled with rice and cheese in a baking dish.
    out += casserole(cx, cy, w, h, looks.liquid ?? "#c8321f", rand);
    const colours = ["#e2412f", "#f2b632", "#5f9e3a", "#e86a2a"];
    for (let i = 0; i < 4; i++) {
      const x = cx + (i % 2 ? 215 : -215);
      const y = cy + (i < 2 ? -128 : 128);
      const pepper = colours[i] ?? "#e2412f";
      out += `<rect x="${f(x + 150)}" y="${f(y - 16)}" width="60" height="32" rx="14" fill="#4f7a3a"/><path d="${blobPath(x, y, 185, 112, rand, 0.05, 10)}" fill="${shade(pepper, -0.2)}"/><path d="${blobPath(x, y - 4, 168, 96, rand, 0.05, 10)}" fill="${pepper}"/><path d="${blobPath(x, y, 132, 68, rand, 0.1)}" fill="#e9b08a"/>`;
      out += scatter(x, y, 120, 60, rest.filter((p) => p.kind === "dot").slice(0, 1), 5, 30, rand);
      if (melting) out += gratin(x, y, 290, 150, shade(melting.colour, 0.2), 2, rand);
    }
  } else if (first === "Toastbrot" || first === "Blätterteig") {
    // Toasts or pastries in rows on a baking sheet.
    out += bakingSheet(cx, cy, w, h, rand);
    const firstLook = looks.pieces[0];
    for (let i = 0; i < 6; i++) {
      const x = cx + ((i % 3) - 1) * 300;
      const y = cy + (i < 3 ? -135 : 135);
      if (first === "Toastbrot") {
        out += toast(x, y, 115, rand() * 10 - 5, firstLook?.colour ?? "#e2b574");
        out += scatter(x, y, 95, 90, rest.slice(0, 3), 4, 40, rand);
        if (melting) out += gratin(x, y, 240, 220, shade(melting.colour, 0.15), 2, rand);
      } else {
        out += piece("pastry", firstLook?.colour ?? "#e6b55c", x, y, 110, (i % 2 ? 180 : 0) + rand() * 16 - 8, rand);
      }
    }
    if (first === "Blätterteig") out += scatterRect(cx, cy, w - 140, 80, rest, 8, 28, rand);
  } else if (first === "Lachsfilet" || first === "Hähnchenbrust") {
    // Fillets or chicken pieces in the middle, the vegetables around them.
    out += rand() < 0.5 ? casserole(cx, cy, w, h, "#ecd3a0", rand) : bakingSheet(cx, cy, w, h, rand);
    out += scatterRect(cx, cy, w - 140, h - 140, weighted(roasted(rest)), 30, 50, rand);
    const hero = looks.pieces[0];
    for (let i = 0; i < (first === "Lachsfilet" ? 2 : 3); i++) {
      const x = cx + (first === "Lachsfilet" ? (i ? 150 : -150) : (i - 1) * 250);
      const y = cy + (rand() - 0.5) * 80;
      if (hero && first === "Lachsfilet") out += piece("fish", hero.colour, x, y, 92, rand() * 30 - 15, rand);
      else if (hero)
        out += piece(
          "roast",
          mix([
            [hero.colour, 1],
            ["#d08a3a", 1],
          ]),
          x,
          y,
          96,
          rand() * 360,
          rand,
        );
    }
    const herbs = looks.pieces.filter((p) => p.kind === "herb" || p.kind === "chive");
    if (herbs.length) out += scatterRect(cx, cy, w - 160, h - 160, herbs, 10, 34, rand);
  } else if (melting || has("Passierte Tomaten")) {
    // A casserole: sauce, the pieces, melted cheese on top.
    out += casserole(cx, cy, w, h, has("Passierte Tomaten") ? "#c8321f" : "#f0d9a8", rand);
    out += scatterRect(cx, cy, w - 130, h - 130, weighted(looks.pieces.filter((p) => p !== melting)), 40, 40, rand);
    if (melting)
      out += gratin(cx, cy, w, h, melting.name === "Mozzarella" ? "#fbf1d6" : shade(melting.colour, 0.2), 9, rand);
  } else {
    // Roasted on a baking sheet.
    out += bakingSheet(cx, cy, w, h, rand);
    const pieces = roasted(looks.pieces.filter((p) => p.kind !== "blob").slice(0, 6));
    out += scatterRect(cx, cy, w - 120, h - 110, weighted(pieces), 40, 52, rand);
    const dollop = looks.pieces.find((p) => p.kind === "blob");
    if (dollop) out += scatterRect(cx, cy, w - 200, h - 200, [dollop], 3, 50, rand);
  }
  return { svg: out, tool: "none", napkin: false };
}
