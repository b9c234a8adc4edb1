/** The table around the dish: the patterned cloth, a napkin, cutlery or chopsticks. */
import { hexToRgb, shade } from "./colour.ts";
import { ACCENTS } from "./palette.ts";
import { pick, type Rand } from "./random.ts";
import { f, IMAGE_HEIGHT, IMAGE_WIDTH } from "./svg.ts";

/** Table cloth colours, light and a few dark ones. */
const BACKGROUNDS = [
  "#f3e6d0",
  "#e4efe0",
  "#f6dcd2",
  "#dfe8f1",
  "#f5ecc8",
  "#e9e1f0",
  "#d9eee9",
  "#f2e0e8",
  "#fbe3c4",
  "#d7e6d2",
  "#cfe3ec",
  "#f0d5c8",
  "#e8e4d6",
  "#dcdff2",
  "#f7d9d9",
  "#e2f0d2",
  "#3f5e5a",
  "#2f4858",
  "#6b4f4f",
  "#41644a",
  "#5b5f97",
  "#7a5c45",
];

/** The table cloth: its pattern and gradient (for <defs>) and the layers that cover the picture with them. */
interface Background {
  defs: string;
  svg: string;
}

/** A table cloth in one of six patterns, its colour, pattern size and angle drawn from `rand`. */
export function background(rand: Rand): Background {
  const base = pick(BACKGROUNDS, rand);
  const darkBg = hexToRgb(base).reduce((a, b) => a + b, 0) < 400;
  const ink = darkBg ? shade(base, 0.18) : shade(base, -0.07);
  const style = Math.floor(rand() * 6);
  const step = 60 + Math.floor(rand() * 50);
  let pattern: string;
  switch (style) {
    case 0:
      pattern = `<circle cx="${step / 2}" cy="${step / 2}" r="${f(4 + rand() * 5)}" fill="${ink}"/>`;
      break;
    case 1:
      pattern = `<path d="M0 ${step} L${step} 0" stroke="${ink}" stroke-width="${f(6 + rand() * 10)}"/>`;
      break;
    case 2:
      pattern = `<rect width="${step / 2}" height="${step}" fill="${ink}" opacity="0.6"/><rect width="${step}" height="${step / 2}" fill="${ink}" opacity="0.6"/>`;
      break;
    case 3:
      pattern = `<path d="M${step / 2 - 8} ${step / 2} h16 M${step / 2} ${step / 2 - 8} v16" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>`;
      break;
    case 4:
      pattern = `<path d="M0 ${step / 2} Q${step / 4} ${step / 2 - 14} ${step / 2} ${step / 2} T${step} ${step / 2}" stroke="${ink}" stroke-width="5" fill="none"/>`;
      break;
    default:
      pattern = `<path d="M${step / 2} ${step / 2 - 9} l9 15 h-18 Z" fill="${ink}"/>`;
  }
  const rotate = Math.round(rand() * 40 - 20);
  return {
    defs: `<pattern id="bg" width="${step}" height="${step}" patternUnits="userSpaceOnUse" patternTransform="rotate(${rotate})">${pattern}</pattern><radialGradient id="vignette" cx="50%" cy="50%" r="75%"><stop offset="60%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.18"/></radialGradient>`,
    svg: `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="${base}"/><rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#bg)"/><rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#vignette)"/>`,
  };
}

/** A folded napkin with two stripes, centred on (x, y). */
export function napkin(x: number, y: number, rand: Rand): string {
  const colour = pick(ACCENTS, rand);
  const r = Math.round(rand() * 50 - 25);
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${r})"><rect x="-150" y="-190" width="300" height="380" rx="14" fill="#00000022" transform="translate(10 14)"/><rect x="-150" y="-190" width="300" height="380" rx="14" fill="${colour}"/><path d="M-150 -120 H150 M-150 120 H150" stroke="${shade(colour, 0.35)}" stroke-width="14"/></g>`;
}

/** A fork, or a spoon, with its shadow, centred on (x, y). */
export function cutlery(x: number, y: number, rand: Rand, spoon: boolean): string {
  const r = Math.round(rand() * 30 - 15);
  const metal = "#d8dde3";
  const edge = "#aab2bb";
  const head = spoon
    ? `<ellipse cx="0" cy="-200" rx="42" ry="62" fill="${metal}" stroke="${edge}" stroke-width="4"/>`
    : `<path d="M-34 -260 v70 q0 40 34 40 q34 0 34 -40 v-70" fill="none" stroke="${metal}" stroke-width="12" stroke-linecap="round"/><path d="M-12 -260 v80 M12 -260 v80" stroke="${metal}" stroke-width="9" stroke-linecap="round"/>`;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${r})"><g transform="translate(8 10)" opacity="0.18">${head.replaceAll(metal, "#000").replaceAll(edge, "#000")}<rect x="-13" y="-150" width="26" height="330" rx="13" fill="#000"/></g>${head}<rect x="-13" y="-150" width="26" height="330" rx="13" fill="${metal}" stroke="${edge}" stroke-width="3"/></g>`;
}

/** A pair of chopsticks with their shadow, centred on (x, y). */
export function chopsticks(x: number, y: number, rand: Rand): string {
  const r = Math.round(rand() * 20 - 10);
  const wood = pick(["#c9955a", "#3b2f2a", "#b5452f"], rand);
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${r})"><g transform="translate(8 10)" opacity="0.18"><path d="M-22 -300 L-10 260 M22 -300 L10 260" stroke="#000" stroke-width="22" stroke-linecap="round"/></g><path d="M-22 -300 L-10 260 M22 -300 L10 260" stroke="${wood}" stroke-width="20" stroke-linecap="round"/><path d="M-22 -300 L-20 -200 M22 -300 L20 -200" stroke="${shade(wood, 0.3)}" stroke-width="20" stroke-linecap="round"/></g>`;
}
