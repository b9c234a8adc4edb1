/**
 * `npm run validate:recipes`: every seed recipe page of a running site through our recipe validator
 * (Google's rules for recipe rich results), written to reports/recipe-validator.md with a summary here.
 *
 *   npm run validate:recipes                         the site `npm start` serves (http://localhost:8787)
 *   npm run validate:recipes -- http://127.0.0.1:8790  another one, e.g. the browser tests' site
 *   npm run validate:recipes -- --images             also fetch every image the Recipes name (type, size, ratios)
 *
 * Exits with 1 if the site cannot be reached, or a page answers other than 200, is kept from crawlers by
 * robots.txt or has an error (a required field missing or invalid, no Recipe, a block that is not JSON);
 * recommended fields only warn.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { errorMessage } from "../../logging/error-message.ts";
import { fieldCounts, recipeValidatorReport } from "./recipe-validator-report.ts";
import { pageProblems, seedRecipeSlugs, validateRecipePages } from "./seed-recipe-pages.ts";

const REPORT = "reports/recipe-validator.md";
const DEFAULT_SITE = "http://localhost:8787";

const { positionals, values: args } = parseArgs({
  allowPositionals: true,
  options: { images: { type: "boolean", default: false } },
});
const site = (positionals[0] ?? DEFAULT_SITE).replace(/\/$/, "");

let pages: Awaited<ReturnType<typeof validateRecipePages>>;
try {
  pages = await validateRecipePages(site, seedRecipeSlugs(), { images: args.images });
} catch (error) {
  console.error(`validate:recipes: ${site} cannot be read (${errorMessage(error)}); is the site running (npm start)?`);
  process.exit(1);
}

mkdirSync("reports", { recursive: true });
writeFileSync(REPORT, recipeValidatorReport(pages, { site, date: new Date(), images: args.images }));

const broken = pages.filter((page) => page.status !== 200 || !page.crawlable || page.validation.errors.length > 0);
console.log(`validate:recipes: ${pages.length} seed recipe pages of ${site}`);
for (const counts of fieldCounts(pages)) {
  if (counts.present === pages.length) continue;
  const kind = counts.required ? "required" : "recommended";
  console.log(`  ${counts.field} (${kind}): ${counts.missing} missing, ${counts.invalid} invalid`);
}
const short = pages.filter((page) => pageProblems(page).length > 0);
console.log(
  `  every other field on every page; ${broken.length} pages with errors, ${short.length} short of the goal ` +
    `(see ${REPORT})`,
);
for (const page of short.slice(0, 10)) console.log(`  ${page.path}: ${pageProblems(page).join("; ")}`);
process.exit(broken.length > 0 ? 1 : 0);
