/** Heading elements by level, so a card can sit at any depth of a page's outline. */
export const HEADINGS = ["h1", "h2", "h3", "h4", "h5"] as const;

export type HeadingTag = (typeof HEADINGS)[number];

/** The heading element `depth` levels below `level` (h5 at most). */
export function headingAt(level: number, depth = 0): HeadingTag {
  return HEADINGS[Math.min(level + depth, HEADINGS.length) - 1] ?? "h2";
}
