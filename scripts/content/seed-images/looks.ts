/**
 * What a recipe's ingredients look like in its picture: which show as pieces
 * (and how each piece is drawn), which colour a sauce or soup, and which
 * noodle or rice the dish is built on. Names as in cms/seed/ingredients.json.
 */
import type { SeedRecipe } from "../../cms/seed.ts";
import { lightness, mix, saturation } from "./colour.ts";

/** How a piece of food is drawn. */
export type Kind =
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

export interface Look {
  name: string;
  kind: Kind;
  colour: string;
  /** The ingredient category, e.g. "CHEESE". */
  type?: string | undefined;
}

export interface Looks {
  /** Ingredients shown as pieces, in recipe order (the main ingredient first). */
  pieces: Look[];
  /** Colour of all sauces and liquids mixed, if the recipe has any. */
  liquid: string | undefined;
  /** Whether the liquid is a sauce that pools on the plate (tomato, cream, curry) rather than a seasoning. */
  pools: boolean;
  /** The noodle the dish is made of (one of NOODLE_SHAPES), if any. */
  noodle: string | undefined;
  /** The rice the dish is made of (one of GRAINS), if any. */
  grain: string | undefined;
}

/** Kind and main colour of the ingredients that show as pieces. Names as in ingredients.json. */
export const LOOKS: Record<string, readonly [Kind, string]> = {
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
export const SAUCES: Record<string, readonly [string, number, boolean]> = {
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
export const CREAMS = new Set(["Frischkäse", "Schmand", "Crème fraîche", "Sahne", "Kokosmilch", "Hafer-Sahne"]);
/** Melts away: never shown as pieces. */
const HIDDEN = new Set(["Butter"]);
/** Too small to read at thumbnail size unless among the first two ingredients, where the dish is about them. */
const AROMATICS = new Set(["Knoblauch", "Ingwer"]);
/** How a noodle is drawn. */
export type NoodleShape = "strands" | "ribbons" | "thin" | "tubes" | "spirals" | "cups" | "spaetzle" | "gnocchi";
/** The noodles, by how they are drawn. */
export const NOODLE_SHAPES: Record<string, NoodleShape> = {
  Spaghetti: "strands",
  Tagliatelle: "ribbons",
  Reisnudeln: "thin",
  Penne: "tubes",
  Fusilli: "spirals",
  Orecchiette: "cups",
  Spätzle: "spaetzle",
  Gnocchi: "gnocchi",
};
/** Rice varieties and the colour of their cooked grains. */
export const GRAINS: Record<string, string> = {
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

/** How the recipe's ingredients show; `typeOf` maps ingredient names to their categories. */
export function looksOf(recipe: SeedRecipe, typeOf: Map<string, string>): Looks {
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
