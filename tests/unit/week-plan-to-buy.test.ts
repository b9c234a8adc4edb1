/**
 * "Du brauchst nur noch" of a week plan (app/lib/week-plan/to-buy.ts): each
 * recipe scaled to its servings, what is at hand left out, the rest combined
 * by the shopping list's rules.
 */
import { describe, expect, it } from "vitest";
import { linePlainText } from "../../app/lib/shopping-list/line-text.ts";
import { toBuyLines } from "../../app/lib/week-plan/to-buy.ts";
import { ingredientLine } from "../fixtures/ingredient-line.ts";
import { recipe } from "./catalog-fixture.ts";

describe("what a week plan still needs", () => {
  const shakshuka = recipe({
    slug: "shakshuka",
    name: "Shakshuka",
    servings: 2,
    ingredientLines: [
      ingredientLine({ name: "Ei", plural: "Eier", wholePieces: true, amount: 4 }),
      ingredientLine({ name: "Tomate", plural: "Tomaten", amount: 400, unit: "g" }),
      ingredientLine({ name: "Feta", amount: 100, unit: "g" }),
      ingredientLine({ name: "Salz" }),
      ingredientLine({ name: "Petersilie", amount: 1, unit: "EL", optional: true }),
    ],
  });
  const fetaPasta = recipe({
    slug: "feta-pasta",
    name: "Feta-Pasta",
    servings: 4,
    ingredientLines: [
      ingredientLine({ name: "Feta", amount: 0.2, unit: "kg" }),
      ingredientLine({ name: "Nudeln", amount: 500, unit: "g" }),
      ingredientLine({ name: "Ei", plural: "Eier", wholePieces: true, amount: 2 }),
    ],
  });

  it("scales each day to its servings (8 + 1 Eier; 200 g + 0,1 kg Feta), leaves out the pantry, the basics and optional lines, and adds up across recipes", () => {
    const lines = toBuyLines(
      [
        { recipe: shakshuka, servings: 4 },
        { recipe: fetaPasta, servings: 2 },
      ],
      new Set(["Tomate", "Nudeln", "Salz"]),
    );
    expect(lines.map(linePlainText)).toEqual(["9 Eier", "300 g Feta"]);
    expect(lines[0]?.recipes.map((from) => from.slug)).toEqual(["feta-pasta", "shakshuka"]);
  });

  it("counts a recipe planned on two days twice", () => {
    const lines = toBuyLines(
      [
        { recipe: fetaPasta, servings: 4 },
        { recipe: fetaPasta, servings: 4 },
      ],
      new Set(["Nudeln", "Ei"]),
    );
    expect(lines.map(linePlainText)).toEqual(["400 g Feta"]);
  });

  it("needs nothing when everything is at hand", () => {
    expect(toBuyLines([{ recipe: fetaPasta, servings: 3 }], new Set(["Feta", "Nudeln", "Ei"]))).toEqual([]);
  });
});
