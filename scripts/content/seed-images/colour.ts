/** Colour arithmetic on "#rrggbb" strings: shades, mixes and how light or bright a colour is. */

/** "#rrggbb" → [r, g, b], each 0 … 255. */
export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  const [r, g, b] = hexToRgb(hex);
  return toHex([r + (target - r) * a, g + (target - g) * a, b + (target - b) * a]);
}

function toHex(rgb: readonly [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** Mixes colours by weight (in RGB, which is good enough for flat illustration colours). */
export function mix(parts: readonly (readonly [string, number])[]): string {
  const rgbs = parts.map(([hex, weight]) => [hexToRgb(hex), weight] as const);
  const total = rgbs.reduce((sum, [, weight]) => sum + weight, 0) || 1;
  const channel = (i: 0 | 1 | 2) => rgbs.reduce((sum, [rgb, weight]) => sum + rgb[i] * weight, 0) / total;
  return toHex([channel(0), channel(1), channel(2)]);
}

/** Perceived lightness 0 … 1. */
export function lightness(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Saturation 0 … 1 (HSV), to tell pale food (cauliflower) from bright food (corn). */
export function saturation(hex: string): number {
  const rgb = hexToRgb(hex);
  const max = Math.max(...rgb);
  return max === 0 ? 0 : (max - Math.min(...rgb)) / max;
}
