/**
 * `npm run import -- <file|folder|URL>...`: brings schema.org recipes into
 * Directus as drafts (issue 41; docs/operations.md, "Rezepte importieren").
 * Files are JSON, JSON-LD, NDJSON (read line by line) or HTML pages; a folder
 * is read for those; an http(s) address is fetched. Nothing is published: an
 * editor checks each draft, its "Zu prüfen (Import)" and the proposed
 * ingredients, and publishes it.
 *
 *   npm run import -- recipes.ndjson        into the local CMS `npm start` runs
 *   npm run import -- --dry-run <…>         read and check only; write nothing
 *   npm run import -- --json <…>            one JSON object on stdout (the report), nothing else
 *   npm run import -- --url <directus> <…>  another Directus; its token in DIRECTUS_TOKEN
 *
 * Exits with 0 when every recipe was imported, 1 when any source or recipe was
 * skipped (or the run stopped), 2 on a usage error.
 */
import { parseArgs } from "node:util";
import { errorMessage } from "../../logging/error-message.ts";
import { connectImportTarget, TargetUnreachable } from "../import/directus-target.ts";
import type { ImportReport } from "../import/imported-recipe.ts";
import { readRecipes } from "../import/read-recipes.ts";
import { type ImportCounts, type ImportEvent, importRecipes, reportedRecipe } from "../import/run-import.ts";

const USAGE = `usage: npm run import -- [--dry-run] [--json] [--url <directus>] <file|folder|URL>...
  --dry-run        read and check; write nothing (the CMS is still asked which ingredients it has)
  --json           print one JSON object (the report) on stdout, nothing else
  --url <address>  another Directus than the local one; its token in the environment variable DIRECTUS_TOKEN`;

class UsageError extends Error {}

function options() {
  const argv = process.argv.slice(2);
  if (argv.some((arg) => arg === "--token" || arg.startsWith("--token="))) {
    throw new UsageError(
      "import: --token is refused: other users of the machine can read a command line; set DIRECTUS_TOKEN in the environment",
    );
  }
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError(`import: ${errorMessage(error)}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { ...values, inputs: positionals };
  if (positionals.length === 0) throw new UsageError("import: name at least one file, folder or http(s) address");
  if (values.url !== undefined) {
    let url: URL;
    try {
      url = new URL(values.url);
    } catch {
      throw new UsageError(`import: --url ${values.url} is not an address`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:")
      throw new UsageError("import: --url takes an http(s) address");
    if (url.protocol === "http:" && !["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) {
      throw new UsageError("import: a Directus on another machine is reached over https only (a token is sent)");
    }
    if (!process.env.DIRECTUS_TOKEN) {
      throw new UsageError("import: --url needs the Directus token in the environment variable DIRECTUS_TOKEN");
    }
  }
  return { ...values, inputs: positionals };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      "dry-run": { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      url: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
}

const interactive = Boolean(process.stderr.isTTY);

/** The progress line: redrawn in place on a terminal; in logs a line per phase and per 100 recipes. */
function progress(counts: ImportCounts, dryRun: boolean, source: string): void {
  const done = counts.read + counts.skipped;
  const parts = dryRun
    ? [`${counts.read} read`]
    : [
        `${counts.created} created`,
        `${counts.updated} updated`,
        `${counts.unchanged} unchanged`,
        `${counts.kept} kept`,
      ];
  const tally = `${parts.join(", ")}, ${counts.skipped} skipped`;
  if (interactive) {
    // One terminal line, or the next redraw would leave the wrapped rest behind.
    const columns = process.stderr.columns || 100;
    process.stderr.write(`\r\x1b[2K${`Importing ${bar(done)} ${tally}  ${source}`.slice(0, columns - 1)}`);
  } else if (done % 100 === 0) console.error(`import: ${done} done: ${tally}`);
}

/** A bar that fills and empties as recipes pass: the reader streams, so there is no total to measure against. */
function bar(done: number): string {
  const width = 20;
  const position = done % (2 * width);
  const filled = position <= width ? position : 2 * width - position;
  return `[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${done}`;
}

function clearProgress(): void {
  if (interactive) process.stderr.write("\r\x1b[2K");
}

function phase(line: string): void {
  clearProgress();
  console.error(`import: ${line} …`);
}

/** A recipe that has something to say, printed as it comes (the summary does not keep them). */
function printEvent(event: ImportEvent): void {
  const say = (label: string, what: string, problems: string[] = []) => {
    clearProgress();
    console.log(`  ${label.padEnd(10)} ${what}`);
    for (const problem of problems) console.log(`  ${"".padEnd(10)} ! ${problem}`);
  };
  if (event.kind === "skipped") say("skipped", `${event.skipped.source}: ${event.skipped.reason}`);
  else if (event.kind === "read") {
    if (event.recipe.problems.length > 0)
      say("read", `${event.recipe.name} (${event.recipe.source})`, event.recipe.problems);
  } else {
    const { recipe, result } = event;
    if (result.outcome === "kept") {
      say(
        "kept",
        `${recipe.name} (#${result.id}): changed or published by an editor since the last import; left as it is`,
      );
      return;
    }
    const problems = result.outcome === "unchanged" ? [] : [...recipe.problems, ...result.problems];
    if (problems.length > 0) say(result.outcome, `${recipe.name} (#${result.id})`, problems);
  }
}

function summary(counts: ImportCounts, dryRun: boolean, where: string, seconds: number): string {
  const rows = dryRun
    ? [["read", counts.read]]
    : [
        ["created", counts.created],
        ["updated", counts.updated],
        ["unchanged", counts.unchanged],
        ["kept", counts.kept],
      ];
  const lines = [
    dryRun ? `import: dry run against ${where}; nothing written` : `import: into ${where}, every recipe as a draft`,
    ...[...rows, ["skipped", counts.skipped]].map(([label, value]) => `  ${String(label).padEnd(10)} ${value}`),
    `  took       ${seconds.toFixed(1)} s`,
  ];
  if (counts.kept > 0)
    lines.push("  kept: an editor changed or published them since the last import; never overwritten");
  if (!dryRun && counts.created + counts.updated > 0) {
    lines.push(
      "  Check the drafts in the Data Studio: „Zu prüfen (Import)“, and confirm proposed ingredients („Vorschlag“).",
    );
  }
  return lines.join("\n");
}

async function main(): Promise<number> {
  const args = options();
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const started = Date.now();
  const dryRun = args["dry-run"];
  // With --json, stdout carries the report alone: everything else goes to stderr.
  const out = args.json ? console.error : console.log;
  phase("reading the ingredients Directus has");
  const target = await connectImportTarget({ url: args.url, token: process.env.DIRECTUS_TOKEN });
  const known = await target.knownIngredients();
  phase(`${dryRun ? "reading" : "importing"} recipes`);
  const report: ImportReport = { recipes: [], skipped: [] };
  const counts = await importRecipes(readRecipes(args.inputs, known), dryRun ? null : target, (event, sofar) => {
    if (args.json) {
      if (event.kind === "skipped") report.skipped.push(event.skipped);
      else report.recipes.push(reportedRecipe(event.recipe, event.kind === "written" ? event.result.problems : []));
    } else printEvent(event);
    progress(sofar, dryRun, event.kind === "skipped" ? event.skipped.source : event.recipe.source);
  }).finally(clearProgress);
  if (args.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  out(summary(counts, dryRun, target.url, (Date.now() - started) / 1000));
  return counts.skipped > 0 ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  clearProgress();
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(error instanceof TargetUnreachable ? error.message : `import: ${errorMessage(error)}`);
    process.exitCode = 1;
  }
}
