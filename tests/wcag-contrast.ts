/**
 * WCAG 2.x relative luminance and contrast ratio, shared by the stylesheet's
 * contrast table (tests/unit/colour-contrast.test.ts) and the dark-mode
 * browser test, which reads computed colours.
 */

export type Rgb = readonly [number, number, number];

/** Relative luminance of an sRGB colour with 0–255 channels: 0 for black, 1 for white. */
export function relativeLuminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** Contrast ratio from 1 to 21; the order of the two colours does not matter. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** A computed colour as the browser reports it ("rgb(30, 28, 25)"); throws on a translucent one. */
export function parseComputedRgb(value: string): Rgb {
  const match = value.match(/^rgb\((\d+), (\d+), (\d+)\)$/);
  if (!match) throw new Error(`not an opaque rgb() colour: ${value}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}
