/** Plates, bowls, pans, baking dishes and boards, each with its shadow on the table. */
import { shade } from "./colour.ts";
import { BOWL_COLOURS } from "./palette.ts";
import { pick, type Rand } from "./random.ts";
import { f } from "./svg.ts";

/** The soft shadow a dish of radii rx × ry casts down and to the right (the light comes from the top left). */
export function shadow(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${f(cx + 14)}" cy="${f(cy + 22)}" rx="${f(rx)}" ry="${f(ry)}" fill="#000" opacity="0.16" filter="url(#soft)"/>`;
}

/** A flat plate of radius r in one of the plain colours, with its rim. */
export function plate(cx: number, cy: number, r: number, rand: Rand): string {
  const colour = pick(BOWL_COLOURS.slice(0, 4), rand);
  const rim = shade(colour, -0.06);
  return `${shadow(cx, cy, r, r)}<circle cx="${f(cx)}" cy="${f(cy)}" r="${r}" fill="${colour}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.97)}" fill="none" stroke="${rim}" stroke-width="4"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.74)}" fill="${shade(colour, -0.03)}" stroke="${rim}" stroke-width="3"/>`;
}

/** A deep bowl of radius r seen from above, filled with `inner` (a colour or a gradient's url). */
export function bowl(cx: number, cy: number, r: number, colour: string, inner: string): string {
  return `${shadow(cx, cy, r, r)}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${colour}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.9)}" fill="${shade(colour, -0.12)}"/><circle cx="${f(cx)}" cy="${f(cy + r * 0.03)}" r="${f(r * 0.86)}" fill="${inner}"/>`;
}

/** A cast-iron pan with its handle pointing to `side` (1: right, -1: left). */
export function skillet(cx: number, cy: number, r: number, side: 1 | -1, rand: Rand): string {
  const iron = pick(["#2f3437", "#3a3f44", "#4a3b35", "#37474f"], rand);
  const angle = side > 0 ? 15 + rand() * 25 : 140 + rand() * 25;
  const handle = `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(angle)})"><rect x="${f(r * 0.9)}" y="-36" width="${f(r * 0.68)}" height="72" rx="30" fill="${iron}"/><circle cx="${f(r * 1.48)}" r="14" fill="${shade(iron, -0.35)}"/></g>`;
  return `${shadow(cx, cy, r, r)}${handle}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${iron}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.88)}" fill="${shade(iron, 0.1)}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.94)}" fill="none" stroke="${shade(iron, 0.25)}" stroke-width="4" opacity="0.6"/>`;
}

/** A ceramic baking dish with handles, its inside filled with `fill` (sauce, cheese, roasting juices). */
export function casserole(cx: number, cy: number, w: number, h: number, fill: string, rand: Rand): string {
  const dishColour = pick(["#c2553a", "#f4f1ea", "#2a6f97", "#e9c46a", "#3b4a5a"], rand);
  return `${shadow(cx, cy, w / 2 + 40, h / 2)}<rect x="${f(cx - w / 2 - 80)}" y="${f(cy - 60)}" width="${w + 160}" height="120" rx="50" fill="${shade(dishColour, -0.15)}"/><rect x="${f(cx - w / 2)}" y="${f(cy - h / 2)}" width="${w}" height="${h}" rx="80" fill="${dishColour}"/><rect x="${f(cx - w / 2 + 14)}" y="${f(cy - h / 2 + 12)}" width="${w - 28}" height="${h - 28}" rx="70" fill="none" stroke="${shade(dishColour, 0.25)}" stroke-width="5" opacity="0.7"/><rect x="${f(cx - w / 2 + 50)}" y="${f(cy - h / 2 + 50)}" width="${w - 100}" height="${h - 100}" rx="50" fill="${fill}"/>`;
}

/** A metal baking sheet covered with baking paper. */
export function bakingSheet(cx: number, cy: number, w: number, h: number, rand: Rand): string {
  const metal = pick(["#3b4a5a", "#5c6770", "#2f3e46"], rand);
  const paper = "#f3ead8";
  const tilt = f(rand() * 4 - 2);
  let out = `${shadow(cx, cy, w / 2, h / 2)}<rect x="${f(cx - w / 2)}" y="${f(cy - h / 2)}" width="${w}" height="${h}" rx="28" fill="${metal}"/><rect x="${f(cx - w / 2 + 14)}" y="${f(cy - h / 2 + 14)}" width="${w - 28}" height="${h - 28}" rx="20" fill="none" stroke="${shade(metal, 0.2)}" stroke-width="4"/>`;
  out += `<g transform="rotate(${tilt} ${f(cx)} ${f(cy)})"><rect x="${f(cx - w / 2 + 40)}" y="${f(cy - h / 2 + 36)}" width="${w - 80}" height="${h - 72}" rx="6" fill="${paper}"/>`;
  for (let i = 0; i < 5; i++) {
    const x = cx - w / 2 + 80 + rand() * (w - 160);
    out += `<path d="M${f(x)} ${f(cy - h / 2 + 40)} l${f(rand() * 60 - 30)} ${f(h - 80)}" stroke="${shade(paper, -0.06)}" stroke-width="3" opacity="0.8"/>`;
  }
  return `${out}</g>`;
}

/** A wooden chopping board with a handle on the right. */
export function woodenBoard(cx: number, cy: number, w: number, h: number, rand: Rand): string {
  const wood = pick(["#c08a55", "#d3a373", "#a47148", "#e0b887"], rand);
  let out = `${shadow(cx, cy, w / 2, h / 2)}<rect x="${f(cx - w / 2)}" y="${f(cy - h / 2)}" width="${w}" height="${h}" rx="60" fill="${wood}"/><rect x="${f(cx + w / 2 - 20)}" y="${f(cy - 60)}" width="140" height="120" rx="50" fill="${wood}"/><circle cx="${f(cx + w / 2 + 70)}" cy="${f(cy)}" r="22" fill="${shade(wood, -0.2)}"/>`;
  for (let i = 0; i < 7; i++) {
    const y = cy - h / 2 + 60 + i * ((h - 100) / 7) + rand() * 20;
    out += `<path d="M${f(cx - w / 2 + 40)} ${f(y)} q${f(w / 4)} ${f(rand() * 30 - 15)} ${f(w / 2)} 0 t${f(w / 2 - 80)} 0" stroke="${shade(wood, -0.12)}" stroke-width="4" fill="none" opacity="0.6"/>`;
  }
  return out;
}
