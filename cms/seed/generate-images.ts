/**
 * Draws one illustration per seed recipe into cms/seed/images/<slug>.jpg:
 * a flat, top-down food illustration whose dish shape follows the category
 * and whose colours follow the main ingredients, varied by a PRNG seeded with
 * the slug. Deterministic: the same recipes.json gives the same bytes.
 *
 * Run after changing recipes.json: `node cms/seed/generate-images.ts`.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

const SEED_DIR = import.meta.dirname;
const WIDTH = 1600;
const HEIGHT = 1200;

interface SeedRecipe {
  slug: string;
  type: string;
  ingredients: string[];
}

interface SeedIngredient {
  name: string;
  type: string;
}

/** Small, fast, seedable PRNG (mulberry32). */
function random(seed: string): () => number {
  let state = 0;
  for (const char of seed) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMED_COLOURS: Record<string, string> = {
  Tomate: "#e0452b",
  Kirschtomate: "#e53b2c",
  "Passierte Tomaten": "#c8321f",
  Tomatenmark: "#b02a18",
  "Getrocknete Tomaten": "#9c2b1b",
  Zucchini: "#5f9e3a",
  Brokkoli: "#3f7d2c",
  Spinat: "#2f6b2a",
  Rucola: "#4d8a2f",
  Feldsalat: "#3d7a30",
  Eisbergsalat: "#a6d37c",
  Römersalat: "#79b84f",
  Salatgurke: "#8cc26a",
  Erbsen: "#79bf3f",
  Edamame: "#6aaa3a",
  Avocado: "#9bc25a",
  Paprika: "#e2412f",
  Karotte: "#f08a24",
  Kürbis: "#f29a2e",
  Süßkartoffel: "#ee8b3a",
  Kartoffel: "#e9c46a",
  Mais: "#f6d23c",
  "Rote Bete": "#8e1f45",
  "Rote Linsen": "#e67c3b",
  Kichererbsen: "#e3c17d",
  Kidneybohnen: "#8a2b2b",
  Champignons: "#b58a65",
  Aubergine: "#5b2d6e",
  Blumenkohl: "#f3ead2",
  Mozzarella: "#fbf7ee",
  Feta: "#f7f3e6",
  Parmesan: "#f1dd9b",
  Ziegenkäse: "#f8f4ea",
  Halloumi: "#f0d9a0",
  Cheddar: "#f2a93b",
  Gouda: "#f4cf5c",
  Bergkäse: "#eec86a",
  Lachsfilet: "#f4845f",
  Räucherlachs: "#f26d50",
  Garnelen: "#f5876a",
  Hähnchenbrust: "#e0b07a",
  Putenbrust: "#e3b689",
  Rinderhackfleisch: "#7a3f2a",
  Speck: "#c0574a",
  Schinken: "#e58c8c",
  Chorizo: "#b63a2a",
  Thunfisch: "#c9a189",
  Ei: "#f7c948",
  Beeren: "#8e2a5d",
  Mango: "#f6b13c",
  Banane: "#f5dd6a",
  Apfel: "#d9493d",
  Birne: "#c7d15a",
  Granatapfel: "#c0213a",
  Zitrone: "#f4e04d",
  Limette: "#8cc63f",
  Oliven: "#3a3a2e",
  Basilikum: "#3f8f3a",
  Petersilie: "#3e8e41",
  Koriander: "#4b9a3f",
  Dill: "#6aa84f",
  Kokosmilch: "#f5efe0",
  Tofu: "#f3e9cf",
  Gnocchi: "#ecd9a5",
  Spätzle: "#f1d479",
  Haferflocken: "#dcc69a",
  Walnüsse: "#9b6b43",
  Pinienkerne: "#ecd8a6",
  "Grüne Bohnen": "#4f9a3c",
};

const TYPE_COLOURS: Record<string, string> = {
  CHEESE: "#f4d06f",
  NOODLES: "#f0cf7a",
  RICE: "#f7f2e4",
  MILK_PRODUCT: "#fbf6ea",
  VINEGAR: "#6b2f2a",
  OIL: "#d8c25a",
  VEGETABLE: "#5f9e3a",
  SEASONING: "#4e8b3a",
  BASIC_FOOD_ITEM: "#e8c98f",
  NUT: "#a5764d",
  WHIP: "#fffaf0",
  CURRY: "#e0a030",
  ASIAN: "#7a4a2a",
  MEAT: "#c2664f",
  FRUIT: "#f08c3a",
};

const BACKGROUNDS = ["#f3e6d0", "#e4efe0", "#f6dcd2", "#dfe8f1", "#f5ecc8", "#e9e1f0", "#d9eee9", "#f2e0e8"];

/** Colours of the recipe's ingredients that show on a plate (seasonings, oils and the like skipped). */
function foodColours(recipe: SeedRecipe, types: Map<string, string>): string[] {
  const skip = new Set(["SEASONING", "OIL", "VINEGAR"]);
  const colours = recipe.ingredients
    .filter((name) => NAMED_COLOURS[name] || !skip.has(types.get(name) ?? ""))
    .map((name) => NAMED_COLOURS[name] ?? TYPE_COLOURS[types.get(name) ?? ""] ?? "#c98f5a");
  return colours.length > 0 ? colours : ["#c98f5a"];
}

function pick<T>(items: readonly T[], rand: () => number): T {
  return items[Math.floor(rand() * items.length)] as T;
}

/** Small pieces (circles, leaves, cubes) scattered in an ellipse (`squash` < 1 flattens it). */
function pieces(
  cx: number,
  cy: number,
  radius: number,
  colours: string[],
  count: number,
  rand: () => number,
  squash = 1,
): string {
  const shapes: string[] = [];
  for (let index = 0; index < count; index++) {
    const angle = rand() * Math.PI * 2;
    const distance = Math.sqrt(rand()) * radius;
    const x = cx + Math.cos(angle) * distance;
    const y = cy + Math.sin(angle) * distance * squash;
    const colour = colours[index % colours.length];
    const size = 14 + rand() * 26;
    const rotation = Math.round(rand() * 180);
    switch (index % 3) {
      case 0:
        shapes.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${size.toFixed(1)}" fill="${colour}"/>`);
        break;
      case 1:
        shapes.push(
          `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(size * 1.5).toFixed(1)}" ry="${(size * 0.7).toFixed(1)}" fill="${colour}" transform="rotate(${rotation} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
        );
        break;
      default:
        shapes.push(
          `<rect x="${(x - size / 2).toFixed(1)}" y="${(y - size / 2).toFixed(1)}" width="${size.toFixed(1)}" height="${size.toFixed(1)}" rx="5" fill="${colour}" transform="rotate(${rotation} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
        );
    }
  }
  return shapes.join("");
}

function plate(cx: number, cy: number, radius: number): string {
  return `<circle cx="${cx}" cy="${cy + 18}" r="${radius}" fill="#00000018"/><circle cx="${cx}" cy="${cy}" r="${radius}" fill="#ffffff"/><circle cx="${cx}" cy="${cy}" r="${radius * 0.78}" fill="#f7f4ef"/>`;
}

function noodles(cx: number, cy: number, radius: number, colour: string, rand: () => number): string {
  const paths: string[] = [];
  for (let index = 0; index < 26; index++) {
    const startAngle = rand() * Math.PI * 2;
    const r = radius * (0.15 + rand() * 0.8);
    const x1 = cx + Math.cos(startAngle) * r;
    const y1 = cy + Math.sin(startAngle) * r;
    const x2 = cx + Math.cos(startAngle + 1.4) * r * 0.8;
    const y2 = cy + Math.sin(startAngle + 1.4) * r * 0.8;
    const qx = cx + (rand() - 0.5) * radius;
    const qy = cy + (rand() - 0.5) * radius;
    paths.push(
      `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)} Q${qx.toFixed(1)} ${qy.toFixed(1)} ${x2.toFixed(1)} ${y2.toFixed(1)}" stroke="${colour}" stroke-width="14" fill="none" stroke-linecap="round"/>`,
    );
  }
  return paths.join("");
}

function dish(recipe: SeedRecipe, colours: string[], rand: () => number): string {
  const cx = WIDTH / 2 + (rand() - 0.5) * 160;
  const cy = HEIGHT / 2 + (rand() - 0.5) * 80;
  const main = colours[0] ?? "#c98f5a";
  switch (recipe.type) {
    case "SOUP":
      return `${plate(cx, cy, 430)}<circle cx="${cx}" cy="${cy}" r="300" fill="${main}"/><circle cx="${cx - 60}" cy="${cy - 70}" r="120" fill="#ffffff22"/>${pieces(cx, cy, 220, colours.slice(1).concat("#ffffff"), 22, rand)}`;
    case "SALAD":
      return `${plate(cx, cy, 440)}${pieces(cx, cy, 330, ["#4d8a2f", "#79b84f", "#a6d37c", ...colours], 90, rand)}`;
    case "PASTA": {
      const pasta = "#f0cf7a";
      return `${plate(cx, cy, 440)}${noodles(cx, cy, 300, pasta, rand)}${pieces(cx, cy, 240, colours, 30, rand)}`;
    }
    case "PIZZA":
      return `<circle cx="${cx}" cy="${cy + 18}" r="440" fill="#00000018"/><circle cx="${cx}" cy="${cy}" r="440" fill="#d9a25f"/><circle cx="${cx}" cy="${cy}" r="390" fill="${colours.includes("#c8321f") ? "#c8321f" : "#f5ecd5"}"/>${pieces(
        cx,
        cy,
        350,
        colours.filter((colour) => colour !== "#c8321f"),
        45,
        rand,
      )}`;
    case "BURGER": {
      const x = WIDTH / 2 - 330;
      const top = HEIGHT / 2 - 300;
      return `<ellipse cx="${WIDTH / 2}" cy="${top + 610}" rx="420" ry="40" fill="#00000018"/><path d="M${x} ${top + 230} Q${x} ${top} ${x + 330} ${top} Q${x + 660} ${top} ${x + 660} ${top + 230} Z" fill="#d9923f"/><path d="M${x - 20} ${top + 250} q40 -40 80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 v30 h-720 z" fill="#6ab04c"/><rect x="${x - 10}" y="${top + 280}" width="680" height="50" rx="10" fill="${colours[1] ?? "#e0452b"}"/><rect x="${x}" y="${top + 330}" width="660" height="100" rx="40" fill="${main}"/><rect x="${x + 20}" y="${top + 430}" width="620" height="150" rx="40" fill="#d9923f"/>${pieces(WIDTH / 2, top + 120, 220, ["#f6e7c8"], 12, rand, 0.35)}`;
    }
    case "BREAKFAST":
      return `${plate(cx, cy, 430)}<circle cx="${cx - 80}" cy="${cy + 20}" r="200" fill="${main}"/><circle cx="${cx + 120}" cy="${cy - 60}" r="150" fill="${colours[1] ?? "#f5dd6a"}"/>${pieces(cx, cy, 280, colours.slice(1), 24, rand)}`;
    case "COLD_DISH":
      return `<rect x="${cx - 560}" y="${cy - 330}" width="1120" height="680" rx="60" fill="#00000018"/><rect x="${cx - 560}" y="${cy - 350}" width="1120" height="680" rx="60" fill="#c08a55"/><rect x="${cx - 500}" y="${cy - 290}" width="1000" height="560" rx="40" fill="#cf9a63"/>${pieces(cx, cy - 10, 420, colours, 40, rand, 0.55)}`;
    case "BAKED_DISH":
      return `<rect x="${cx - 560}" y="${cy - 330}" width="1120" height="690" rx="70" fill="#00000018"/><rect x="${cx - 560}" y="${cy - 350}" width="1120" height="690" rx="70" fill="#3b4a5a"/><rect x="${cx - 500}" y="${cy - 290}" width="1000" height="570" rx="50" fill="#e7b160"/>${pieces(cx, cy - 5, 420, colours, 55, rand, 0.55)}`;
    default:
      return `${plate(cx, cy, 440)}<ellipse cx="${cx - 110}" cy="${cy}" rx="190" ry="150" fill="#f7f2e4"/>${pieces(cx - 110, cy, 140, ["#ffffff"], 20, rand)}<ellipse cx="${cx + 150}" cy="${cy - 40}" rx="150" ry="110" fill="${main}"/>${pieces(cx + 120, cy + 120, 170, colours.slice(1), 22, rand)}`;
  }
}

function illustration(recipe: SeedRecipe, types: Map<string, string>): string {
  const rand = random(recipe.slug);
  const background = pick(BACKGROUNDS, rand);
  const dots: string[] = [];
  const spacing = 70 + Math.floor(rand() * 40);
  for (let y = spacing / 2; y < HEIGHT; y += spacing) {
    for (let x = ((y / spacing) % 2) * (spacing / 2); x < WIDTH; x += spacing) {
      dots.push(`<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="5" fill="#00000010"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>${dots.join("")}${dish(recipe, foodColours(recipe, types), rand)}</svg>`;
}

const recipes = JSON.parse(readFileSync(join(SEED_DIR, "recipes.json"), "utf8")) as SeedRecipe[];
const ingredients = JSON.parse(readFileSync(join(SEED_DIR, "ingredients.json"), "utf8")) as SeedIngredient[];
const types = new Map(ingredients.map((ingredient) => [ingredient.name, ingredient.type]));
mkdirSync(join(SEED_DIR, "images"), { recursive: true });

let bytes = 0;
for (const recipe of recipes) {
  const jpeg = await sharp(Buffer.from(illustration(recipe, types)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  writeFileSync(join(SEED_DIR, "images", `${recipe.slug}.jpg`), jpeg);
  bytes += jpeg.length;
}
console.log(`generate-images: ${recipes.length} images, ${(bytes / 1e6).toFixed(1)} MB`);
