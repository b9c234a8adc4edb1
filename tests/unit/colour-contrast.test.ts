import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contrastRatio, type Rgb, relativeLuminance } from "../wcag-contrast.ts";

// WCAG AA in both colour schemes (issue 15), checked on the stylesheet itself:
// every colour is a custom property in :root, the dark scheme overrides them
// in one @media block, and this table lists which of them the CSS puts on
// which. A colour changed to one that fails a pair fails here, before any
// browser runs. The e2e test dark-mode.spec.ts checks the rendered pages with axe.

const CSS = readFileSync(new URL("../../app/app.css", import.meta.url), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");

/** The custom properties declared in a block's body (not nested blocks: the ones we read have none). */
function declarations(body: string): Map<string, string> {
  const properties = new Map<string, string>();
  for (const [, name, value] of body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    if (name && value) properties.set(name, value.trim());
  }
  return properties;
}

function block(pattern: RegExp, what: string): Map<string, string> {
  const body = CSS.match(pattern)?.[1];
  if (body === undefined) throw new Error(`app/app.css has no ${what}`);
  return declarations(body);
}

// The first rule of the file at top level, and the :root inside the dark-scheme media query.
const LIGHT = block(/^:root\s*\{([^}]*)\}/m, ":root block");
const DARK_OVERRIDES = block(
  /@media\s+screen\s+and\s+\(prefers-color-scheme:\s*dark\)\s*\{\s*:root\s*\{([^}]*)\}/,
  "@media screen and (prefers-color-scheme: dark) { :root { … } } block",
);
const SCHEMES = {
  light: LIGHT,
  dark: new Map([...LIGHT, ...DARK_OVERRIDES]),
} as const;

/** Not overridden in dark on purpose: the logo orange, used for no text or control. */
const SAME_IN_BOTH = new Set(["--color-accent"]);
/** Colour properties that are in no pair below, and why. */
const NOT_IN_PAIRS = new Map([
  ["--color-accent", "decorative, no text or control uses it"],
  ["--color-border", "decorative separators; controls are told apart by their fill and text"],
  ["--color-shadow", "a translucent shadow, not a foreground or background"],
]);

/** An opaque colour as 0–255 channels; #rgb and #rrggbb, or var() of another property of the scheme. */
function resolve(scheme: Map<string, string>, name: string, seen: string[] = []): Rgb {
  const value = scheme.get(name);
  if (value === undefined) throw new Error(`${name} is not declared`);
  const reference = value.match(/^var\((--[\w-]+)\)$/)?.[1];
  if (reference) {
    if (seen.includes(reference)) throw new Error(`${name}: circular var()`);
    return resolve(scheme, reference, [...seen, name]);
  }
  const hex = value.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (!hex) throw new Error(`${name}: "${value}" is not an opaque #hex colour; contrast needs one`);
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as unknown as Rgb;
}

/** Normal-size text (1.4.3). */
const TEXT = 4.5;
/** Focus indicators and the parts of a control that identify it (1.4.11). */
const NON_TEXT = 3;

interface Pair {
  foreground: string;
  background: string;
  min: number;
  /** Where app/app.css puts this foreground on this background. */
  where: string;
}

const PAIRS: Pair[] = [
  { foreground: "--color-text", background: "--color-bg", min: TEXT, where: "body text on the page" },
  {
    foreground: "--color-text",
    background: "--color-surface",
    min: TEXT,
    where: "cards, header, cookie banner, search fields",
  },
  {
    foreground: "--color-muted",
    background: "--color-bg",
    min: TEXT,
    where: ".lead, .list-count, .pagination-status, .field-hint, hovered ingredient option",
  },
  {
    foreground: "--color-muted",
    background: "--color-surface",
    min: TEXT,
    where: "tab bar labels, .ingredient-count, cookie category texts",
  },
  { foreground: "--color-brand", background: "--color-bg", min: TEXT, where: "links on the page" },
  {
    foreground: "--color-brand",
    background: "--color-surface",
    min: TEXT,
    where: "links in cards, the current tab, the ✓ of ingredients at hand",
  },
  { foreground: "--color-brand-dark", background: "--color-bg", min: TEXT, where: "a:hover on the page" },
  {
    foreground: "--color-brand-dark",
    background: "--color-surface",
    min: TEXT,
    where:
      "skip link, .button-small/.button-secondary, .filter-chip, <summary> of cards and the banner, a:hover in cards",
  },
  { foreground: "--color-on-brand", background: "--color-brand", min: TEXT, where: ".button, the chosen .filter-chip" },
  {
    foreground: "--color-on-brand",
    background: "--color-brand-dark",
    min: TEXT,
    where: ".button:hover",
  },
  { foreground: "--color-badge-text", background: "--color-badge-bg", min: TEXT, where: ".badge (time)" },
  {
    foreground: "--color-veggie-text",
    background: "--color-veggie-bg",
    min: TEXT,
    where: ".badge-veggie",
  },
  { foreground: "--color-chip-text", background: "--color-chip-bg", min: TEXT, where: ".chip" },
  {
    foreground: "--color-chip-text",
    background: "--color-chip-hover-bg",
    min: TEXT,
    where: ".chip:hover, .filter-chip:hover",
  },
  { foreground: "--color-excluded-text", background: "--color-excluded-bg", min: TEXT, where: ".chip-excluded" },
  {
    foreground: "--color-excluded-text",
    background: "--color-excluded-hover-bg",
    min: TEXT,
    where: ".chip-excluded:hover",
  },
  { foreground: "--color-notice-text", background: "--color-notice-bg", min: TEXT, where: ".notice" },
  { foreground: "--color-text", background: "--color-match-bg", min: TEXT, where: ".match-summary" },
  { foreground: "--color-save-text", background: "--color-surface", min: TEXT, where: ".button-save" },
  {
    foreground: "--color-save-text",
    background: "--color-save-bg",
    min: TEXT,
    where: ".button-save:hover, .button-save.is-saved",
  },
  { foreground: "--color-error", background: "--color-surface", min: TEXT, where: ".save-error in a card" },
  { foreground: "--color-error", background: "--color-bg", min: TEXT, where: ".save-error on the page" },
  { foreground: "--color-footer-text", background: "--color-footer-bg", min: TEXT, where: ".site-footer text" },
  {
    foreground: "--color-footer-link",
    background: "--color-footer-bg",
    min: TEXT,
    where: ".site-footer a, .link-button",
  },
  {
    foreground: "--color-footer-link-hover",
    background: "--color-footer-bg",
    min: TEXT,
    where: ".site-footer a:hover, .link-button:hover",
  },
  { foreground: "--color-focus", background: "--color-bg", min: NON_TEXT, where: "focus ring on the page" },
  {
    foreground: "--color-focus",
    background: "--color-surface",
    min: NON_TEXT,
    where: "focus ring in cards, header, tab bar, banner; a focused field's border",
  },
  {
    foreground: "--color-footer-focus",
    background: "--color-footer-bg",
    min: NON_TEXT,
    where: "focus ring in the footer",
  },
  {
    foreground: "--color-save",
    background: "--color-surface",
    min: NON_TEXT,
    where: "border of .button-save, the control's outline",
  },
];

describe("contrast arithmetic (WCAG 2.x)", () => {
  it.each([
    { a: [0, 0, 0], b: [255, 255, 255], ratio: 21 },
    { a: [255, 255, 255], b: [0, 0, 0], ratio: 21 },
    { a: [119, 119, 119], b: [255, 255, 255], ratio: 4.48 },
    { a: [118, 118, 118], b: [255, 255, 255], ratio: 4.54 },
    { a: [47, 107, 58], b: [47, 107, 58], ratio: 1 },
  ] as const)("$a on $b is $ratio:1", ({ a, b, ratio }) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });
});

describe("the stylesheet's colour properties", () => {
  const colourNames = [...LIGHT.keys()].filter((name) => name.startsWith("--color-"));

  it("declares colours in :root and overrides them for the dark scheme", () => {
    expect(colourNames.length).toBeGreaterThan(10);
    expect(DARK_OVERRIDES.size).toBeGreaterThan(10);
  });

  it("overrides every light colour in the dark scheme (a forgotten one would stay light)", () => {
    const missing = colourNames.filter((name) => !DARK_OVERRIDES.has(name) && !SAME_IN_BOTH.has(name));
    expect(missing).toEqual([]);
  });

  it("overrides nothing in dark that light does not declare (a typo would override nothing)", () => {
    expect([...DARK_OVERRIDES.keys()].filter((name) => !LIGHT.has(name))).toEqual([]);
  });

  it("is dark in the dark scheme and light in the light one, page and cards alike", () => {
    for (const name of ["--color-bg", "--color-surface"]) {
      expect(relativeLuminance(resolve(SCHEMES.light, name)), `light ${name}`).toBeGreaterThan(0.8);
      // Warm dark greys, not black: dark enough for the scheme, light enough that shadows and borders still show.
      const dark = relativeLuminance(resolve(SCHEMES.dark, name));
      expect(dark, `dark ${name}`).toBeLessThan(0.05);
      expect(dark, `dark ${name}`).toBeGreaterThan(0);
    }
  });

  it("checks every colour property in some pair, or says why not", () => {
    const paired = new Set(PAIRS.flatMap(({ foreground, background }) => [foreground, background]));
    expect(colourNames.filter((name) => !paired.has(name) && !NOT_IN_PAIRS.has(name))).toEqual([]);
  });

  it("uses every colour of the pairs in the stylesheet (the table describes the CSS, not wishes)", () => {
    const used = new Set([...CSS.matchAll(/var\((--color-[\w-]+)\)/g)].map((match) => match[1]));
    const names = new Set(PAIRS.flatMap(({ foreground, background }) => [foreground, background]));
    expect([...names].filter((name) => !used.has(name))).toEqual([]);
  });
});

for (const [scheme, properties] of Object.entries(SCHEMES)) {
  describe(`${scheme} scheme: WCAG AA contrast`, () => {
    it.each(PAIRS)("$foreground on $background ≥ $min:1 ($where)", ({ foreground, background, min }) => {
      const ratio = contrastRatio(resolve(properties, foreground), resolve(properties, background));
      // WCAG: the ratio itself must reach the minimum; rounding it up does not count.
      expect(ratio, `${scheme}: ${foreground} on ${background} is ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(min);
    });
  });
}
