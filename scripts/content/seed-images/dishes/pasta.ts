/** Pasta: the noodles (strands, ribbons, tubes, spirals …) on a plate, in their sauce, with the toppings. */
import { shade } from "../colour.ts";
import { piece } from "../food-pieces.ts";
import { NOODLE_SHAPES, type NoodleShape } from "../looks.ts";
import { scatter } from "../placement.ts";
import { pointInCircle, type Rand } from "../random.ts";
import type { Food, Scene } from "../scene.ts";
import { blobPath, f } from "../svg.ts";
import { plate } from "../tableware.ts";

/** Noodles of `shape` heaped within `radius` of (cx, cy): long ones as curved strokes, short ones as pieces. */
function noodles(cx: number, cy: number, radius: number, shape: NoodleShape, colour: string, rand: Rand): string {
  const out: string[] = [];
  const dark = shade(colour, -0.18);
  if (shape === "strands" || shape === "ribbons" || shape === "thin") {
    const width = { strands: 11, ribbons: 26, thin: 6 }[shape];
    for (let i = 0; i < (shape === "ribbons" ? 26 : 48); i++) {
      const a = rand() * Math.PI * 2;
      const rr = radius * (0.2 + rand() * 0.75);
      const sweep = 1 + rand() * 1.8;
      const x1 = cx + Math.cos(a) * rr;
      const y1 = cy + Math.sin(a) * rr;
      const x2 = cx + Math.cos(a + sweep) * rr * (0.7 + rand() * 0.3);
      const y2 = cy + Math.sin(a + sweep) * rr * (0.7 + rand() * 0.3);
      const qx = cx + Math.cos(a + sweep / 2) * rr * 1.3;
      const qy = cy + Math.sin(a + sweep / 2) * rr * 1.3;
      const path = `M${f(x1)} ${f(y1)} Q${f(qx)} ${f(qy)} ${f(x2)} ${f(y2)}`;
      out.push(`<path d="${path}" stroke="${dark}" stroke-width="${width + 4}" fill="none" stroke-linecap="round"/>`);
      out.push(
        `<path d="${path}" stroke="${i % 3 ? colour : shade(colour, 0.12)}" stroke-width="${width}" fill="none" stroke-linecap="round"/>`,
      );
    }
    return out.join("");
  }
  const count = { tubes: 40, spirals: 42, cups: 55, spaetzle: 70, gnocchi: 40 }[shape];
  for (let i = 0; i < count; i++) {
    const [x, y] = pointInCircle(cx, cy, radius, rand);
    const rotation = rand() * 360;
    const t = `transform="translate(${f(x)} ${f(y)}) rotate(${Math.round(rotation)})"`;
    if (shape === "tubes")
      out.push(
        `<g ${t}><path d="M-38 -14 L30 -14 L42 14 L-26 14 Z" fill="${colour}" stroke="${dark}" stroke-width="3"/><path d="M-26 -4 H30 M-22 5 H34" stroke="${dark}" stroke-width="2" opacity="0.6"/></g>`,
      );
    else if (shape === "spirals")
      out.push(
        `<g ${t}><rect x="-40" y="-13" width="80" height="26" rx="13" fill="${colour}" stroke="${dark}" stroke-width="3"/><path d="M-28 -12 l12 24 M-8 -12 l12 24 M12 -12 l12 24" stroke="${dark}" stroke-width="4"/></g>`,
      );
    else if (shape === "cups")
      out.push(
        `<g ${t}><circle r="20" fill="${colour}" stroke="${dark}" stroke-width="3"/><circle r="10" fill="${dark}" opacity="0.35"/></g>`,
      );
    else if (shape === "spaetzle")
      out.push(
        `<g ${t}><path d="M-26 -6 Q-10 -16 6 -8 T28 -2 Q22 10 2 8 T-24 8 Z" fill="${colour}" stroke="${dark}" stroke-width="2"/></g>`,
      );
    else out.push(piece("gnocchi", colour, x, y, 34, rotation, rand));
  }
  return out.join("");
}

/** Noodles on a plate, in a pool of their sauce if it has one, the toppings strewn over. */
export function pasta(scene: Scene): Food {
  const { looks, cx, cy, rand } = scene;
  const r = 430;
  const shape = (looks.noodle && NOODLE_SHAPES[looks.noodle]) || "strands";
  const colour = looks.noodle === "Reisnudeln" ? "#f3ecd8" : looks.noodle === "Spätzle" ? "#f1d479" : "#f0cf7a";
  let out = plate(cx, cy, r, rand);
  const sauce = looks.pools ? looks.liquid : undefined;
  if (sauce) out += `<path d="${blobPath(cx, cy, r * 0.64, r * 0.62, rand, 0.1, 10)}" fill="${sauce}"/>`;
  out += noodles(cx, cy, r * 0.56, shape, colour, rand);
  if (sauce && rand() < 0.7)
    out += `<path d="${blobPath(cx + 20, cy - 10, r * 0.3, r * 0.25, rand, 0.2)}" fill="${sauce}" opacity="0.85"/>`;
  // A whole fillet on a pasta plate would look like a side dish: flake it.
  const toppings = looks.pieces.slice(0, 6).map((p) => (p.kind === "fish" ? { ...p, kind: "cube" as const } : p));
  out += scatter(cx, cy, r * 0.6, r * 0.6, toppings, 20 + Math.floor(rand() * 8), 32, rand);
  return { svg: out, tool: "fork", napkin: true };
}
