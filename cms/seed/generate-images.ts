/**
 * Draws one illustration per seed recipe into cms/seed/images/<slug>.jpg (1600 × 1200 JPEG): a
 * friendly, flat food illustration on a patterned table cloth. The dish follows the recipe category
 * (deep bowl for soups, plate for pasta and dishes, pizza, burger from the side, salad bowl, board,
 * baking dish …), the food pieces follow the recipe's ingredients, and background, pattern, layout
 * and details vary with a PRNG seeded from the slug. No text, so the pictures suit every language.
 * Deterministic: the same recipes.json gives the same bytes.
 *
 * Run from the repository root after changing recipes.json:
 * `node cms/seed/generate-images.ts [slug …]` (no slugs: all recipes).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

const SEED_DIR = import.meta.dirname;
const W = 1600;
const H = 1200;

interface SeedRecipe {
  slug: string;
  type: string;
  ingredients: string[];
}

interface SeedIngredient {
  name: string;
  type: string;
}

type Rand = () => number;

// ------------------------------------------------------------------ randomness

/** FNV-1a, so that every slug starts its own PRNG sequence. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const char of text) {
    h ^= char.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small seedable PRNG (mulberry32), seeded from the slug. */
function prng(seed: string): Rand {
  let state = hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], rand: Rand): T {
  return items[Math.floor(rand() * items.length)] as T;
}

/** Rounds to one decimal: keeps the SVG short without visible loss. */
const f = (n: number): string => (Math.round(n * 10) / 10).toString();

// ------------------------------------------------------------------ colours

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  const [r, g, b] = hexToRgb(hex);
  return toHex([r + (target - r) * a, g + (target - g) * a, b + (target - b) * a]);
}

function toHex(rgb: readonly [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** Mixes colours by weight (in RGB, which is good enough for flat illustration colours). */
function mix(parts: readonly (readonly [string, number])[]): string {
  const rgbs = parts.map(([hex, weight]) => [hexToRgb(hex), weight] as const);
  const total = rgbs.reduce((sum, [, weight]) => sum + weight, 0) || 1;
  const channel = (i: 0 | 1 | 2) => rgbs.reduce((sum, [rgb, weight]) => sum + rgb[i] * weight, 0) / total;
  return toHex([channel(0), channel(1), channel(2)]);
}

/** Perceived lightness 0 … 1. */
function lightness(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Saturation 0 … 1 (HSV), to tell pale food (cauliflower) from bright food (corn). */
function saturation(hex: string): number {
  const rgb = hexToRgb(hex);
  const max = Math.max(...rgb);
  return max === 0 ? 0 : (max - Math.min(...rgb)) / max;
}

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
const ACCENTS = ["#e76f51", "#2a9d8f", "#e9c46a", "#f4a261", "#264653", "#8ab17d", "#b56576", "#6d597a", "#457b9d"];
const BOWL_COLOURS = ["#ffffff", "#f7f1e3", "#e8f1f2", "#fdf0d5", "#2f3e46", "#e5989b", "#84a59d", "#f6bd60"];

// ------------------------------------------------------------------ ingredients → looks

/** How a piece of food is drawn. */
type Kind =
  | "slice"
  | "berry"
  | "dot"
  | "bean"
  | "cube"
  | "potato"
  | "leaf"
  | "herb"
  | "chive"
  | "strip"
  | "shred"
  | "stick"
  | "ring"
  | "crumb"
  | "floret"
  | "mushroom"
  | "disc"
  | "shaving"
  | "blob"
  | "scramble"
  | "fish"
  | "roast"
  | "ribbon"
  | "shrimp"
  | "egg"
  | "wedge"
  | "citrus"
  | "nut"
  | "seed"
  | "gnocchi"
  | "bread"
  | "pastry"
  | "wrap";

interface Look {
  name: string;
  kind: Kind;
  colour: string;
  /** The ingredient category, e.g. "CHEESE". */
  type?: string | undefined;
}

interface Looks {
  /** Ingredients shown as pieces, in recipe order (the main ingredient first). */
  pieces: Look[];
  /** Colour of all sauces and liquids mixed, if the recipe has any. */
  liquid: string | undefined;
  /** Whether the liquid is a sauce that pools on the plate (tomato, cream, curry) rather than a seasoning. */
  pools: boolean;
  noodle: string | undefined;
  grain: string | undefined;
}

/** Kind and main colour of the ingredients that show as pieces. Names as in ingredients.json. */
const LOOKS: Record<string, readonly [Kind, string]> = {
  Tomate: ["slice", "#e0452b"],
  Kirschtomate: ["berry", "#e53b2c"],
  "Getrocknete Tomaten": ["strip", "#9c2b1b"],
  Zucchini: ["slice", "#5f9e3a"],
  Salatgurke: ["slice", "#7fb85a"],
  Brokkoli: ["floret", "#3f7d2c"],
  Blumenkohl: ["floret", "#efe6c8"],
  Spinat: ["leaf", "#2f6b2a"],
  Rucola: ["leaf", "#4d8a2f"],
  Feldsalat: ["leaf", "#3d7a30"],
  Eisbergsalat: ["leaf", "#a6d37c"],
  Römersalat: ["leaf", "#79b84f"],
  Weißkohl: ["shred", "#dfe8b8"],
  Erbsen: ["dot", "#79bf3f"],
  Edamame: ["bean", "#6aaa3a"],
  Avocado: ["wedge", "#9bc25a"],
  Paprika: ["strip", "#e2412f"],
  Karotte: ["slice", "#f08a24"],
  Kürbis: ["cube", "#f29a2e"],
  Süßkartoffel: ["cube", "#ee8b3a"],
  Kartoffel: ["potato", "#f0d58a"],
  Mais: ["dot", "#f6d23c"],
  "Rote Bete": ["cube", "#8e1f45"],
  "Rote Linsen": ["dot", "#e67c3b"],
  Kichererbsen: ["dot", "#e3c17d"],
  Kidneybohnen: ["bean", "#8a2b2b"],
  Champignons: ["mushroom", "#c9a27e"],
  Aubergine: ["slice", "#5b2d6e"],
  "Grüne Bohnen": ["stick", "#4f9a3c"],
  Zwiebel: ["ring", "#f1e3c6"],
  "Rote Zwiebel": ["ring", "#9b4a7d"],
  Frühlingszwiebel: ["ring", "#7cc45a"],
  Lauch: ["ring", "#b9d98a"],
  Staudensellerie: ["slice", "#a8cf7a"],
  Chilischote: ["ring", "#d7261e"],
  Knoblauch: ["crumb", "#f3ead2"],
  Ingwer: ["crumb", "#e4c07a"],
  Mozzarella: ["disc", "#fbf7ee"],
  Feta: ["cube", "#f7f3e6"],
  Parmesan: ["shaving", "#f1dd9b"],
  Ziegenkäse: ["disc", "#f8f4ea"],
  Halloumi: ["cube", "#f0d9a0"],
  Cheddar: ["cube", "#f2a93b"],
  Gouda: ["cube", "#f4cf5c"],
  Bergkäse: ["shaving", "#eec86a"],
  Frischkäse: ["blob", "#fbf8f0"],
  Quark: ["blob", "#fbf8f2"],
  Naturjoghurt: ["blob", "#fdfbf5"],
  "Griechischer Joghurt": ["blob", "#fdfaf2"],
  Schmand: ["blob", "#fbf7ec"],
  "Crème fraîche": ["blob", "#fdf8ea"],
  Schlagsahne: ["blob", "#ffffff"],
  Sprühsahne: ["blob", "#ffffff"],
  Lachsfilet: ["fish", "#f4845f"],
  Räucherlachs: ["ribbon", "#f26d50"],
  Garnelen: ["shrimp", "#f5876a"],
  Hähnchenbrust: ["cube", "#e0b07a"],
  Putenbrust: ["strip", "#e3b689"],
  Rinderhackfleisch: ["crumb", "#7a3f2a"],
  Speck: ["cube", "#c0574a"],
  Schinken: ["ribbon", "#e58c8c"],
  Chorizo: ["slice", "#b63a2a"],
  Thunfisch: ["crumb", "#c9a189"],
  Ei: ["egg", "#f7c948"],
  Beeren: ["berry", "#8e2a5d"],
  Mango: ["cube", "#f6b13c"],
  Banane: ["slice", "#f5e6a0"],
  Apfel: ["wedge", "#d9493d"],
  Birne: ["wedge", "#c7d15a"],
  Granatapfel: ["dot", "#c0213a"],
  Zitrone: ["citrus", "#f4e04d"],
  Limette: ["citrus", "#8cc63f"],
  Orange: ["citrus", "#f59a23"],
  Ananas: ["cube", "#f7d44c"],
  Oliven: ["ring", "#3a3a2e"],
  Basilikum: ["herb", "#3f8f3a"],
  Petersilie: ["herb", "#3e8e41"],
  Koriander: ["herb", "#4b9a3f"],
  Dill: ["herb", "#6aa84f"],
  Schnittlauch: ["chive", "#4f9a3c"],
  Rosmarin: ["chive", "#4a6b3a"],
  Thymian: ["herb", "#5d7a45"],
  Tofu: ["cube", "#f3e9cf"],
  Gnocchi: ["gnocchi", "#ecd9a5"],
  Walnüsse: ["nut", "#9b6b43"],
  Mandeln: ["nut", "#c48a5a"],
  Cashewkerne: ["nut", "#e8cf9c"],
  Pinienkerne: ["seed", "#ecd8a6"],
  Kürbiskerne: ["seed", "#4f7a3a"],
  Sesam: ["seed", "#f1e4c0"],
  Haferflocken: ["shaving", "#e2cc98"],
  Baguette: ["bread", "#d9a25f"],
  Toastbrot: ["bread", "#e2b574"],
  "Tortilla-Wraps": ["wrap", "#f0d9a6"],
  Blätterteig: ["pastry", "#e6b55c"],
  Kapern: ["dot", "#6b7d3a"],
  Erdnussbutter: ["blob", "#b9803f"],
};
/** Fallback looks by ingredient category, for ingredients without an entry in LOOKS. */
const TYPE_LOOKS: Record<string, readonly [Kind, string]> = {
  CHEESE: ["cube", "#f4d06f"],
  MILK_PRODUCT: ["blob", "#fbf6ea"],
  VEGETABLE: ["cube", "#5f9e3a"],
  MEAT: ["cube", "#c2664f"],
  FRUIT: ["cube", "#f08c3a"],
  NUT: ["nut", "#a5764d"],
  WHIP: ["blob", "#fffaf0"],
};
/** Ingredients that colour a sauce or liquid rather than showing as pieces: colour, weight, pools. */
const SAUCES: Record<string, readonly [string, number, boolean]> = {
  "Passierte Tomaten": ["#c8321f", 3, true],
  Tomatenmark: ["#b8301d", 1.5, true],
  Kokosmilch: ["#f3e7cf", 1, true],
  Sahne: ["#f7efdc", 1, true],
  "Hafer-Sahne": ["#f2e8d2", 1, true],
  Milch: ["#faf5ea", 0.6, false],
  Hafermilch: ["#efe4cc", 0.6, false],
  "Rote Currypaste": ["#d9623a", 2, true],
  "Grüne Currypaste": ["#8fae4a", 2, true],
  Currypulver: ["#e0a030", 1.5, false],
  Kurkuma: ["#e8b22f", 1.5, false],
  "Garam Masala": ["#b8652f", 1, false],
  "Miso-Paste": ["#c9a46a", 2, false],
  Sojasoße: ["#7a4a2a", 0.5, false],
  Gemüsebrühe: ["#e6c27a", 0.5, false],
};
/** Spices that colour pale food in the pan (cauliflower, chickpeas, potatoes). */
const SPICES: Record<string, string> = {
  Currypulver: "#e0a030",
  Kurkuma: "#e8b22f",
  "Garam Masala": "#b8652f",
  Paprikapulver: "#c9562c",
};
/** Dairy that makes a soup creamy (lighter colour, a swirl on top) instead of floating in pieces. */
const CREAMS = new Set(["Frischkäse", "Schmand", "Crème fraîche", "Sahne", "Kokosmilch", "Hafer-Sahne"]);
/** Melts away (butter) or is too small to read at thumbnail size unless it is the main ingredient. */
const HIDDEN = new Set(["Butter"]);
const AROMATICS = new Set(["Knoblauch", "Ingwer"]);
type NoodleShape = "strands" | "ribbons" | "thin" | "tubes" | "spirals" | "cups" | "spaetzle" | "gnocchi";
const NOODLE_SHAPES: Record<string, NoodleShape> = {
  Spaghetti: "strands",
  Tagliatelle: "ribbons",
  Reisnudeln: "thin",
  Penne: "tubes",
  Fusilli: "spirals",
  Orecchiette: "cups",
  Spätzle: "spaetzle",
  Gnocchi: "gnocchi",
};
const GRAINS: Record<string, string> = {
  Basmatireis: "#fbf8ef",
  Jasminreis: "#fbf8f0",
  Risottoreis: "#f4ead0",
  Sushireis: "#ffffff",
};

/** How an egg shows, by category: fried on pizza, plates and breakfast; hidden in pasta sauce, batter, breading. */
function eggKind(recipe: SeedRecipe): Kind | undefined {
  if (recipe.type === "DISH") return GRAINS[recipe.ingredients[0] ?? ""] ? "scramble" : "egg";
  return ["BREAKFAST", "PIZZA"].includes(recipe.type) ? "egg" : undefined;
}

function looksOf(recipe: SeedRecipe, typeOf: Map<string, string>): Looks {
  const names = recipe.ingredients;
  const spice = names.map((name) => SPICES[name]).find((colour) => colour !== undefined);
  const pieces: Look[] = [];
  for (const [index, name] of names.entries()) {
    if (HIDDEN.has(name) || GRAINS[name] || SAUCES[name] || (AROMATICS.has(name) && index > 1)) continue;
    if (NOODLE_SHAPES[name] && recipe.type === "PASTA") continue;
    const type = typeOf.get(name);
    const look = LOOKS[name] ?? (type ? TYPE_LOOKS[type] : undefined);
    if (!look) continue;
    const kind = name === "Ei" ? eggKind(recipe) : look[0];
    if (!kind) continue;
    let colour = look[1];
    if (spice && kind !== "blob" && lightness(colour) > 0.7 && saturation(colour) < 0.5)
      colour = mix([
        [colour, 0.6],
        [spice, 0.4],
      ]);
    pieces.push({ name, kind, colour, type });
  }
  const parts = names.flatMap((name) => {
    const sauce = SAUCES[name];
    return sauce ? [[sauce[0], sauce[1]] as const] : [];
  });
  let pools = names.some((name) => SAUCES[name]?.[2]);
  if (recipe.type === "PASTA" && names.includes("Ei")) {
    // Carbonara: the egg becomes a glossy yellow sauce.
    parts.push(["#f4d77a", 3]);
    pools = true;
  }
  if (recipe.type === "PASTA" && names.includes("Basilikum") && names.includes("Pinienkerne")) {
    parts.push(["#4f8a2c", 4]);
    pools = true;
  }
  if (pieces.length === 0) pieces.push({ name: "?", kind: "cube", colour: "#d9a25f", type: undefined });
  return {
    pieces,
    liquid: parts.length ? mix(parts) : undefined,
    pools,
    noodle: names.find((name) => NOODLE_SHAPES[name]),
    grain: names.find((name) => GRAINS[name]),
  };
}

// ------------------------------------------------------------------ food pieces

/** A smooth, slightly irregular closed shape around (cx, cy) within rx × ry: sauce pools, potatoes, dollops. */
function blobPath(cx: number, cy: number, rx: number, ry: number, rand: Rand, jitter = 0.12, count = 9): string {
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

/** One piece of food centred at (x, y), size s (radius-ish), rotated by r degrees. */
function piece(kind: Kind, colour: string, x: number, y: number, s: number, r: number, rand: Rand): string {
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
function scatter(
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
function scatterRect(
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
function sectors(
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

// ------------------------------------------------------------------ backgrounds and table

interface Background {
  defs: string;
  svg: string;
}

function background(rand: Rand): Background {
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
    svg: `<rect width="${W}" height="${H}" fill="${base}"/><rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#vignette)"/>`,
  };
}

function napkin(x: number, y: number, rand: Rand): string {
  const colour = pick(ACCENTS, rand);
  const r = Math.round(rand() * 50 - 25);
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${r})"><rect x="-150" y="-190" width="300" height="380" rx="14" fill="#00000022" transform="translate(10 14)"/><rect x="-150" y="-190" width="300" height="380" rx="14" fill="${colour}"/><path d="M-150 -120 H150 M-150 120 H150" stroke="${shade(colour, 0.35)}" stroke-width="14"/></g>`;
}

function cutlery(x: number, y: number, rand: Rand, spoon: boolean): string {
  const r = Math.round(rand() * 30 - 15);
  const metal = "#d8dde3";
  const edge = "#aab2bb";
  const head = spoon
    ? `<ellipse cx="0" cy="-200" rx="42" ry="62" fill="${metal}" stroke="${edge}" stroke-width="4"/>`
    : `<path d="M-34 -260 v70 q0 40 34 40 q34 0 34 -40 v-70" fill="none" stroke="${metal}" stroke-width="12" stroke-linecap="round"/><path d="M-12 -260 v80 M12 -260 v80" stroke="${metal}" stroke-width="9" stroke-linecap="round"/>`;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${r})"><g transform="translate(8 10)" opacity="0.18">${head.replaceAll(metal, "#000").replaceAll(edge, "#000")}<rect x="-13" y="-150" width="26" height="330" rx="13" fill="#000"/></g>${head}<rect x="-13" y="-150" width="26" height="330" rx="13" fill="${metal}" stroke="${edge}" stroke-width="3"/></g>`;
}

function shadow(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${f(cx + 14)}" cy="${f(cy + 22)}" rx="${f(rx)}" ry="${f(ry)}" fill="#000" opacity="0.16" filter="url(#soft)"/>`;
}

function plate(cx: number, cy: number, r: number, rand: Rand): string {
  const colour = pick(BOWL_COLOURS.slice(0, 4), rand);
  const rim = shade(colour, -0.06);
  return `${shadow(cx, cy, r, r)}<circle cx="${f(cx)}" cy="${f(cy)}" r="${r}" fill="${colour}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.97)}" fill="none" stroke="${rim}" stroke-width="4"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.74)}" fill="${shade(colour, -0.03)}" stroke="${rim}" stroke-width="3"/>`;
}

function bowl(cx: number, cy: number, r: number, colour: string, inner: string): string {
  return `${shadow(cx, cy, r, r)}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${colour}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.9)}" fill="${shade(colour, -0.12)}"/><circle cx="${f(cx)}" cy="${f(cy + r * 0.03)}" r="${f(r * 0.86)}" fill="${inner}"/>`;
}

function chopsticks(x: number, y: number, rand: Rand): string {
  const r = Math.round(rand() * 20 - 10);
  const wood = pick(["#c9955a", "#3b2f2a", "#b5452f"], rand);
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${r})"><g transform="translate(8 10)" opacity="0.18"><path d="M-22 -300 L-10 260 M22 -300 L10 260" stroke="#000" stroke-width="22" stroke-linecap="round"/></g><path d="M-22 -300 L-10 260 M22 -300 L10 260" stroke="${wood}" stroke-width="20" stroke-linecap="round"/><path d="M-22 -300 L-20 -200 M22 -300 L20 -200" stroke="${shade(wood, 0.3)}" stroke-width="20" stroke-linecap="round"/></g>`;
}

/** A cast-iron pan with its handle pointing to `side` (1: right, -1: left). */
function skillet(cx: number, cy: number, r: number, side: 1 | -1, rand: Rand): string {
  const iron = pick(["#2f3437", "#3a3f44", "#4a3b35", "#37474f"], rand);
  const angle = side > 0 ? 15 + rand() * 25 : 140 + rand() * 25;
  const handle = `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(angle)})"><rect x="${f(r * 0.9)}" y="-36" width="${f(r * 0.68)}" height="72" rx="30" fill="${iron}"/><circle cx="${f(r * 1.48)}" r="14" fill="${shade(iron, -0.35)}"/></g>`;
  return `${shadow(cx, cy, r, r)}${handle}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${iron}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.88)}" fill="${shade(iron, 0.1)}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.94)}" fill="none" stroke="${shade(iron, 0.25)}" stroke-width="4" opacity="0.6"/>`;
}

/** A ceramic baking dish with handles, its inside filled with `fill` (sauce, cheese, roasting juices). */
function casserole(cx: number, cy: number, w: number, h: number, fill: string, rand: Rand): string {
  const dishColour = pick(["#c2553a", "#f4f1ea", "#2a6f97", "#e9c46a", "#3b4a5a"], rand);
  return `${shadow(cx, cy, w / 2 + 40, h / 2)}<rect x="${f(cx - w / 2 - 80)}" y="${f(cy - 60)}" width="${w + 160}" height="120" rx="50" fill="${shade(dishColour, -0.15)}"/><rect x="${f(cx - w / 2)}" y="${f(cy - h / 2)}" width="${w}" height="${h}" rx="80" fill="${dishColour}"/><rect x="${f(cx - w / 2 + 14)}" y="${f(cy - h / 2 + 12)}" width="${w - 28}" height="${h - 28}" rx="70" fill="none" stroke="${shade(dishColour, 0.25)}" stroke-width="5" opacity="0.7"/><rect x="${f(cx - w / 2 + 50)}" y="${f(cy - h / 2 + 50)}" width="${w - 100}" height="${h - 100}" rx="50" fill="${fill}"/>`;
}

/** A metal baking sheet covered with baking paper. */
function bakingSheet(cx: number, cy: number, w: number, h: number, rand: Rand): string {
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
function woodenBoard(cx: number, cy: number, w: number, h: number, rand: Rand): string {
  const wood = pick(["#c08a55", "#d3a373", "#a47148", "#e0b887"], rand);
  let out = `${shadow(cx, cy, w / 2, h / 2)}<rect x="${f(cx - w / 2)}" y="${f(cy - h / 2)}" width="${w}" height="${h}" rx="60" fill="${wood}"/><rect x="${f(cx + w / 2 - 20)}" y="${f(cy - 60)}" width="140" height="120" rx="50" fill="${wood}"/><circle cx="${f(cx + w / 2 + 70)}" cy="${f(cy)}" r="22" fill="${shade(wood, -0.2)}"/>`;
  for (let i = 0; i < 7; i++) {
    const y = cy - h / 2 + 60 + i * ((h - 100) / 7) + rand() * 20;
    out += `<path d="M${f(cx - w / 2 + 40)} ${f(y)} q${f(w / 4)} ${f(rand() * 30 - 15)} ${f(w / 2)} 0 t${f(w / 2 - 80)} 0" stroke="${shade(wood, -0.12)}" stroke-width="4" fill="none" opacity="0.6"/>`;
  }
  return out;
}

// ------------------------------------------------------------------ dishes

type Tool = "spoon" | "fork" | "chopsticks" | "none";

/** Everything a dish needs to draw itself. */
interface Scene {
  recipe: SeedRecipe;
  looks: Looks;
  cx: number;
  cy: number;
  /** The side of the dish where cutlery (or a pan handle, or a cup) goes; the napkin goes opposite. */
  side: 1 | -1;
  rand: Rand;
  has: (name: string) => boolean;
  typeOf: Map<string, string>;
}

/** The drawn dish and what goes next to it. */
interface Food {
  svg: string;
  tool: Tool;
  napkin: boolean;
}

const HERB: Pick<Look, "kind" | "colour"> = { kind: "herb", colour: "#3e8e41" };

/** Browns pale pieces the way the pan or the oven does (cauliflower, potatoes, onions; not cheese or lemon). */
function roasted(looks: readonly Look[]): Look[] {
  return looks.map((p) =>
    p.kind !== "blob" && p.kind !== "citrus" && p.type !== "CHEESE" && lightness(p.colour) > 0.7
      ? {
          ...p,
          colour: mix([
            [p.colour, 3],
            ["#b8702a", 1],
          ]),
        }
      : p,
  );
}

/** Puts the main ingredient in twice, so that there is more of it than of the garnish. */
function weighted(looks: readonly Look[]): Look[] {
  const first = looks[0];
  return first ? [first, ...looks] : [];
}

function soup(scene: Scene): Food {
  const { recipe, looks, cx, cy, rand } = scene;
  const first = recipe.ingredients[0] ?? "";
  // The main ingredient colours the soup (pumpkin, broccoli, peas …), sauces and cream shift it.
  const parts: [string, number][] = [];
  const firstSauce = SAUCES[first];
  const firstLook = LOOKS[first];
  if (firstSauce) parts.push([firstSauce[0], 3]);
  else if (firstLook && scene.typeOf.get(first) !== "MEAT") parts.push([firstLook[1], 2.5]);
  for (const name of recipe.ingredients.slice(1)) {
    const sauce = SAUCES[name];
    if (sauce) parts.push([sauce[0], sauce[1]]);
    else if (CREAMS.has(name)) parts.push(["#f7efdc", 1]);
  }
  const liquid = parts.length ? mix(parts) : "#e6c27a";
  const creamy = recipe.ingredients.some((name) => CREAMS.has(name));
  const r = 380 + rand() * 40;
  let out = `<radialGradient id="liquid" cx="45%" cy="40%" r="60%"><stop offset="0%" stop-color="${shade(liquid, 0.16)}"/><stop offset="85%" stop-color="${liquid}"/><stop offset="100%" stop-color="${shade(liquid, -0.18)}"/></radialGradient>`;
  out += bowl(cx, cy, r, pick(BOWL_COLOURS, rand), "url(#liquid)");
  const inner = r * 0.86;
  if (creamy || rand() < 0.35) {
    const a = rand() * 360;
    const swirl = shade(liquid, lightness(liquid) > 0.8 ? -0.12 : 0.75);
    out += `<path d="M${f(cx - 120)} ${f(cy)} C${f(cx - 120)} ${f(cy - 130)} ${f(cx + 110)} ${f(cy - 120)} ${f(cx + 90)} ${f(cy + 10)} C${f(cx + 70)} ${f(cy + 90)} ${f(cx - 40)} ${f(cy + 80)} ${f(cx - 30)} ${f(cy + 10)}" stroke="${swirl}" stroke-width="16" fill="none" stroke-linecap="round" opacity="0.85" transform="rotate(${f(a)} ${f(cx)} ${f(cy)})"/>`;
  }
  const toppings = looks.pieces.filter((p) => p.kind !== "blob").slice(0, 5);
  if (toppings.length)
    out += scatter(cx, cy, inner * 0.9, inner * 0.9, toppings, 16 + Math.floor(rand() * 8), 36, rand);
  if (!toppings.some((p) => p.kind === "herb")) out += scatter(cx, cy, inner * 0.85, inner * 0.85, [HERB], 8, 28, rand);
  return { svg: out, tool: "spoon", napkin: true };
}
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
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand()) * radius;
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
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

function pasta(scene: Scene): Food {
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

function pizza(scene: Scene): Food {
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
      const a = rand() * Math.PI * 2;
      const d = Math.sqrt(rand()) * r * 0.62;
      out += `<path d="${blobPath(cx + Math.cos(a) * d, cy + Math.sin(a) * d, 50 + rand() * 40, 40 + rand() * 30, rand, 0.3)}" fill="${melt}" opacity="0.92"/>`;
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

/** Burgers are drawn from the side: from above, a burger is just a bun. */
function burger(scene: Scene): Food {
  const { looks, rand } = scene;
  const cx = W / 2 + (rand() - 0.5) * 120;
  const base = 880;
  const bw = 330 + rand() * 30;
  const bun = rand() < 0.5 ? "#d9923f" : "#c9823a";
  const protein = looks.pieces.find(
    (p) => p.type === "MEAT" || p.type === "CHEESE" || ["fish", "crumb", "cube", "mushroom", "dot"].includes(p.kind),
  );
  const patty = protein?.name === "Rinderhackfleisch" ? "#6b3a26" : protein ? shade(protein.colour, -0.2) : "#8a5a3b";
  const cheese = looks.pieces.find((p) => p.type === "CHEESE" && p !== protein);
  const greens = looks.pieces.find((p) => p.kind === "leaf")?.colour ?? "#6ab04c";
  const tomato = looks.pieces.some((p) => p.name === "Tomate" || p.name === "Kirschtomate");
  let y = base;
  const layers: string[] = [];
  layers.push(
    `<ellipse cx="${f(cx)}" cy="${f(base + 30)}" rx="${f(bw + 160)}" ry="60" fill="${rand() < 0.5 ? "#ffffff" : "#c08a55"}"/>`,
  );
  layers.push(
    `<ellipse cx="${f(cx + 20)}" cy="${f(base + 40)}" rx="${f(bw + 60)}" ry="36" fill="#000" opacity="0.15" filter="url(#soft)"/>`,
  );
  layers.push(
    `<rect x="${f(cx - bw)}" y="${f(y - 110)}" width="${f(bw * 2)}" height="110" rx="40" fill="${bun}"/><rect x="${f(cx - bw + 20)}" y="${f(y - 110)}" width="${f(bw * 2 - 40)}" height="24" rx="12" fill="${shade(bun, 0.35)}"/>`,
  );
  y -= 110;
  const lettuceWidth = (bw * 2 + 40) / 9;
  const waves = Array.from(
    { length: 9 },
    (_, i) =>
      `Q${f(cx - bw - 20 + (i + 0.5) * lettuceWidth)} ${f(y + 30)} ${f(cx - bw - 20 + (i + 1) * lettuceWidth)} ${f(y - 10)}`,
  ).join(" ");
  layers.push(
    `<path d="M${f(cx - bw - 20)} ${f(y - 10)} ${waves} L${f(cx + bw + 20)} ${f(y - 30)} L${f(cx - bw - 20)} ${f(y - 30)} Z" fill="${greens}"/>`,
  );
  y -= 30;
  layers.push(
    `<rect x="${f(cx - bw - 10)}" y="${f(y - 100)}" width="${f(bw * 2 + 20)}" height="100" rx="46" fill="${patty}"/><path d="M${f(cx - bw + 30)} ${f(y - 60)} h${f(bw * 2 - 60)}" stroke="${shade(patty, -0.3)}" stroke-width="6" stroke-dasharray="30 24" stroke-linecap="round"/>`,
  );
  y -= 100;
  if (cheese) {
    const c = cheese.colour;
    layers.push(
      `<path d="M${f(cx - bw - 20)} ${f(y - 10)} H${f(cx + bw + 20)} L${f(cx + bw - 20)} ${f(y + 40)} L${f(cx + bw - 60)} ${f(y + 5)} L${f(cx + 40)} ${f(y + 55)} L${f(cx - 20)} ${f(y + 5)} L${f(cx - bw + 40)} ${f(y + 45)} L${f(cx - bw)} ${f(y + 5)} Z" fill="${c}" stroke="${shade(c, -0.12)}" stroke-width="3"/>`,
    );
    y -= 14;
  }
  if (tomato) {
    layers.push(
      `<rect x="${f(cx - bw + 10)}" y="${f(y - 38)}" width="${f(bw - 10)}" height="38" rx="16" fill="#e0452b"/><rect x="${f(cx + 5)}" y="${f(y - 38)}" width="${f(bw - 15)}" height="38" rx="16" fill="#d63b25"/>`,
    );
    y -= 38;
  }
  const extra = looks.pieces.find(
    (p) => ["slice", "strip", "ring", "wedge"].includes(p.kind) && p !== protein && !p.name.includes("Tomate"),
  );
  if (extra) {
    layers.push(
      `<rect x="${f(cx - bw + 30)}" y="${f(y - 26)}" width="${f(bw * 2 - 60)}" height="26" rx="13" fill="${extra.colour}"/>`,
    );
    y -= 26;
  }
  layers.push(
    `<path d="M${f(cx - bw - 10)} ${f(y)} Q${f(cx - bw - 10)} ${f(y - 260)} ${f(cx)} ${f(y - 260)} Q${f(cx + bw + 10)} ${f(y - 260)} ${f(cx + bw + 10)} ${f(y)} Z" fill="${bun}"/><path d="M${f(cx - bw + 40)} ${f(y - 120)} Q${f(cx - bw + 60)} ${f(y - 220)} ${f(cx - 60)} ${f(y - 235)}" stroke="${shade(bun, 0.35)}" stroke-width="22" fill="none" stroke-linecap="round" opacity="0.7"/>`,
  );
  for (let i = 0; i < 18; i++) {
    const sx = cx + (rand() - 0.5) * bw * 1.5;
    const sy = y - 60 - rand() * 170 * (1 - Math.abs(sx - cx) / (bw * 1.2));
    layers.push(
      `<ellipse cx="${f(sx)}" cy="${f(sy)}" rx="9" ry="5" fill="#f6e7c8" transform="rotate(${Math.round(rand() * 180)} ${f(sx)} ${f(sy)})"/>`,
    );
  }
  if (rand() < 0.7) {
    const fx = cx + (rand() < 0.5 ? -1 : 1) * (bw + 210);
    for (let i = 0; i < 9; i++)
      layers.push(
        `<rect x="${f(fx - 60 + i * 14)}" y="${f(base - 180 - rand() * 60)}" width="22" height="200" rx="8" fill="#f2c14e" stroke="#d99a2b" stroke-width="3" transform="rotate(${Math.round(rand() * 16 - 8)} ${f(fx)} ${f(base)})"/>`,
      );
    layers.push(
      `<path d="M${f(fx - 90)} ${f(base - 110)} L${f(fx + 90)} ${f(base - 110)} L${f(fx + 70)} ${f(base + 20)} L${f(fx - 70)} ${f(base + 20)} Z" fill="${pick(ACCENTS, rand)}"/>`,
    );
  }
  return { svg: layers.join(""), tool: "none", napkin: false };
}

function salad(scene: Scene): Food {
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

/** Rice as a mound of grains inside radius r. */
function rice(cx: number, cy: number, r: number, colour: string, rand: Rand): string {
  let out = `<path d="${blobPath(cx, cy, r, r * 0.95, rand, 0.08)}" fill="${colour}" stroke="${shade(colour, -0.08)}" stroke-width="4"/>`;
  const grains = Math.round((r * r) / 300);
  for (let i = 0; i < grains; i++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand()) * (r * 0.88 - 12);
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="11" ry="5" fill="${shade(colour, -0.07)}" transform="rotate(${Math.round(rand() * 180)} ${f(x)} ${f(y)})"/>`;
  }
  return out;
}

function dish(scene: Scene): Food {
  const { recipe, looks, cx, cy, rand, side } = scene;
  const asian = recipe.ingredients.some((name) => scene.typeOf.get(name) === "ASIAN");
  const tool: Tool = asian ? "chopsticks" : "fork";
  if (!looks.grain && !looks.pools) {
    // Pan-fried without sauce or rice (fried potatoes, garlic prawns): served in the pan.
    const r = 400;
    let out = skillet(cx, cy, r, side, rand);
    const bread = looks.pieces.find((p) => p.kind === "bread");
    const main = roasted(looks.pieces.filter((p) => p.kind !== "bread").slice(0, 6));
    out += scatter(cx, cy, r * 0.86, r * 0.86, weighted(main), 28 + Math.floor(rand() * 8), 40, rand);
    if (bread) {
      const x = cx - side * (r + 130);
      for (let i = 0; i < 3; i++)
        out += piece("bread", bread.colour, x + (rand() - 0.5) * 40, cy - 220 + i * 200, 78, 80 + rand() * 20, rand);
    }
    return { svg: out, tool: "none", napkin: !bread };
  }
  const r = 440;
  let out = plate(cx, cy, r, rand);
  const toppings = looks.pieces.slice(0, 6);
  if (looks.grain && recipe.ingredients[0] === looks.grain) {
    // The rice is the dish (fried rice, risotto): a full plate of rice with the rest mixed in.
    const grainColour = GRAINS[looks.grain] ?? "#fbf8ef";
    // Fried in a seasoning (soy sauce, broth), rice turns golden rather than grey.
    const colour = looks.liquid
      ? mix([
          [grainColour, 3],
          [looks.liquid, 0.6],
          ["#f0c060", 1],
        ])
      : grainColour;
    out += rice(cx, cy, 300, colour, rand);
    out += scatter(cx, cy, 290, 285, toppings, 30 + Math.floor(rand() * 8), 34, rand);
    return { svg: out, tool, napkin: true };
  }
  if (looks.grain) {
    const a = rand() * Math.PI * 2;
    out += rice(cx + Math.cos(a) * 140, cy + Math.sin(a) * 140, 170, GRAINS[looks.grain] ?? "#fbf8ef", rand);
    const ox = cx - Math.cos(a) * 130;
    const oy = cy - Math.sin(a) * 130;
    const cream = looks.pieces.find((p) => p.kind === "blob");
    if (looks.pools && looks.liquid)
      out += `<path d="${blobPath(ox, oy, 190, 170, rand, 0.12)}" fill="${looks.liquid}"/>`;
    else if (cream) out += `<path d="${blobPath(ox, oy, 190, 170, rand, 0.12)}" fill="${shade(cream.colour, -0.06)}"/>`;
    else if (looks.liquid)
      out += `<path d="${blobPath(ox, oy, 185, 165, rand, 0.2)}" fill="${looks.liquid}" opacity="0.35"/>`;
    const main = toppings.filter((p) => p.kind !== "blob");
    out += scatter(ox, oy, 190, 170, weighted(main.length ? main : toppings), 28 + Math.floor(rand() * 6), 40, rand);
    return { svg: out, tool, napkin: true };
  }
  // A saucy dish without rice (chili): sauce over the whole plate.
  if (looks.liquid) out += `<path d="${blobPath(cx, cy, 305, 295, rand, 0.08)}" fill="${looks.liquid}"/>`;
  out += scatter(cx, cy, 295, 285, weighted(toppings), 34 + Math.floor(rand() * 8), 34, rand);
  if (!toppings.some((p) => p.kind === "herb")) out += scatter(cx, cy, 260, 260, [HERB], 8, 30, rand);
  return { svg: out, tool, napkin: true };
}

/** A slice of toast (or bread) seen from above, centred on (x, y), half-size s. */
function toast(x: number, y: number, s: number, rotation: number, colour: string): string {
  const shape = (k: number) =>
    `M${f(-s * k)} ${f(s * k)} V${f(-s * 0.5 * k)} Q${f(-s * k)} ${f(-s * 1.08 * k)} ${f(-s * 0.45 * k)} ${f(-s * 1.02 * k)} Q0 ${f(-s * 1.3 * k)} ${f(s * 0.45 * k)} ${f(-s * 1.02 * k)} Q${f(s * k)} ${f(-s * 1.08 * k)} ${f(s * k)} ${f(-s * 0.5 * k)} V${f(s * k)} Z`;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rotation)})"><path d="${shape(1)}" fill="${shade(colour, -0.25)}"/><path d="${shape(0.86)}" fill="${shade(colour, 0.45)}"/></g>`;
}

function breakfast(scene: Scene): Food {
  const { looks, cx, cy, rand, side, has, recipe } = scene;
  let out = "";
  const without = (...names: string[]) => looks.pieces.filter((p) => !names.includes(p.name));
  if (has("Mehl") || (has("Banane") && has("Ei"))) {
    // Pancakes: a stack with the fruit on top.
    out += plate(cx, cy, 420, rand);
    for (let i = 0; i < 4; i++)
      out += `<circle cx="${f(cx + i * 5)}" cy="${f(cy + 36 - i * 14)}" r="235" fill="#d9954a" stroke="#b87a3a" stroke-width="6"/>`;
    const tx = cx + 20;
    const ty = cy - 20;
    out += `<circle cx="${f(tx)}" cy="${f(ty)}" r="222" fill="#e8ad5f"/><path d="${blobPath(tx - 10, ty - 10, 170, 160, rand, 0.15)}" fill="#efbd72" opacity="0.8"/>`;
    if (has("Ahornsirup") || has("Honig"))
      out += `<path d="${blobPath(tx, ty, 150, 135, rand, 0.4, 11)}" fill="#b5651d" opacity="0.55"/>`;
    if (has("Butter"))
      out += `<rect x="${f(tx - 40)}" y="${f(ty - 32)}" width="80" height="64" rx="12" fill="#f8e08e" stroke="#e8c45e" stroke-width="4" transform="rotate(${f(rand() * 40 - 20)} ${f(tx)} ${f(ty)})"/>`;
    const fruit = without("Ei", "Haferflocken");
    out += scatter(tx, ty, 200, 200, fruit.length ? fruit : looks.pieces, 16, 34, rand);
  } else if (has("Ei") && has("Passierte Tomaten")) {
    // Shakshuka: eggs poached in tomato sauce, served in the pan.
    const r = 390;
    out += skillet(cx, cy, r, side, rand);
    out += `<path d="${blobPath(cx, cy, r * 0.86, r * 0.86, rand, 0.04)}" fill="${looks.liquid ?? "#c8321f"}"/>`;
    out += scatter(cx, cy, r * 0.84, r * 0.84, without("Ei"), 24, 30, rand);
    const start = rand() * Math.PI * 2;
    for (let i = 0; i < 4; i++) {
      const a = start + (i / 4) * Math.PI * 2;
      out += piece("egg", "#f7c948", cx + Math.cos(a) * 150, cy + Math.sin(a) * 150, 62, rand() * 360, rand);
    }
    out += scatter(cx, cy, r * 0.8, r * 0.8, [HERB], 10, 30, rand);
    return { svg: out, tool: "none", napkin: true };
  } else if (has("Toastbrot")) {
    out += plate(cx, cy, 420, rand);
    const bread = LOOKS.Toastbrot?.[1] ?? "#e2b574";
    const slices = [
      [cx - 115, cy + 10, -8 + rand() * 6],
      [cx + 120, cy - 25, 6 + rand() * 6],
    ] as const;
    for (const [index, [x, y, rotation]] of slices.entries()) {
      out += toast(x, y, 118, rotation, bread);
      if (has("Avocado")) {
        out += `<path d="${blobPath(x, y - 8, 96, 92, rand, 0.2)}" fill="#a8c66c"/>`;
        out += scatter(x, y - 8, 80, 78, [{ kind: "dot", colour: "#7fa24a" }], 10, 22, rand);
        if (has("Ei") && index === 0) out += piece("egg", "#f7c948", x, y - 8, 48, rand() * 360, rand);
      } else if (has("Ei")) {
        out += scatter(x, y - 8, 104, 100, [{ kind: "scramble", colour: "#f7d25a" }], 6, 56, rand);
      }
    }
    out += scatter(cx, cy, 300, 300, without("Toastbrot", "Avocado", "Ei"), 14, 30, rand);
  } else if (["Haferflocken", "Naturjoghurt", "Griechischer Joghurt", "Quark", "Hafermilch", "Milch"].some(has)) {
    // A bowl: porridge, yoghurt or smoothie, with the toppings in tidy wedges.
    const first = recipe.ingredients[0] ?? "";
    const fruit = scene.typeOf.get(first) === "FRUIT" ? LOOKS[first]?.[1] : undefined;
    const base = fruit
      ? shade(fruit, 0.1)
      : has("Naturjoghurt") || has("Griechischer Joghurt") || has("Quark")
        ? "#fbf8f1"
        : "#eadcbf";
    const r = 400;
    out += bowl(cx, cy, r, pick(BOWL_COLOURS, rand), base);
    const porridge = !fruit && base === "#eadcbf";
    const toppings = without(
      "Naturjoghurt",
      "Griechischer Joghurt",
      "Quark",
      ...(fruit ? [first] : []),
      ...(porridge ? ["Haferflocken"] : []),
    );
    const shown = toppings.length ? toppings : looks.pieces;
    // Three or more toppings are laid out in wedges (smoothie-bowl style); fewer are strewn.
    if (shown.length >= 3) out += sectors(cx, cy + r * 0.03, r * 0.84, shown, Math.ceil(44 / shown.length), 36, rand);
    else out += scatter(cx, cy + r * 0.03, r * 0.84, r * 0.84, shown, 24, 36, rand);
  } else {
    out += plate(cx, cy, 420, rand);
    out += scatter(cx, cy, 300, 300, looks.pieces, 24, 34, rand);
  }
  const ux = cx + side * 560;
  const uy = cy - 300 + rand() * 200;
  const cupColour = pick(ACCENTS, rand);
  out += `${shadow(ux, uy, 130, 130)}<rect x="${f(ux - 45 + side * 135)}" y="${f(uy - 25)}" width="90" height="50" rx="25" fill="${cupColour}"/><circle cx="${f(ux)}" cy="${f(uy)}" r="130" fill="${cupColour}"/><circle cx="${f(ux)}" cy="${f(uy)}" r="105" fill="#5b3a24"/><ellipse cx="${f(ux - 20)}" cy="${f(uy - 20)}" rx="50" ry="30" fill="#c89b6d" opacity="0.8"/>`;
  return { svg: out, tool: "none", napkin: true };
}

/** Pieces laid along a line from x1 to x2 at height y (sandwich fillings): leaves below, small things on top. */
function row(x1: number, x2: number, y: number, looks: readonly Look[], size: number, rand: Rand): string {
  const layer = (look: Look) =>
    look.kind === "leaf" ? 0 : ["dot", "seed", "herb", "crumb"].includes(look.kind) ? 2 : 1;
  let out = "";
  for (const current of [0, 1, 2]) {
    const inLayer = looks.filter((look) => layer(look) === current);
    if (!inLayer.length) continue;
    // Within a layer the looks take turns (tomato, mozzarella, tomato …) so that none hides another.
    const step = size * (current === 2 ? 0.7 : 1.5);
    const count = Math.max(1, Math.floor((x2 - x1) / step));
    for (let i = 0; i < count; i++) {
      const look = inLayer[i % inLayer.length];
      if (!look) continue;
      const x = x1 + (i + 0.5) * ((x2 - x1) / count) + (rand() - 0.5) * step * 0.3;
      const rotation = look.kind === "leaf" ? rand() * 40 - 20 : rand() * 360;
      const jitter = (rand() - 0.5) * size * (current === 2 ? 1 : 0.3);
      out += piece(look.kind, look.colour, x, y + jitter, size * (current === 2 ? 0.8 : 1), rotation, rand);
    }
  }
  return out;
}

function coldDish(scene: Scene): Food {
  const { looks, cx, cy, rand } = scene;
  if (looks.grain) {
    // Sushi or poke bowl: rice with the toppings in wedges, sesame on top.
    const r = 420;
    let out = bowl(cx, cy, r, pick(BOWL_COLOURS, rand), GRAINS[looks.grain] ?? "#ffffff");
    const inner = r * 0.84;
    const y = cy + r * 0.03;
    for (let i = 0; i < 160; i++) {
      const a = rand() * Math.PI * 2;
      const d = Math.sqrt(rand()) * (inner - 14);
      const x = cx + Math.cos(a) * d;
      const gy = y + Math.sin(a) * d;
      out += `<ellipse cx="${f(x)}" cy="${f(gy)}" rx="11" ry="5" fill="#ebe6da" transform="rotate(${Math.round(rand() * 180)} ${f(x)} ${f(gy)})"/>`;
    }
    const seeds = looks.pieces.filter((p) => p.kind === "seed");
    const toppings = looks.pieces.filter((p) => p.kind !== "seed");
    out += sectors(cx, y, inner, toppings, 7, 40, rand);
    if (seeds.length) out += scatter(cx, y, inner, inner, seeds, 40, 28, rand);
    return { svg: out, tool: "chopsticks", napkin: true };
  }
  const w = 1050;
  const h = 640;
  let out = woodenBoard(cx, cy, w, h, rand);
  const firstLook = looks.pieces[0];
  const dip = looks.pieces.find((p) => p.kind === "blob");
  const dipBowl = (x: number, y: number, r: number, colour: string) =>
    `${bowl(x, y, r, "#ffffff", colour)}<path d="${blobPath(x, y + r * 0.03, r * 0.55, r * 0.5, rand, 0.2)}" fill="none" stroke="${shade(colour, -0.1)}" stroke-width="6"/>`;
  if (firstLook?.kind === "wrap") {
    // Wraps, cut in half so that the filling shows.
    const fillings = looks.pieces.filter((p) => p.kind !== "wrap" && p.kind !== "blob" && p.kind !== "citrus");
    const spots = [
      [cx - 230, cy - 100, -16],
      [cx + 10, cy + 120, 8],
      [cx + 240, cy - 110, -4],
    ] as const;
    for (const [x, y, rotation] of spots.slice(0, dip ? 2 : 3)) {
      let roll = `<rect x="-190" y="-78" width="380" height="156" rx="70" fill="${shade(firstLook.colour, -0.25)}"/><rect x="-184" y="-72" width="364" height="136" rx="64" fill="${firstLook.colour}"/>`;
      for (let i = 0; i < 6; i++)
        roll += `<ellipse cx="${f(-150 + rand() * 280)}" cy="${f(-50 + rand() * 90)}" rx="${f(8 + rand() * 10)}" ry="${f(5 + rand() * 5)}" fill="#c98a44" opacity="0.5"/>`;
      roll += `<ellipse cx="180" cy="0" rx="56" ry="80" fill="${shade(firstLook.colour, -0.25)}"/><ellipse cx="180" cy="0" rx="50" ry="73" fill="${firstLook.colour}"/>`;
      fillings.slice(0, 4).forEach((filling, i) => {
        roll += `<ellipse cx="${f(180 - i * 2)}" cy="${f(i * 3)}" rx="${f(42 - i * 9)}" ry="${f(64 - i * 14)}" fill="${filling.colour}"/>`;
      });
      out += `<g transform="translate(${f(x)} ${f(y)}) rotate(${rotation}) scale(1.2)">${roll}</g>`;
    }
    if (dip) out += dipBowl(cx + 300, cy - 120, 120, dip.colour);
    const extras = looks.pieces.filter((p) => p.kind === "citrus");
    if (extras.length) out += scatter(cx + 330, cy + 190, 130, 80, extras, 3, 42, rand);
  } else if (firstLook?.kind === "bread") {
    const fillings = looks.pieces.filter((p) => p !== firstLook && p.kind !== "citrus" && p.kind !== "crumb");
    const tuna = looks.pieces.filter((p) => p.kind === "crumb");
    if (fillings.length + tuna.length >= 2) {
      // Open baguette: the cut half with the filling, the top half beside it.
      const length = 820;
      const topY = cy - 130;
      const cutY = cy + 120;
      out += `<rect x="${f(cx - length / 2)}" y="${f(topY - 80)}" width="${length}" height="160" rx="80" fill="${firstLook.colour}"/>`;
      for (let i = 0; i < 5; i++) {
        const x = cx - length / 2 + 130 + i * 140;
        out += `<path d="M${f(x - 40)} ${f(topY + 40)} Q${f(x)} ${f(topY)} ${f(x + 40)} ${f(topY - 45)}" stroke="${shade(firstLook.colour, 0.35)}" stroke-width="18" fill="none" stroke-linecap="round"/>`;
      }
      out += `<rect x="${f(cx - length / 2)}" y="${f(cutY - 80)}" width="${length}" height="160" rx="80" fill="${shade(firstLook.colour, -0.15)}"/><rect x="${f(cx - length / 2 + 16)}" y="${f(cutY - 66)}" width="${length - 32}" height="132" rx="66" fill="#f5deb0"/>`;
      out += row(cx - length / 2 + 60, cx + length / 2 - 60, cutY, [...fillings, ...tuna], 48, rand);
      const sides = looks.pieces.filter((p) => p.kind === "citrus");
      if (sides.length) out += scatter(cx + w / 2 - 90, cy + 10, 60, 40, sides, 1, 46, rand);
    } else {
      // Toasted slices with their topping (pan con tomate).
      const topping = fillings[0];
      for (let i = 0; i < 4; i++) {
        const x = cx - 360 + i * 240;
        const y = cy + (i % 2 ? 90 : -60);
        out += `<g transform="rotate(${f(rand() * 30 - 15)} ${f(x)} ${f(y)})"><ellipse cx="${f(x)}" cy="${f(y)}" rx="125" ry="92" fill="${shade(firstLook.colour, -0.2)}"/><ellipse cx="${f(x)}" cy="${f(y)}" rx="110" ry="78" fill="#f0d29a"/>${topping ? `<path d="${blobPath(x, y, 92, 64, rand, 0.3)}" fill="${topping.colour}" opacity="0.85"/>` : ""}</g>`;
      }
      if (topping) out += piece(topping.kind, topping.colour, cx + 330, cy - 200, 62, rand() * 360, rand);
    }
  } else if (dip || firstLook?.name === "Kichererbsen") {
    // A dip in a big bowl (hummus, herb quark) with the rest to dip or eat alongside.
    const hummus = firstLook?.name === "Kichererbsen";
    const colour = hummus ? "#e6cf9e" : (dip?.colour ?? "#fbf8f1");
    const x = cx - 250;
    out += dipBowl(x, cy, 210, colour);
    if (scene.has("Olivenöl"))
      out += `<path d="${blobPath(x, cy + 6, 70, 58, rand, 0.3)}" fill="#c9b948" opacity="0.7"/>`;
    const herbs = looks.pieces.filter((p) => p.kind === "herb" || p.kind === "chive");
    if (hummus && firstLook) out += scatter(x, cy + 6, 70, 60, [firstLook], 6, 34, rand);
    else if (herbs.length) out += scatter(x, cy + 6, 160, 160, herbs, 22, 30, rand);
    // Vegetables to dip become sticks.
    const rest = looks.pieces
      .filter((p) => p !== firstLook && p !== dip && !herbs.includes(p))
      .map((p) =>
        p.type === "VEGETABLE" && ["slice", "strip"].includes(p.kind) ? { ...p, kind: "stick" as const } : p,
      )
      .sort((a, b) => Number(a.kind === "citrus") - Number(b.kind === "citrus"));
    out += scatter(cx + 240, cy, 270, 270, rest, 18, 54, rand);
  } else {
    out += scatterRect(cx, cy, w - 80, h - 80, looks.pieces.slice(0, 7), 28, 36, rand);
  }
  return { svg: out, tool: "none", napkin: false };
}

/** Melted cheese on top of a bake, in patches with browned spots. */
function gratin(cx: number, cy: number, w: number, h: number, colour: string, patches: number, rand: Rand): string {
  let out = "";
  for (let i = 0; i < patches; i++) {
    const x = cx + (rand() - 0.5) * (w - 140);
    const y = cy + (rand() - 0.5) * (h - 140);
    out += `<path d="${blobPath(x, y, 60 + rand() * 40, 45 + rand() * 30, rand, 0.3)}" fill="${colour}" opacity="0.92"/>`;
    out += `<ellipse cx="${f(x + (rand() - 0.5) * 40)}" cy="${f(y + (rand() - 0.5) * 30)}" rx="${f(10 + rand() * 14)}" ry="${f(7 + rand() * 8)}" fill="#b86a2a" opacity="0.45"/>`;
  }
  return out;
}

const MELTING_CHEESES = new Set(["Mozzarella", "Gouda", "Cheddar", "Bergkäse", "Parmesan"]);

function baked(scene: Scene): Food {
  const { recipe, looks, cx, cy, rand, has } = scene;
  const first = recipe.ingredients[0] ?? "";
  const w = 1040;
  const h = 680;
  const melting = looks.pieces.find((p) => MELTING_CHEESES.has(p.name));
  const rest = looks.pieces.filter((p) => p.name !== first && p !== melting);
  let out = "";
  if (first === "Paprika") {
    // Stuffed peppers: four halves filled with rice and cheese in a baking dish.
    out += casserole(cx, cy, w, h, looks.liquid ?? "#c8321f", rand);
    const colours = ["#e2412f", "#f2b632", "#5f9e3a", "#e86a2a"];
    for (let i = 0; i < 4; i++) {
      const x = cx + (i % 2 ? 215 : -215);
      const y = cy + (i < 2 ? -128 : 128);
      const pepper = colours[i] ?? "#e2412f";
      out += `<rect x="${f(x + 150)}" y="${f(y - 16)}" width="60" height="32" rx="14" fill="#4f7a3a"/><path d="${blobPath(x, y, 185, 112, rand, 0.05, 10)}" fill="${shade(pepper, -0.2)}"/><path d="${blobPath(x, y - 4, 168, 96, rand, 0.05, 10)}" fill="${pepper}"/><path d="${blobPath(x, y, 132, 68, rand, 0.1)}" fill="#e9b08a"/>`;
      out += scatter(x, y, 120, 60, rest.filter((p) => p.kind === "dot").slice(0, 1), 5, 30, rand);
      if (melting) out += gratin(x, y, 290, 150, shade(melting.colour, 0.2), 2, rand);
    }
  } else if (first === "Toastbrot" || first === "Blätterteig") {
    // Toasts or pastries in rows on a baking sheet.
    out += bakingSheet(cx, cy, w, h, rand);
    const firstLook = looks.pieces[0];
    for (let i = 0; i < 6; i++) {
      const x = cx + ((i % 3) - 1) * 300;
      const y = cy + (i < 3 ? -135 : 135);
      if (first === "Toastbrot") {
        out += toast(x, y, 115, rand() * 10 - 5, firstLook?.colour ?? "#e2b574");
        out += scatter(x, y, 95, 90, rest.slice(0, 3), 4, 40, rand);
        if (melting) out += gratin(x, y, 240, 220, shade(melting.colour, 0.15), 2, rand);
      } else {
        out += piece("pastry", firstLook?.colour ?? "#e6b55c", x, y, 110, (i % 2 ? 180 : 0) + rand() * 16 - 8, rand);
      }
    }
    if (first === "Blätterteig") out += scatterRect(cx, cy, w - 140, 80, rest, 8, 28, rand);
  } else if (first === "Lachsfilet" || first === "Hähnchenbrust") {
    // Fillets or chicken pieces in the middle, the vegetables around them.
    out += rand() < 0.5 ? casserole(cx, cy, w, h, "#ecd3a0", rand) : bakingSheet(cx, cy, w, h, rand);
    out += scatterRect(cx, cy, w - 140, h - 140, weighted(roasted(rest)), 30, 50, rand);
    const hero = looks.pieces[0];
    for (let i = 0; i < (first === "Lachsfilet" ? 2 : 3); i++) {
      const x = cx + (first === "Lachsfilet" ? (i ? 150 : -150) : (i - 1) * 250);
      const y = cy + (rand() - 0.5) * 80;
      if (hero && first === "Lachsfilet") out += piece("fish", hero.colour, x, y, 92, rand() * 30 - 15, rand);
      else if (hero)
        out += piece(
          "roast",
          mix([
            [hero.colour, 1],
            ["#d08a3a", 1],
          ]),
          x,
          y,
          96,
          rand() * 360,
          rand,
        );
    }
    const herbs = looks.pieces.filter((p) => p.kind === "herb" || p.kind === "chive");
    if (herbs.length) out += scatterRect(cx, cy, w - 160, h - 160, herbs, 10, 34, rand);
  } else if (melting || has("Passierte Tomaten")) {
    // A casserole: sauce, the pieces, melted cheese on top.
    out += casserole(cx, cy, w, h, has("Passierte Tomaten") ? "#c8321f" : "#f0d9a8", rand);
    out += scatterRect(cx, cy, w - 130, h - 130, weighted(looks.pieces.filter((p) => p !== melting)), 40, 40, rand);
    if (melting)
      out += gratin(cx, cy, w, h, melting.name === "Mozzarella" ? "#fbf1d6" : shade(melting.colour, 0.2), 9, rand);
  } else {
    // Roasted on a baking sheet.
    out += bakingSheet(cx, cy, w, h, rand);
    const pieces = roasted(looks.pieces.filter((p) => p.kind !== "blob").slice(0, 6));
    out += scatterRect(cx, cy, w - 120, h - 110, weighted(pieces), 40, 52, rand);
    const dollop = looks.pieces.find((p) => p.kind === "blob");
    if (dollop) out += scatterRect(cx, cy, w - 200, h - 200, [dollop], 3, 50, rand);
  }
  return { svg: out, tool: "none", napkin: false };
}

// ------------------------------------------------------------------ composition

const DISHES: Record<string, (scene: Scene) => Food> = {
  SOUP: soup,
  PASTA: pasta,
  PIZZA: pizza,
  BURGER: burger,
  SALAD: salad,
  DISH: dish,
  BREAKFAST: breakfast,
  COLD_DISH: coldDish,
  BAKED_DISH: baked,
};
const LOOSE_KINDS: readonly Kind[] = ["herb", "berry", "citrus", "slice", "nut", "leaf", "dot"];

function illustration(recipe: SeedRecipe, typeOf: Map<string, string>): string {
  const rand = prng(recipe.slug);
  const bg = background(rand);
  const looks = looksOf(recipe, typeOf);
  const names = new Set(recipe.ingredients);
  const scene: Scene = {
    recipe,
    looks,
    cx: W / 2 + (rand() - 0.5) * 180,
    cy: H / 2 + (rand() - 0.5) * 60,
    side: rand() < 0.5 ? -1 : 1,
    rand,
    has: (name) => names.has(name),
    typeOf,
  };
  const food = (DISHES[recipe.type] ?? dish)(scene);
  const { cx, cy, side } = scene;

  let extras = "";
  if (food.napkin && rand() < 0.75) extras += napkin(cx - side * 640, cy + (rand() - 0.5) * 300, rand);
  if (food.tool === "fork" || food.tool === "spoon")
    extras += cutlery(cx + side * 570, cy + (rand() - 0.5) * 200, rand, food.tool === "spoon");
  else if (food.tool === "chopsticks") extras += chopsticks(cx + side * 570, cy + (rand() - 0.5) * 200, rand);
  // A few loose ingredients on the table, in two corners.
  const loose = looks.pieces.filter((p) => LOOSE_KINDS.includes(p.kind));
  for (let i = 0; loose.length && i < 5; i++) {
    const corner =
      i % 2 ? { x: 120 + rand() * 200, y: 1040 + rand() * 100 } : { x: 1380 + rand() * 160, y: 80 + rand() * 160 };
    const look = loose[i % loose.length];
    if (look) extras += piece(look.kind, look.colour, corner.x, corner.y, 34, rand() * 360, rand);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${bg.defs}<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter></defs>${bg.svg}${extras}${food.svg}</svg>`;
}

// ------------------------------------------------------------------ main

const recipes = JSON.parse(readFileSync(join(SEED_DIR, "recipes.json"), "utf8")) as SeedRecipe[];
const ingredients = JSON.parse(readFileSync(join(SEED_DIR, "ingredients.json"), "utf8")) as SeedIngredient[];
const typeOf = new Map(ingredients.map((ingredient) => [ingredient.name, ingredient.type]));
const only = new Set(process.argv.slice(2));
mkdirSync(join(SEED_DIR, "images"), { recursive: true });

let bytes = 0;
let written = 0;
for (const recipe of recipes) {
  if (only.size && !only.has(recipe.slug)) continue;
  const jpeg = await sharp(Buffer.from(illustration(recipe, typeOf)))
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
  writeFileSync(join(SEED_DIR, "images", `${recipe.slug}.jpg`), jpeg);
  bytes += jpeg.length;
  written++;
}
console.log(`generate-images: ${written} images, ${(bytes / 1024 / 1024).toFixed(2)} MB`);
