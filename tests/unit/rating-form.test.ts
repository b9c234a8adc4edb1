/**
 * The rating form's parser (app/lib/ratings/rating-form.ts): exactly the
 * texts "1" to "5" with the store button are a rating, the remove button is a
 * removal whatever the stars say, and everything else is a German message
 * (decision 0065). The route stores nothing for a message: its own tests
 * show that (tests/worker/edge/recipe-rating.test.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  parseRatingForm,
  RATING_ACTION_FIELD,
  RATING_ACTIONS,
  RATING_FORM_ERRORS,
  STARS_FIELD,
  starsText,
} from "../../app/lib/ratings/rating-form.ts";

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

const SET: [string, string] = [RATING_ACTION_FIELD, RATING_ACTIONS.set];
const REMOVE: [string, string] = [RATING_ACTION_FIELD, RATING_ACTIONS.remove];

describe("parseRatingForm", () => {
  it.each([
    ["1 star", [SET, [STARS_FIELD, "1"]], { kind: "set", stars: 1 }],
    ["5 stars", [SET, [STARS_FIELD, "5"]], { kind: "set", stars: 5 }],
    ["stars before the button", [[STARS_FIELD, "3"], SET], { kind: "set", stars: 3 }],
    ["a removal with stars chosen", [REMOVE, [STARS_FIELD, "4"]], { kind: "remove" }],
    ["a removal without stars", [REMOVE], { kind: "remove" }],
    ["a removal with nonsense stars", [REMOVE, [STARS_FIELD, "x"]], { kind: "remove" }],
    ["0 stars", [SET, [STARS_FIELD, "0"]], { error: RATING_FORM_ERRORS.noStars }],
    ["6 stars", [SET, [STARS_FIELD, "6"]], { error: RATING_FORM_ERRORS.noStars }],
    ['"x" stars', [SET, [STARS_FIELD, "x"]], { error: RATING_FORM_ERRORS.noStars }],
    ["no stars", [SET], { error: RATING_FORM_ERRORS.noStars }],
    ["empty stars", [SET, [STARS_FIELD, ""]], { error: RATING_FORM_ERRORS.noStars }],
    ['"4.0" stars', [SET, [STARS_FIELD, "4.0"]], { error: RATING_FORM_ERRORS.noStars }],
    ['" 4" stars', [SET, [STARS_FIELD, " 4"]], { error: RATING_FORM_ERRORS.noStars }],
    ['"04" stars', [SET, [STARS_FIELD, "04"]], { error: RATING_FORM_ERRORS.noStars }],
    ['"-1" stars', [SET, [STARS_FIELD, "-1"]], { error: RATING_FORM_ERRORS.noStars }],
    ['"٤" (an Arabic-Indic four)', [SET, [STARS_FIELD, "٤"]], { error: RATING_FORM_ERRORS.noStars }],
    ["two star values", [SET, [STARS_FIELD, "4"], [STARS_FIELD, "5"]], { error: RATING_FORM_ERRORS.noStars }],
    ["no button", [[STARS_FIELD, "4"]], { error: RATING_FORM_ERRORS.notUnderstood }],
    [
      "another action",
      [
        [RATING_ACTION_FIELD, "loeschen"],
        [STARS_FIELD, "4"],
      ],
      { error: RATING_FORM_ERRORS.notUnderstood },
    ],
    ["both buttons", [SET, REMOVE, [STARS_FIELD, "4"]], { error: RATING_FORM_ERRORS.notUnderstood }],
  ] as [string, [string, string][], unknown][])("reads %s", (_label, fields, expected) => {
    expect(parseRatingForm(form(fields))).toEqual(expected);
  });

  it("reads a rating exactly for the texts 1 to 5, as that number; any other text is the German message", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom("1", "2", "3", "4", "5")), (stars) => {
        const parsed = parseRatingForm(form([SET, [STARS_FIELD, stars]]));
        if (["1", "2", "3", "4", "5"].includes(stars)) expect(parsed).toEqual({ kind: "set", stars: Number(stars) });
        else expect(parsed).toEqual({ error: RATING_FORM_ERRORS.noStars });
      }),
    );
  });

  it("never stores for a form that names no button, or one not ours, whatever else it holds", () => {
    const field = fc.tuple(fc.constantFrom(STARS_FIELD, RATING_ACTION_FIELD, "csrf", "x"), fc.string());
    fc.assert(
      fc.property(fc.array(field, { maxLength: 6 }), (fields) => {
        const actions = fields.filter(([name]) => name === RATING_ACTION_FIELD).map(([, value]) => value);
        const parsed = parseRatingForm(form(fields));
        const ours = actions.length === 1 && Object.values<string>(RATING_ACTIONS).includes(actions[0] ?? "");
        if (!ours) expect(parsed).toEqual({ error: RATING_FORM_ERRORS.notUnderstood });
        if ("kind" in parsed && parsed.kind === "set") expect([1, 2, 3, 4, 5]).toContain(parsed.stars);
      }),
    );
  });
});

describe("starsText", () => {
  it("names the stars in German, out of five", () => {
    expect([1, 2, 3, 4, 5].map((stars) => starsText(stars as 1 | 2 | 3 | 4 | 5))).toEqual([
      "1 von 5 Sternen",
      "2 von 5 Sternen",
      "3 von 5 Sternen",
      "4 von 5 Sternen",
      "5 von 5 Sternen",
    ]);
  });
});
