/**
 * What every drawing in the seed images writes: the picture's size, numbers in
 * the SVG text, and the soft irregular outline of food.
 */
import type { Rand } from "./random.ts";

export const IMAGE_WIDTH = 1600;
export const IMAGE_HEIGHT = 1200;

/** Rounds to one decimal: keeps the SVG short without visible loss. */
export const f = (n: number): string => (Math.round(n * 10) / 10).toString();

/** A smooth, slightly irregular closed shape around (cx, cy) within rx × ry: sauce pools, potatoes, dollops. */
export function blobPath(cx: number, cy: number, rx: number, ry: number, rand: Rand, jitter = 0.12, count = 9): string {
  const points: (readonly [number, number])[] = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    const k = 1 - rand() * jitter;
    points.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
  }
  // Catmull-Rom through the points, written as cubic Béziers.
  const at = (i: number) => points[(i + count) % count] ?? [cx, cy];
  let d = `M${f(at(0)[0])} ${f(at(0)[1])}`;
  for (let i = 0; i < count; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    d += ` C${f(p1[0] + (p2[0] - p0[0]) / 6)} ${f(p1[1] + (p2[1] - p0[1]) / 6)} ${f(p2[0] - (p3[0] - p1[0]) / 6)} ${f(p2[1] - (p3[1] - p1[1]) / 6)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return `${d} Z`;
}
