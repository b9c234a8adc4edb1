/**
 * reports/recipe-validator.md: how many of the seed's pages have each required and recommended Recipe
 * field, and what each page lacks, as `npm run validate:recipes` found them.
 */
import { RECOMMENDED_FIELDS, REQUIRED_FIELDS, type RecipeField, type RecommendedField } from "./recipe-validator.ts";
import { ALLOWED_ABSENT, type PageValidation, pageProblems } from "./seed-recipe-pages.ts";

/** A Markdown table with its columns padded, as the formatter would leave it. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)];
}

/** Per field: pages that have it readable, lack it, or have it in a form Google does not read. */
export function fieldCounts(pages: readonly PageValidation[]) {
  return [...REQUIRED_FIELDS, ...RECOMMENDED_FIELDS].map((field: RecipeField) => {
    const count = (state: string) => pages.filter((page) => page.validation.fields[field] === state).length;
    return {
      field,
      required: (REQUIRED_FIELDS as readonly string[]).includes(field),
      present: count("present"),
      missing: count("missing"),
      invalid: count("invalid"),
    };
  });
}

export function recipeValidatorReport(
  pages: readonly PageValidation[],
  run: { site: string; date: Date; images: boolean },
): string {
  const goal = (allowed: readonly RecommendedField[]) => {
    const failing = pages.filter((page) => pageProblems(page, allowed).length > 0).length;
    return failing === 0
      ? `**met** on all ${pages.length} pages`
      : `**not met** on ${failing} of ${pages.length} pages`;
  };
  const names = (fields: readonly string[]) => fields.map((field) => `\`${field}\``).join(" and ");
  const fieldRows = fieldCounts(pages).map((counts) => [
    `\`${counts.field}\``,
    counts.required ? "required" : "recommended",
    `${counts.present} / ${pages.length}`,
    String(counts.missing),
    String(counts.invalid),
  ]);
  const pageRows = pages.map((page) => {
    const { errors, warnings } = page.validation;
    const fields = (problem: "missing" | "invalid") =>
      [...errors, ...warnings]
        .filter((finding) => finding.problem === problem)
        .map((finding) => (problem === "invalid" ? `\`${finding.field}\`: ${finding.message}` : `\`${finding.field}\``))
        .join("; ") || "–";
    return [
      `\`${page.path}\``,
      `${page.status === 200 ? "200" : `**${page.status}**`}${page.crawlable ? "" : ", **robots.txt: disallowed**"}`,
      errors.length === 0 ? "0" : `**${errors.length}**`,
      fields("missing"),
      fields("invalid"),
    ];
  });
  return [
    "# Recipe validator: the seed's pages",
    "",
    `\`npm run validate:recipes\` against ${run.site}, ${run.date.toISOString().slice(0, 16).replace("T", " ")} UTC:`,
    `${pages.length} seed recipe pages, checked by Google's rules for recipe rich results`,
    "(`scripts/seo/recipe-validator.ts`; how to run it: docs/operations.md, 2.10).",
    run.images
      ? "Every image was fetched too: served, in a format Google Images reads, 50,000 pixels or more, all three ratios."
      : "The images were not fetched (`-- --images` does): their URLs are checked, and robots.txt.",
    "",
    `- Issue 45's goal, every recommended field present and readable but ${names(ALLOWED_ABSENT)}, and no required`,
    `  field missing or invalid (what the browser test asserts): ${goal(ALLOWED_ABSENT)}.`,
    "",
    "## Fields",
    "",
    ...table(["field", "Google", "pages with it", "missing", "invalid"], fieldRows),
    "",
    "## Pages",
    "",
    ...table(["page", "HTTP", "errors", "missing", "invalid"], pageRows),
    "",
  ].join("\n");
}
