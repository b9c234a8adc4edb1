/**
 * Where the pieces of food go: strewn evenly over an ellipse or a rectangle,
 * or in a wedge per ingredient, each piece sized by its kind and kept wholly
 * inside its dish.
 */
import { piece } from "./food-pieces.ts";
import type { Kind, Look } from "./looks.ts";
import type { Rand } from "./random.ts";

/** Relative size per kind, so that a fillet is bigger than a pea. */
const KIND_SCALE: Partial<Record<Kind, number>> = {
  dot: 1.1,
  seed: 1,
  herb: 0.8,
  chive: 0.9,
  potato: 1.2,
  floret: 1.3,
  shred: 1.5,
  ribbon: 1.4,
  fish: 2.2,
  roast: 2.2,
  egg: 1.6,
  bread: 1.8,
  pastry: 2.2,
  wrap: 1.7,
};
/** How far a piece reaches from its centre, relative to its size: keeps scattered food inside its dish. */
const KIND_EXTENT: Partial<Record<Kind, number>> = {
  leaf: 1.5,
  fish: 1.5,
  roast: 1.2,
  wrap: 1.6,
  stick: 1.15,
  strip: 1.15,
  egg: 1.45,
  bread: 1.35,
  pastry: 1.2,
  ribbon: 1.2,
  shred: 1.05,
};
/** Pieces so big or striking that more than a few would bury everything else. */
const CAPPED_KINDS: ReadonlySet<Kind> = new Set(["fish", "roast", "egg", "bread", "pastry", "wrap", "citrus"]);

/** Picks a position for a piece that reaches `margin` from its centre; `index` is the piece's look. */
type Sampler = (index: number, margin: number) => readonly [number, number];

/**
 * Places `count` pieces, cycling through the looks, at positions from `sample`. Each position is the
 * best of five candidates (the one farthest from the pieces so far), which spreads the food evenly
 * instead of in random clumps.
 */
function place(
  looks: readonly Pick<Look, "kind" | "colour">[],
  count: number,
  size: number,
  rand: Rand,
  sample: Sampler,
): string {
  const out: string[] = [];
  const placed: (readonly [number, number])[] = [];
  const cappedCount = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const index = i % looks.length;
    const look = looks[index];
    if (!look) break;
    if (CAPPED_KINDS.has(look.kind)) {
      const seen = cappedCount.get(index) ?? 0;
      if (seen >= 3) continue;
      cappedCount.set(index, seen + 1);
    }
    const s = size * (KIND_SCALE[look.kind] ?? 1) * (0.8 + rand() * 0.4);
    const margin = s * (KIND_EXTENT[look.kind] ?? 1);
    let best = sample(index, margin);
    let bestDistance = -1;
    for (let candidate = 0; candidate < 5; candidate++) {
      const point = candidate === 0 ? best : sample(index, margin);
      const nearest = placed.reduce(
        (min, [px, py]) => Math.min(min, Math.hypot(px - point[0], py - point[1])),
        Infinity,
      );
      if (nearest > bestDistance) {
        bestDistance = nearest;
        best = point;
      }
    }
    placed.push(best);
    out.push(piece(look.kind, look.colour, best[0], best[1], s, rand() * 360, rand));
  }
  return out.join("");
}

/** Scatters pieces inside the ellipse (rx, ry) around (cx, cy), each piece wholly inside. */
export function scatter(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  looks: readonly Pick<Look, "kind" | "colour">[],
  count: number,
  size: number,
  rand: Rand,
): string {
  return place(looks, count, size, rand, (_, margin) => {
    const angle = rand() * Math.PI * 2;
    const d = Math.sqrt(rand());
    return [cx + Math.cos(angle) * d * Math.max(0, rx - margin), cy + Math.sin(angle) * d * Math.max(0, ry - margin)];
  });
}

/** Scatters pieces inside a w × h rectangle centred on (cx, cy), each piece wholly inside. */
export function scatterRect(
  cx: number,
  cy: number,
  w: number,
  h: number,
  looks: readonly Pick<Look, "kind" | "colour">[],
  count: number,
  size: number,
  rand: Rand,
): string {
  return place(looks, count, size, rand, (_, margin) => [
    cx + (rand() - 0.5) * Math.max(0, w - 2 * margin),
    cy + (rand() - 0.5) * Math.max(0, h - 2 * margin),
  ]);
}

/** Gives each look its own wedge of a circle, the way bowls are topped: tidy and easy to read. */
export function sectors(
  cx: number,
  cy: number,
  radius: number,
  looks: readonly Pick<Look, "kind" | "colour">[],
  perLook: number,
  size: number,
  rand: Rand,
): string {
  const start = rand() * Math.PI * 2;
  const wedge = (Math.PI * 2) / Math.max(1, looks.length);
  const hole = radius * 0.18;
  return place(looks, looks.length * perLook, size, rand, (index, margin) => {
    const angle = start + (index + 0.15 + rand() * 0.7) * wedge;
    const d = hole + Math.sqrt(rand()) * Math.max(0, radius - margin - hole);
    return [cx + Math.cos(angle) * d, cy + Math.sin(angle) * d];
  });
}
