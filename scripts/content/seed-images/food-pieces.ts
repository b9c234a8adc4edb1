/**
 * Single pieces of food, one per ingredient kind (a tomato slice, a pea, a
 * basil leaf …), drawn around the origin and moved into place; and the slice
 * of toast that breakfast and baked dishes share.
 */
import { mix, shade } from "./colour.ts";
import type { Kind } from "./looks.ts";
import { pointInCircle, type Rand } from "./random.ts";
import { blobPath, f } from "./svg.ts";

/** One piece of food centred at (x, y), size s (radius-ish), rotated by r degrees. */
export function piece(kind: Kind, colour: string, x: number, y: number, s: number, r: number, rand: Rand): string {
  const t = `transform="translate(${f(x)} ${f(y)}) rotate(${Math.round(r)})"`;
  const dark = shade(colour, -0.25);
  const light = shade(colour, 0.35);
  switch (kind) {
    case "slice":
      return `<g ${t}><circle r="${f(s)}" fill="${dark}"/><circle r="${f(s * 0.82)}" fill="${colour}"/><circle r="${f(s * 0.5)}" fill="${light}" opacity="0.7"/><circle cx="${f(s * 0.25)}" cy="${f(-s * 0.1)}" r="${f(s * 0.09)}" fill="${dark}" opacity="0.6"/><circle cx="${f(-s * 0.2)}" cy="${f(s * 0.2)}" r="${f(s * 0.09)}" fill="${dark}" opacity="0.6"/></g>`;
    case "potato":
      return `<g ${t}><path d="${blobPath(0, 0, s * 0.85, s * 0.68, rand, 0.1, 7)}" fill="${mix([
        [colour, 1],
        ["#a8651f", 1],
      ])}"/><path d="${blobPath(0, -s * 0.05, s * 0.74, s * 0.56, rand, 0.08, 7)}" fill="${colour}"/><ellipse cx="${f(-s * 0.25)}" cy="${f(-s * 0.2)}" rx="${f(s * 0.22)}" ry="${f(s * 0.1)}" fill="#ffffff" opacity="0.35"/></g>`;
    case "roast": {
      const marks = [-1, 0, 1]
        .map((k) => `M${f(k * s * 0.45 - s * 0.2)} ${f(-s * 0.45)} l${f(s * 0.4)} ${f(s * 0.85)}`)
        .join(" ");
      return `<g ${t}><path d="${blobPath(0, 0, s * 1.15, s * 0.8, rand, 0.08)}" fill="${shade(colour, -0.3)}"/><path d="${blobPath(0, -s * 0.06, s * 1.04, s * 0.68, rand, 0.08)}" fill="${colour}"/><path d="${marks}" stroke="${shade(colour, -0.35)}" stroke-width="${f(s * 0.1)}" stroke-linecap="round" opacity="0.6"/><ellipse cx="${f(-s * 0.35)}" cy="${f(-s * 0.3)}" rx="${f(s * 0.3)}" ry="${f(s * 0.1)}" fill="#ffffff" opacity="0.3"/></g>`;
    }
    case "scramble":
      return `<g ${t}><path d="${blobPath(0, 0, s * 0.8, s * 0.6, rand, 0.3)}" fill="${colour}" stroke="${shade(colour, -0.12)}" stroke-width="2"/><path d="${blobPath(-s * 0.1, -s * 0.1, s * 0.4, s * 0.26, rand, 0.3, 7)}" fill="${light}" opacity="0.7"/></g>`;
    case "pastry": {
      const crimps = Array.from(
        { length: 7 },
        (_, i) => `M${f(-s * 0.8 + i * ((s * 1.6) / 6))} ${f(s * 0.62)} v${f(-s * 0.2)}`,
      ).join(" ");
      return `<g ${t}><path d="M${f(-s)} ${f(s * 0.55)} L${f(s)} ${f(s * 0.55)} L0 ${f(-s * 0.95)} Z" fill="${dark}" stroke="${dark}" stroke-width="${f(s * 0.3)}" stroke-linejoin="round"/><path d="M${f(-s * 0.82)} ${f(s * 0.45)} L${f(s * 0.82)} ${f(s * 0.45)} L0 ${f(-s * 0.78)} Z" fill="${colour}" stroke="${colour}" stroke-width="${f(s * 0.25)}" stroke-linejoin="round"/><path d="${crimps}" stroke="${dark}" stroke-width="${f(s * 0.06)}" stroke-linecap="round"/><path d="M${f(-s * 0.15)} ${f(-s * 0.1)} l${f(s * 0.1)} ${f(s * 0.25)} M${f(s * 0.12)} ${f(-s * 0.2)} l${f(s * 0.1)} ${f(s * 0.25)}" stroke="${dark}" stroke-width="${f(s * 0.07)}" stroke-linecap="round"/><ellipse cx="${f(-s * 0.2)}" cy="${f(s * 0.05)}" rx="${f(s * 0.3)}" ry="${f(s * 0.1)}" fill="#ffffff" opacity="0.3" transform="rotate(-55 ${f(-s * 0.2)} ${f(s * 0.05)})"/></g>`;
    }
    case "berry":
      return `<g ${t}><circle r="${f(s * 0.8)}" fill="${colour}"/><circle cx="${f(-s * 0.25)}" cy="${f(-s * 0.25)}" r="${f(s * 0.22)}" fill="#ffffff" opacity="0.45"/></g>`;
    case "dot":
      return `<g ${t}><circle r="${f(s * 0.38)}" fill="${colour}"/><circle cx="${f(-s * 0.1)}" cy="${f(-s * 0.1)}" r="${f(s * 0.12)}" fill="#ffffff" opacity="0.35"/></g>`;
    case "bean":
      return `<g ${t}><ellipse rx="${f(s * 0.6)}" ry="${f(s * 0.36)}" fill="${colour}"/><ellipse cx="${f(-s * 0.15)}" cy="${f(-s * 0.1)}" rx="${f(s * 0.25)}" ry="${f(s * 0.1)}" fill="#ffffff" opacity="0.3"/></g>`;
    case "cube":
      return `<g ${t}><rect x="${f(-s * 0.6)}" y="${f(-s * 0.6)}" width="${f(s * 1.2)}" height="${f(s * 1.2)}" rx="${f(s * 0.2)}" fill="${dark}"/><rect x="${f(-s * 0.6)}" y="${f(-s * 0.6)}" width="${f(s * 1.08)}" height="${f(s * 1.08)}" rx="${f(s * 0.2)}" fill="${colour}"/><rect x="${f(-s * 0.42)}" y="${f(-s * 0.42)}" width="${f(s * 0.4)}" height="${f(s * 0.18)}" rx="${f(s * 0.08)}" fill="#ffffff" opacity="0.3"/></g>`;
    case "leaf": {
      const l = s * 1.5;
      return `<g ${t}><path d="M${f(-l)} 0 Q${f(-l * 0.1)} ${f(-s * 1.25)} ${f(l)} 0 Q${f(-l * 0.1)} ${f(s * 1.25)} ${f(-l)} 0 Z" fill="${colour}"/><path d="M${f(-l * 0.9)} 0 L${f(l * 0.8)} 0" stroke="${light}" stroke-width="${f(Math.max(2, s * 0.08))}" stroke-linecap="round"/><path d="M${f(-l * 0.2)} 0 l${f(l * 0.3)} ${f(-s * 0.35)} M${f(l * 0.15)} 0 l${f(l * 0.3)} ${f(s * 0.3)}" stroke="${light}" stroke-width="${f(Math.max(1.5, s * 0.05))}" opacity="0.8"/></g>`;
    }
    case "herb":
      return `<g ${t}><ellipse cx="${f(-s * 0.25)}" rx="${f(s * 0.35)}" ry="${f(s * 0.2)}" fill="${colour}"/><ellipse cx="${f(s * 0.2)}" cy="${f(-s * 0.15)}" rx="${f(s * 0.3)}" ry="${f(s * 0.17)}" fill="${shade(colour, 0.15)}" transform="rotate(-40 ${f(s * 0.2)} ${f(-s * 0.15)})"/></g>`;
    case "chive":
      return `<g ${t}><rect x="${f(-s * 0.45)}" y="-3" width="${f(s * 0.9)}" height="6" rx="3" fill="${colour}"/></g>`;
    case "strip":
      return `<g ${t}><path d="M${f(-s)} ${f(s * 0.2)} Q0 ${f(-s * 0.55)} ${f(s)} ${f(s * 0.2)}" stroke="${dark}" stroke-width="${f(s * 0.42)}" fill="none" stroke-linecap="round"/><path d="M${f(-s)} ${f(s * 0.12)} Q0 ${f(-s * 0.6)} ${f(s)} ${f(s * 0.12)}" stroke="${colour}" stroke-width="${f(s * 0.3)}" fill="none" stroke-linecap="round"/></g>`;
    case "shred":
      return `<g ${t}><path d="M${f(-s)} 0 Q${f(-s * 0.3)} ${f(-s * 0.4)} ${f(s * 0.2)} 0 T${f(s)} 0" stroke="${dark}" stroke-width="${f(s * 0.3)}" fill="none" stroke-linecap="round"/><path d="M${f(-s)} ${f(-s * 0.03)} Q${f(-s * 0.3)} ${f(-s * 0.43)} ${f(s * 0.2)} ${f(-s * 0.03)} T${f(s)} ${f(-s * 0.03)}" stroke="${colour}" stroke-width="${f(s * 0.2)}" fill="none" stroke-linecap="round"/></g>`;
    case "stick":
      return `<g ${t}><rect x="${f(-s * 1.1)}" y="${f(-s * 0.22)}" width="${f(s * 2.2)}" height="${f(s * 0.44)}" rx="${f(s * 0.18)}" fill="${dark}"/><rect x="${f(-s * 1.1)}" y="${f(-s * 0.22)}" width="${f(s * 2.2)}" height="${f(s * 0.36)}" rx="${f(s * 0.18)}" fill="${colour}"/><rect x="${f(-s * 0.9)}" y="${f(-s * 0.12)}" width="${f(s * 1.4)}" height="${f(s * 0.08)}" rx="2" fill="#ffffff" opacity="0.3"/></g>`;
    case "ring":
      return `<g ${t}><circle r="${f(s * 0.6)}" fill="none" stroke="${colour}" stroke-width="${f(s * 0.2)}"/><circle r="${f(s * 0.35)}" fill="none" stroke="${shade(colour, 0.2)}" stroke-width="${f(s * 0.08)}" opacity="0.8"/></g>`;
    case "crumb": {
      const points: string[] = [];
      for (let i = 0; i < 7; i++) {
        const a = (i / 7) * Math.PI * 2;
        const d = s * (0.3 + rand() * 0.25);
        points.push(`${f(Math.cos(a) * d)},${f(Math.sin(a) * d)}`);
      }
      return `<g ${t}><polygon points="${points.join(" ")}" fill="${colour}" stroke="${dark}" stroke-width="2" stroke-linejoin="round"/></g>`;
    }
    case "floret":
      return `<g ${t}><rect x="${f(-s * 0.12)}" y="0" width="${f(s * 0.24)}" height="${f(s * 0.75)}" rx="4" fill="${shade(colour, 0.3)}"/><circle cx="${f(-s * 0.32)}" cy="${f(-s * 0.1)}" r="${f(s * 0.36)}" fill="${colour}"/><circle cx="${f(s * 0.32)}" cy="${f(-s * 0.1)}" r="${f(s * 0.36)}" fill="${colour}"/><circle cy="${f(-s * 0.42)}" r="${f(s * 0.4)}" fill="${shade(colour, 0.08)}"/><circle cx="${f(-s * 0.1)}" cy="${f(-s * 0.5)}" r="${f(s * 0.1)}" fill="${dark}" opacity="0.4"/></g>`;
    case "mushroom":
      return `<g ${t}><path d="M${f(-s * 0.8)} 0 A${f(s * 0.8)} ${f(s * 0.7)} 0 0 1 ${f(s * 0.8)} 0 Z" fill="${colour}"/><rect x="${f(-s * 0.2)}" y="-2" width="${f(s * 0.4)}" height="${f(s * 0.6)}" rx="5" fill="${shade(colour, 0.45)}"/><path d="M${f(-s * 0.6)} ${f(-s * 0.1)} A${f(s * 0.6)} ${f(s * 0.45)} 0 0 1 ${f(s * 0.6)} ${f(-s * 0.1)}" stroke="${dark}" stroke-width="3" fill="none" opacity="0.5"/></g>`;
    case "disc":
      return `<g ${t}><circle r="${f(s * 0.85)}" fill="${shade(colour, -0.08)}"/><circle r="${f(s * 0.75)}" fill="${colour}"/></g>`;
    case "shaving":
      return `<g ${t}><path d="M${f(-s * 0.8)} ${f(-s * 0.2)} L${f(s * 0.7)} ${f(-s * 0.35)} L${f(s * 0.5)} ${f(s * 0.25)} L${f(-s * 0.6)} ${f(s * 0.3)} Z" fill="${colour}" stroke="${dark}" stroke-width="2" stroke-linejoin="round"/></g>`;
    case "blob":
      return `<g ${t}><path d="M${f(-s * 0.8)} 0 C${f(-s * 0.8)} ${f(-s * 0.7)} ${f(s * 0.1)} ${f(-s * 0.9)} ${f(s * 0.6)} ${f(-s * 0.4)} C${f(s * 1.0)} 0 ${f(s * 0.6)} ${f(s * 0.7)} 0 ${f(s * 0.6)} C${f(-s * 0.5)} ${f(s * 0.6)} ${f(-s * 0.8)} ${f(s * 0.4)} ${f(-s * 0.8)} 0 Z" fill="${colour}" stroke="${shade(colour, -0.1)}" stroke-width="3"/><ellipse cx="${f(-s * 0.2)}" cy="${f(-s * 0.25)}" rx="${f(s * 0.25)}" ry="${f(s * 0.1)}" fill="#ffffff" opacity="0.6"/></g>`;
    case "fish":
      return `<g ${t}><rect x="${f(-s * 1.3)}" y="${f(-s * 0.7)}" width="${f(s * 2.6)}" height="${f(s * 1.4)}" rx="${f(s * 0.45)}" fill="${colour}"/><path d="M${f(-s * 0.7)} ${f(-s * 0.6)} q${f(s * 0.3)} ${f(s * 0.6)} 0 ${f(s * 1.2)} M${f(-s * 0.1)} ${f(-s * 0.65)} q${f(s * 0.3)} ${f(s * 0.65)} 0 ${f(s * 1.3)} M${f(s * 0.5)} ${f(-s * 0.6)} q${f(s * 0.3)} ${f(s * 0.6)} 0 ${f(s * 1.2)}" stroke="${light}" stroke-width="${f(s * 0.08)}" fill="none"/><rect x="${f(-s * 1.2)}" y="${f(s * 0.35)}" width="${f(s * 2.4)}" height="${f(s * 0.25)}" rx="${f(s * 0.12)}" fill="${shade(colour, -0.3)}" opacity="0.5"/></g>`;
    case "ribbon": {
      // A thin slice (smoked salmon, ham) with its lighter marbling.
      const stripes = [-1, 0, 1]
        .map((k) => `M${f(k * s * 0.5 - s * 0.1)} ${f(-s * 0.5)} q${f(s * 0.3)} ${f(s * 0.5)} 0 ${f(s)}`)
        .join(" ");
      return `<g ${t}><path d="M${f(-s)} ${f(-s * 0.45)} Q0 ${f(-s * 0.68)} ${f(s)} ${f(-s * 0.4)} Q${f(s * 1.15)} 0 ${f(s)} ${f(s * 0.4)} Q0 ${f(s * 0.62)} ${f(-s)} ${f(s * 0.45)} Q${f(-s * 1.15)} 0 ${f(-s)} ${f(-s * 0.45)} Z" fill="${colour}" stroke="${dark}" stroke-width="${f(s * 0.06)}"/><path d="${stripes}" stroke="${light}" stroke-width="${f(s * 0.1)}" fill="none" stroke-linecap="round" opacity="0.8"/></g>`;
    }
    case "shrimp":
      return `<g ${t}><path d="M${f(s * 0.7)} ${f(-s * 0.1)} A${f(s * 0.6)} ${f(s * 0.6)} 0 1 1 ${f(-s * 0.1)} ${f(-s * 0.65)}" stroke="${colour}" stroke-width="${f(s * 0.45)}" fill="none" stroke-linecap="round"/><path d="M${f(s * 0.55)} ${f(-s * 0.05)} A${f(s * 0.5)} ${f(s * 0.5)} 0 1 1 ${f(-s * 0.1)} ${f(-s * 0.5)}" stroke="${light}" stroke-width="${f(s * 0.1)}" fill="none" stroke-dasharray="${f(s * 0.2)} ${f(s * 0.15)}"/><path d="M${f(-s * 0.1)} ${f(-s * 0.65)} l${f(-s * 0.35)} ${f(-s * 0.25)} l${f(s * 0.05)} ${f(s * 0.45)} Z" fill="${dark}"/></g>`;
    case "egg":
      return `<g ${t}><path d="M${f(-s * 1.3)} 0 C${f(-s * 1.3)} ${f(-s * 1.2)} ${f(s * 0.2)} ${f(-s * 1.4)} ${f(s * 1.1)} ${f(-s * 0.7)} C${f(s * 1.6)} ${f(-s * 0.2)} ${f(s * 1.2)} ${f(s * 1.2)} 0 ${f(s * 1.1)} C${f(-s * 0.9)} ${f(s * 1.1)} ${f(-s * 1.3)} ${f(s * 0.7)} ${f(-s * 1.3)} 0 Z" fill="#fffdf7" stroke="#efe6d6" stroke-width="3"/><circle r="${f(s * 0.5)}" fill="${colour}"/><circle cx="${f(-s * 0.15)}" cy="${f(-s * 0.15)}" r="${f(s * 0.14)}" fill="#ffffff" opacity="0.6"/></g>`;
    case "wedge":
      return `<g ${t}><path d="M0 ${f(-s)} A${f(s)} ${f(s)} 0 0 1 0 ${f(s)} Z" fill="${dark}"/><path d="M0 ${f(-s * 0.85)} A${f(s * 0.85)} ${f(s * 0.85)} 0 0 1 0 ${f(s * 0.85)} Z" fill="${light}"/><path d="M0 ${f(-s * 0.85)} A${f(s * 0.85)} ${f(s * 0.85)} 0 0 1 0 ${f(s * 0.85)}" stroke="${colour}" stroke-width="${f(s * 0.12)}" fill="none"/></g>`;
    case "citrus": {
      const segs: string[] = [];
      for (let i = 0; i < 8; i++) {
        const a = (i / 8) * Math.PI * 2;
        segs.push(`M0 0 L${f(Math.cos(a) * s * 0.78)} ${f(Math.sin(a) * s * 0.78)}`);
      }
      return `<g ${t}><circle r="${f(s)}" fill="${colour}"/><circle r="${f(s * 0.85)}" fill="${shade(colour, 0.55)}"/><circle r="${f(s * 0.78)}" fill="${shade(colour, 0.2)}"/><path d="${segs.join(" ")}" stroke="${shade(colour, 0.6)}" stroke-width="${f(s * 0.06)}"/></g>`;
    }
    case "nut":
      return `<g ${t}><ellipse rx="${f(s * 0.55)}" ry="${f(s * 0.4)}" fill="${colour}"/><path d="M${f(-s * 0.4)} 0 q${f(s * 0.2)} ${f(-s * 0.2)} ${f(s * 0.4)} 0 t${f(s * 0.4)} 0" stroke="${dark}" stroke-width="3" fill="none"/></g>`;
    case "seed":
      return `<g ${t}><ellipse rx="${f(s * 0.38)}" ry="${f(s * 0.2)}" fill="${colour}" stroke="${dark}" stroke-width="${f(Math.max(1, s * 0.04))}"/></g>`;
    case "gnocchi":
      return `<g ${t}><ellipse rx="${f(s * 0.75)}" ry="${f(s * 0.5)}" fill="${colour}" stroke="${dark}" stroke-width="2"/><path d="M${f(-s * 0.3)} ${f(-s * 0.4)} v${f(s * 0.8)} M0 ${f(-s * 0.45)} v${f(s * 0.9)} M${f(s * 0.3)} ${f(-s * 0.4)} v${f(s * 0.8)}" stroke="${dark}" stroke-width="2.5" opacity="0.5"/></g>`;
    case "bread":
      return `<g ${t}><rect x="${f(-s)}" y="${f(-s * 0.9)}" width="${f(s * 2)}" height="${f(s * 1.8)}" rx="${f(s * 0.45)}" fill="${dark}"/><rect x="${f(-s * 0.85)}" y="${f(-s * 0.75)}" width="${f(s * 1.7)}" height="${f(s * 1.5)}" rx="${f(s * 0.35)}" fill="${shade(colour, 0.5)}"/><circle cx="${f(-s * 0.3)}" cy="${f(-s * 0.2)}" r="${f(s * 0.08)}" fill="${colour}" opacity="0.6"/><circle cx="${f(s * 0.35)}" cy="${f(s * 0.25)}" r="${f(s * 0.1)}" fill="${colour}" opacity="0.6"/></g>`;
    case "wrap":
      return `<g ${t}><rect x="${f(-s * 1.4)}" y="${f(-s * 0.6)}" width="${f(s * 2.8)}" height="${f(s * 1.2)}" rx="${f(s * 0.6)}" fill="${colour}" stroke="${dark}" stroke-width="3"/><circle cx="${f(s * 1.1)}" r="${f(s * 0.5)}" fill="${shade(colour, -0.1)}"/><circle cx="${f(s * 1.1)}" r="${f(s * 0.32)}" fill="#6ab04c"/></g>`;
  }
}

/** `count` grains of cooked rice strewn over the circle of `radius` around (cx, cy). */
export function riceGrains(cx: number, cy: number, radius: number, count: number, colour: string, rand: Rand): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const [x, y] = pointInCircle(cx, cy, radius, rand);
    out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="11" ry="5" fill="${colour}" transform="rotate(${Math.round(rand() * 180)} ${f(x)} ${f(y)})"/>`;
  }
  return out;
}

/** A slice of toast (or bread) seen from above, centred on (x, y), half-size s. */
export function toast(x: number, y: number, s: number, rotation: number, colour: string): string {
  const shape = (k: number) =>
    `M${f(-s * k)} ${f(s * k)} V${f(-s * 0.5 * k)} Q${f(-s * k)} ${f(-s * 1.08 * k)} ${f(-s * 0.45 * k)} ${f(-s * 1.02 * k)} Q0 ${f(-s * 1.3 * k)} ${f(s * 0.45 * k)} ${f(-s * 1.02 * k)} Q${f(s * k)} ${f(-s * 1.08 * k)} ${f(s * k)} ${f(-s * 0.5 * k)} V${f(s * k)} Z`;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rotation)})"><path d="${shape(1)}" fill="${shade(colour, -0.25)}"/><path d="${shape(0.86)}" fill="${shade(colour, 0.45)}"/></g>`;
}
