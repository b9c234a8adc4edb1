/** Pizza and tarte flambée: the round pizza on a board or the table, the oblong tarte flambée on a board. */
import { shade } from "../colour.ts";
import { scatter, scatterRect } from "../placement.ts";
import { pointInCircle } from "../random.ts";
import type { Food, Scene } from "../scene.ts";
import { blobPath, f } from "../svg.ts";
import { shadow } from "../tableware.ts";

/** A round pizza with melted cheese and cut into slices, or a tarte flambée (recipes with Schmand). */
export function pizza(scene: Scene): Food {
  const { looks, cx, cy, rand, has } = scene;
  const base = has("Passierte Tomaten") ? "#c8321f" : "#f6ecd6";
  const cheese = looks.pieces.find((p) => p.type === "CHEESE");
  const toppings = looks.pieces.slice(0, 6);
  let out = "";
  if (has("Schmand")) {
    // Flammkuchen: thin, oblong, on a board.
    const w = 1000;
    const h = 620;
    out += `${shadow(cx, cy, w / 2 + 40, h / 2 + 40)}<rect x="${f(cx - w / 2 - 40)}" y="${f(cy - h / 2 - 40)}" width="${w + 80}" height="${h + 80}" rx="40" fill="#c08a55"/><rect x="${f(cx - w / 2)}" y="${f(cy - h / 2)}" width="${w}" height="${h}" rx="110" fill="#d49a55"/><rect x="${f(cx - w / 2 + 26)}" y="${f(cy - h / 2 + 26)}" width="${w - 52}" height="${h - 52}" rx="90" fill="${base}"/>`;
    for (let i = 0; i < 26; i++) {
      const x = cx + (rand() - 0.5) * (w - 120);
      const y = cy + (rand() < 0.5 ? -1 : 1) * (h / 2 - 14);
      out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(8 + rand() * 10)}" ry="${f(5 + rand() * 5)}" fill="#8a5a2b" opacity="0.55"/>`;
    }
    out += scatterRect(cx, cy, w - 80, h - 80, toppings, 44 + Math.floor(rand() * 10), 32, rand);
    out += `<path d="M${f(cx - w / 6)} ${f(cy - h / 2)} V${f(cy + h / 2)} M${f(cx + w / 6)} ${f(cy - h / 2)} V${f(cy + h / 2)} M${f(cx - w / 2)} ${f(cy)} H${f(cx + w / 2)}" stroke="#8a5a2b" stroke-width="4" opacity="0.4"/>`;
    return { svg: out, tool: "none", napkin: false };
  }
  const r = 420 + rand() * 20;
  if (rand() < 0.5)
    out += `${shadow(cx, cy, r + 60, r + 60)}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r + 60)}" fill="#c08a55"/><rect x="${f(cx + r + 20)}" y="${f(cy - 45)}" width="170" height="90" rx="40" fill="#c08a55"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r + 45)}" fill="none" stroke="#a97443" stroke-width="6"/>`;
  else out += shadow(cx, cy, r, r);
  out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="#c98a44"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.96)}" fill="#e0a95a"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.86)}" fill="${base}"/>`;
  if (cheese) {
    // Melted cheese in irregular patches; only where the recipe has cheese (the vegan pizza has none).
    const melt = cheese.name === "Mozzarella" ? "#fbf1d6" : shade(cheese.colour, 0.3);
    for (let i = 0; i < 12; i++) {
      const [x, y] = pointInCircle(cx, cy, r * 0.62, rand);
      out += `<path d="${blobPath(x, y, 50 + rand() * 40, 40 + rand() * 30, rand, 0.3)}" fill="${melt}" opacity="0.92"/>`;
    }
  }
  for (let i = 0; i < 30; i++) {
    const a = rand() * Math.PI * 2;
    out += `<circle cx="${f(cx + Math.cos(a) * r * 0.92)}" cy="${f(cy + Math.sin(a) * r * 0.92)}" r="${f(5 + rand() * 6)}" fill="#a8692e" opacity="0.7"/>`;
  }
  out += scatter(cx, cy, r * 0.84, r * 0.84, toppings, 32 + Math.floor(rand() * 12), 32, rand);
  const slices = 6 + 2 * Math.floor(rand() * 2);
  const offset = rand() * Math.PI;
  for (let i = 0; i < slices; i++) {
    const a = offset + (i / slices) * Math.PI * 2;
    out += `<path d="M${f(cx)} ${f(cy)} L${f(cx + Math.cos(a) * r)} ${f(cy + Math.sin(a) * r)}" stroke="#8a5a2b" stroke-width="4" opacity="0.45"/>`;
  }
  return { svg: out, tool: "none", napkin: true };
}
