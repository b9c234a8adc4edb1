/** Cold dishes: sushi or poke bowls, and on a wooden board wraps, filled baguette, toasted bread or a dip. */
import { shade } from "../colour.ts";
import { piece, riceGrains } from "../food-pieces.ts";
import { GRAINS, type Look } from "../looks.ts";
import { BOWL_COLOURS } from "../palette.ts";
import { scatter, scatterRect, sectors } from "../placement.ts";
import { pick, type Rand } from "../random.ts";
import type { Food, Scene } from "../scene.ts";
import { blobPath, f } from "../svg.ts";
import { bowl, woodenBoard } from "../tableware.ts";

/** Pieces laid along a line from x1 to x2 at height y (sandwich fillings): leaves below, small things on top. */
function row(x1: number, x2: number, y: number, looks: readonly Look[], size: number, rand: Rand): string {
  const layer = (look: Look) =>
    look.kind === "leaf" ? 0 : ["dot", "seed", "herb", "crumb"].includes(look.kind) ? 2 : 1;
  let out = "";
  for (const current of [0, 1, 2]) {
    const inLayer = looks.filter((look) => layer(look) === current);
    if (!inLayer.length) continue;
    // Within a layer the looks take turns (tomato, mozzarella, tomato …) so that none hides another.
    const step = size * (current === 2 ? 0.7 : 1.5);
    const count = Math.max(1, Math.floor((x2 - x1) / step));
    for (let i = 0; i < count; i++) {
      const look = inLayer[i % inLayer.length];
      if (!look) continue;
      const x = x1 + (i + 0.5) * ((x2 - x1) / count) + (rand() - 0.5) * step * 0.3;
      const rotation = look.kind === "leaf" ? rand() * 40 - 20 : rand() * 360;
      const jitter = (rand() - 0.5) * size * (current === 2 ? 1 : 0.3);
      out += piece(look.kind, look.colour, x, y + jitter, size * (current === 2 ? 0.8 : 1), rotation, rand);
    }
  }
  return out;
}

/** A rice bowl with chopsticks, or on a board: wraps, bread with its filling or topping, a dip, or the pieces as they are. */
export function coldDish(scene: Scene): Food {
  const { looks, cx, cy, rand } = scene;
  if (looks.grain) {
    // Sushi or poke bowl: rice with the toppings in wedges, sesame on top.
    const r = 420;
    let out = bowl(cx, cy, r, pick(BOWL_COLOURS, rand), GRAINS[looks.grain] ?? "#ffffff");
    const inner = r * 0.84;
    const y = cy + r * 0.03;
    out += riceGrains(cx, y, inner - 14, 160, "#ebe6da", rand);
    const seeds = looks.pieces.filter((p) => p.kind === "seed");
    const toppings = looks.pieces.filter((p) => p.kind !== "seed");
    out += sectors(cx, y, inner, toppings, 7, 40, rand);
    if (seeds.length) out += scatter(cx, y, inner, inner, seeds, 40, 28, rand);
    return { svg: out, tool: "chopsticks", napkin: true };
  }
  const w = 1050;
  const h = 640;
  let out = woodenBoard(cx, cy, w, h, rand);
  const firstLook = looks.pieces[0];
  const dip = looks.pieces.find((p) => p.kind === "blob");
  const dipBowl = (x: number, y: number, r: number, colour: string) =>
    `${bowl(x, y, r, "#ffffff", colour)}<path d="${blobPath(x, y + r * 0.03, r * 0.55, r * 0.5, rand, 0.2)}" fill="none" stroke="${shade(colour, -0.1)}" stroke-width="6"/>`;
  if (firstLook?.kind === "wrap") {
    // Wraps, cut in half so that the filling shows.
    const fillings = looks.pieces.filter((p) => p.kind !== "wrap" && p.kind !== "blob" && p.kind !== "citrus");
    const spots = [
      [cx - 230, cy - 100, -16],
      [cx + 10, cy + 120, 8],
      [cx + 240, cy - 110, -4],
    ] as const;
    for (const [x, y, rotation] of spots.slice(0, dip ? 2 : 3)) {
      let roll = `<rect x="-190" y="-78" width="380" height="156" rx="70" fill="${shade(firstLook.colour, -0.25)}"/><rect x="-184" y="-72" width="364" height="136" rx="64" fill="${firstLook.colour}"/>`;
      for (let i = 0; i < 6; i++)
        roll += `<ellipse cx="${f(-150 + rand() * 280)}" cy="${f(-50 + rand() * 90)}" rx="${f(8 + rand() * 10)}" ry="${f(5 + rand() * 5)}" fill="#c98a44" opacity="0.5"/>`;
      roll += `<ellipse cx="180" cy="0" rx="56" ry="80" fill="${shade(firstLook.colour, -0.25)}"/><ellipse cx="180" cy="0" rx="50" ry="73" fill="${firstLook.colour}"/>`;
      fillings.slice(0, 4).forEach((filling, i) => {
        roll += `<ellipse cx="${f(180 - i * 2)}" cy="${f(i * 3)}" rx="${f(42 - i * 9)}" ry="${f(64 - i * 14)}" fill="${filling.colour}"/>`;
      });
      out += `<g transform="translate(${f(x)} ${f(y)}) rotate(${rotation}) scale(1.2)">${roll}</g>`;
    }
    if (dip) out += dipBowl(cx + 300, cy - 120, 120, dip.colour);
    const extras = looks.pieces.filter((p) => p.kind === "citrus");
    if (extras.length) out += scatter(cx + 330, cy + 190, 130, 80, extras, 3, 42, rand);
  } else if (firstLook?.kind === "bread") {
    const fillings = looks.pieces.filter((p) => p !== firstLook && p.kind !== "citrus" && p.kind !== "crumb");
    const tuna = looks.pieces.filter((p) => p.kind === "crumb");
    if (fillings.length + tuna.length >= 2) {
      // Open baguette: the cut half with the filling, the top half beside it.
      const length = 820;
      const topY = cy - 130;
      const cutY = cy + 120;
      out += `<rect x="${f(cx - length / 2)}" y="${f(topY - 80)}" width="${length}" height="160" rx="80" fill="${firstLook.colour}"/>`;
      for (let i = 0; i < 5; i++) {
        const x = cx - length / 2 + 130 + i * 140;
        out += `<path d="M${f(x - 40)} ${f(topY + 40)} Q${f(x)} ${f(topY)} ${f(x + 40)} ${f(topY - 45)}" stroke="${shade(firstLook.colour, 0.35)}" stroke-width="18" fill="none" stroke-linecap="round"/>`;
      }
      out += `<rect x="${f(cx - length / 2)}" y="${f(cutY - 80)}" width="${length}" height="160" rx="80" fill="${shade(firstLook.colour, -0.15)}"/><rect x="${f(cx - length / 2 + 16)}" y="${f(cutY - 66)}" width="${length - 32}" height="132" rx="66" fill="#f5deb0"/>`;
      out += row(cx - length / 2 + 60, cx + length / 2 - 60, cutY, [...fillings, ...tuna], 48, rand);
      const sides = looks.pieces.filter((p) => p.kind === "citrus");
      if (sides.length) out += scatter(cx + w / 2 - 90, cy + 10, 60, 40, sides, 1, 46, rand);
    } else {
      // Toasted slices with their topping (pan con tomate).
      const topping = fillings[0];
      for (let i = 0; i < 4; i++) {
        const x = cx - 360 + i * 240;
        const y = cy + (i % 2 ? 90 : -60);
        out += `<g transform="rotate(${f(rand() * 30 - 15)} ${f(x)} ${f(y)})"><ellipse cx="${f(x)}" cy="${f(y)}" rx="125" ry="92" fill="${shade(firstLook.colour, -0.2)}"/><ellipse cx="${f(x)}" cy="${f(y)}" rx="110" ry="78" fill="#f0d29a"/>${topping ? `<path d="${blobPath(x, y, 92, 64, rand, 0.3)}" fill="${topping.colour}" opacity="0.85"/>` : ""}</g>`;
      }
      if (topping) out += piece(topping.kind, topping.colour, cx + 330, cy - 200, 62, rand() * 360, rand);
    }
  } else if (dip || firstLook?.name === "Kichererbsen") {
    // A dip in a big bowl (hummus, herb quark) with the rest to dip or eat alongside.
    const hummus = firstLook?.name === "Kichererbsen";
    const colour = hummus ? "#e6cf9e" : (dip?.colour ?? "#fbf8f1");
    const x = cx - 250;
    out += dipBowl(x, cy, 210, colour);
    if (scene.has("Olivenöl"))
      out += `<path d="${blobPath(x, cy + 6, 70, 58, rand, 0.3)}" fill="#c9b948" opacity="0.7"/>`;
    const herbs = looks.pieces.filter((p) => p.kind === "herb" || p.kind === "chive");
    if (hummus && firstLook) out += scatter(x, cy + 6, 70, 60, [firstLook], 6, 34, rand);
    else if (herbs.length) out += scatter(x, cy + 6, 160, 160, herbs, 22, 30, rand);
    // Vegetables to dip become sticks.
    const rest = looks.pieces
      .filter((p) => p !== firstLook && p !== dip && !herbs.includes(p))
      .map((p) =>
        p.type === "VEGETABLE" && ["slice", "strip"].includes(p.kind) ? { ...p, kind: "stick" as const } : p,
      )
      .sort((a, b) => Number(a.kind === "citrus") - Number(b.kind === "citrus"));
    out += scatter(cx + 240, cy, 270, 270, rest, 18, 54, rand);
  } else {
    out += scatterRect(cx, cy, w - 80, h - 80, looks.pieces.slice(0, 7), 28, 36, rand);
  }
  return { svg: out, tool: "none", napkin: false };
}
