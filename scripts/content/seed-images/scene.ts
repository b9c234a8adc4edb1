/** What every dish drawing gets (the scene) and gives back (the food), and helpers they share. */
import type { SeedRecipe } from "../../cms/seed.ts";
import { lightness, mix } from "./colour.ts";
import type { Look, Looks } from "./looks.ts";
import type { Rand } from "./random.ts";

/** What is laid next to the dish. */
export type Tool = "spoon" | "fork" | "chopsticks" | "none";

/** Everything a dish needs to draw itself. */
export interface Scene {
  recipe: SeedRecipe;
  looks: Looks;
  /** The dish's centre. */
  cx: number;
  cy: number;
  /** The side of the dish where cutlery (or a pan handle, or a cup) goes; the napkin goes opposite. */
  side: 1 | -1;
  rand: Rand;
  /** Whether the recipe has this ingredient. */
  has: (name: string) => boolean;
  /** Ingredient name → its category (ingredients.json). */
  typeOf: Map<string, string>;
}

/** The drawn dish and what goes next to it. */
export interface Food {
  svg: string;
  tool: Tool;
  napkin: boolean;
}

/** A herb garnish for dishes whose recipe names none. */
export const HERB: Pick<Look, "kind" | "colour"> = { kind: "herb", colour: "#3e8e41" };

/** Browns pale pieces the way the pan or the oven does (cauliflower, potatoes, onions; not cheese or lemon). */
export function roasted(looks: readonly Look[]): Look[] {
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
export function weighted(looks: readonly Look[]): Look[] {
  const first = looks[0];
  return first ? [first, ...looks] : [];
}
