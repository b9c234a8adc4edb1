/** Salads: leaves and vegetables in a bowl, or tomato and mozzarella laid in rings (caprese). */
import { shade } from "../colour.ts";
import { piece } from "../food-pieces.ts";
import { BOWL_COLOURS } from "../palette.ts";
import { scatter } from "../placement.ts";
import { pick } from "../random.ts";
import { type Food, HERB, type Scene, weighted } from "../scene.ts";
import { f } from "../svg.ts";
import { bowl, plate } from "../tableware.ts";

/** A caprese plate, or a bowl of leaves with the other ingredients on top. */
export function salad(scene: Scene): Food {
  const { looks, cx, cy, rand, has } = scene;
  const leaves = looks.pieces.filter((p) => p.kind === "leaf");
  const others = looks.pieces.filter((p) => p.kind !== "leaf").slice(0, 6);
  if (has("Tomate") && has("Mozzarella") && leaves.length === 0) {
    // Caprese: tomato and mozzarella laid out in rings on a flat plate.
    const r = 440;
    let out = plate(cx, cy, r, rand);
    const tomato = looks.pieces.find((p) => p.name === "Tomate");
    const mozzarella = looks.pieces.find((p) => p.name === "Mozzarella");
    const start = rand() * Math.PI * 2;
    for (const [count, radius, size] of [
      [12, 215, 62],
      [6, 90, 56],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const a = start + (i / count) * Math.PI * 2;
        const look = i % 2 ? mozzarella : tomato;
        if (look)
          out += piece(look.kind, look.colour, cx + Math.cos(a) * radius, cy + Math.sin(a) * radius, size, 0, rand);
      }
    }
    const herbs = looks.pieces.filter((p) => p.kind === "herb");
    out += scatter(cx, cy, 280, 280, herbs.length ? herbs : [HERB], 12, 36, rand);
    if (has("Balsamico-Essig"))
      out += `<path d="M${f(cx - 200)} ${f(cy - 40)} q100 -90 200 0 t200 0" stroke="#4a2a1e" stroke-width="9" fill="none" stroke-linecap="round" opacity="0.8" transform="rotate(${f(rand() * 360)} ${f(cx)} ${f(cy)})"/>`;
    return { svg: out, tool: "fork", napkin: true };
  }
  const wooden = rand() < 0.5;
  const r = 430;
  const bowlColour = wooden ? "#b07a4a" : pick(BOWL_COLOURS, rand);
  let out = bowl(cx, cy, r, bowlColour, wooden ? "#c9935d" : shade(bowlColour, -0.05));
  if (wooden)
    out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.95)}" fill="none" stroke="#8f5f35" stroke-width="5" opacity="0.6"/>`;
  const inner = r * 0.85;
  const y = cy + r * 0.03;
  if (leaves.length) {
    out += scatter(cx, y, inner, inner, leaves, 50, 46, rand);
    if (others.length)
      out += scatter(cx, y, inner * 0.85, inner * 0.85, weighted(others), 26 + Math.floor(rand() * 8), 34, rand);
  } else {
    // No lettuce in the recipe: the salad is its vegetables, so they fill the bowl.
    out += scatter(cx, y, inner, inner, weighted(others), 50 + Math.floor(rand() * 10), 38, rand);
  }
  return { svg: out, tool: "fork", napkin: true };
}
