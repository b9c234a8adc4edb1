/**
 * The reading behind readRecipes (read-recipes.ts): every schema.org Recipe in the given files, folders and http(s)
 * addresses, mapped to what a draft is written from (map-recipe.ts), or skipped with a German reason.
 * Nothing a source holds makes it throw; a bad source is reported and the others go on.
 *
 * Lazy: a file, an NDJSON line or an address at a time, as the caller asks for the next. NDJSON is
 * read as a stream of lines, so a file of thousands of recipes costs the memory of one line.
 */
import { createReadStream } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { extname, join } from "node:path";
import { fetchPage, sizeText } from "./fetch-page.ts";
import { ldJsonBlocks } from "./html-ld-json.ts";
import type { KnownIngredientFacts, ReadOutcome } from "./imported-recipe.ts";
import { findRecipes } from "./json-ld.ts";
import { describeJsonError, lineAndColumn, parseJson } from "./json-text.ts";
import { mapRecipe, type ReadLine } from "./map-recipe.ts";
import { fittingKey } from "./web-address.ts";

export interface ReadRecipesOptions {
  /** The fetch to use for http(s) addresses; the global one by default. */
  fetch?: typeof fetch;
  /** For one address, its redirects and its body together; 15 s by default. */
  timeoutMs?: number;
  /** The largest document read: a JSON or HTML file or page, one NDJSON line; 10 MB by default. */
  maxBytes?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** Extensions a folder is searched for, and a file given by name may have. */
const JSON_EXTENSIONS = new Set([".json", ".jsonld"]);
const NDJSON_EXTENSIONS = new Set([".ndjson", ".jsonl"]);
const HTML_EXTENSIONS = new Set([".html", ".htm"]);
const READ_EXTENSIONS = [...JSON_EXTENSIONS, ...NDJSON_EXTENSIONS, ...HTML_EXTENSIONS];
const EXTENSION_LIST = `${READ_EXTENSIONS.slice(0, -1).join(", ")} oder ${READ_EXTENSIONS.at(-1)}`;

interface Reading {
  readLine: ReadLine;
  /** The keys of the recipes read so far in this run. */
  keys: Set<string>;
  known: readonly KnownIngredientFacts[];
  fetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
}

/** Where a document came from, for its recipes' sources and keys. */
interface DocumentOrigin {
  /** The file or address, without a position. */
  document: string;
  /** The source of the document as a whole ("rezepte.ndjson:12", "seite.html"). */
  source: string;
  pageUrl: string | null;
}

const NO_RECIPE = "Kein schema.org-Rezept (@type Recipe) gefunden.";

/** The outcomes of one document's parsed JSON values (one file's JSON, or a page's ld+json blocks). */
function* documentRecipes(
  values: readonly unknown[],
  origin: DocumentOrigin,
  reading: Reading,
): Generator<ReadOutcome> {
  const found = findRecipes(values);
  if (found.recipes.length === 0) {
    yield { skipped: { source: origin.source, reason: NO_RECIPE } };
    return;
  }
  const names = new Map<string, string>();
  for (const [index, node] of found.recipes.entries()) {
    const source = found.recipes.length === 1 ? origin.source : `${origin.source}, Rezept ${index + 1}`;
    let outcome: ReadOutcome;
    try {
      outcome = mapRecipe(node, { ...origin, source, resolve: found.resolve }, reading.readLine, reading.known);
    } catch (error) {
      outcome = { skipped: { source, reason: `Unerwarteter Fehler beim Lesen: ${String(error).slice(0, 200)}` } };
    }
    if ("recipe" in outcome) {
      const { recipe } = outcome;
      const named = names.get(recipe.key);
      const identified = recipe.key !== fittingKey(`${origin.document}#${recipe.name}`);
      // The same recipe twice on one page (a plugin's block and an SEO plugin's graph): once is enough.
      if (named === recipe.name && identified) continue;
      names.set(recipe.key, recipe.name);
      // A round-up page gives several recipes the page's address: the name tells them apart.
      if (named !== undefined && named !== recipe.name) recipe.key = fittingKey(`${recipe.key}#${recipe.name}`);
      // Two drafts with one key would overwrite each other: the first one read stays.
      if (reading.keys.has(recipe.key)) {
        const reason = `Ein früher gelesenes Rezept hat denselben Schlüssel (${recipe.key}); nicht noch einmal gelesen.`;
        yield { skipped: { source, reason } };
        continue;
      }
      reading.keys.add(recipe.key);
    }
    yield outcome;
  }
}

function* jsonDocument(page: string, origin: DocumentOrigin, reading: Reading): Generator<ReadOutcome> {
  const text = page.replace(/^\ufeff/, "");
  const parsed = parseJson(text);
  if (!parsed.ok) {
    yield { skipped: { source: origin.source, reason: `Kein gültiges JSON: ${describeJsonError(text, parsed)}.` } };
    return;
  }
  yield* documentRecipes([parsed.value], origin, reading);
}

function* htmlDocument(html: string, origin: DocumentOrigin, reading: Reading): Generator<ReadOutcome> {
  const values: unknown[] = [];
  let firstError: string | null = null;
  const blocks = ldJsonBlocks(html);
  for (const block of blocks) {
    const parsed = parseJson(block.text);
    if (parsed.ok) {
      values.push(parsed.value);
      continue;
    }
    // The position in the page, where an editor opening the file looks.
    const inPage = lineAndColumn(html, block.offset + parsed.offset);
    firstError ??= describeJsonError(block.text, { ...parsed, ...inPage });
  }
  if (findRecipes(values).recipes.length === 0) {
    let reason = blocks.length === 0 ? "Kein schema.org-Rezept: die Seite hat keinen ld+json-Block." : NO_RECIPE;
    if (firstError !== null) reason = `${NO_RECIPE} Ein ld+json-Block ist kein gültiges JSON: ${firstError}.`;
    yield { skipped: { source: origin.source, reason } };
    return;
  }
  yield* documentRecipes(values, origin, reading);
}

/** Lines of a file as bytes, streamed; a line longer than `maxBytes` comes as null (and is not kept). */
async function* byteLines(path: string, maxBytes: number): AsyncGenerator<Buffer | null> {
  let parts: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, end);
      yield tooLong || size + piece.length > maxBytes ? null : Buffer.concat([...parts, piece]);
      parts = [];
      size = 0;
      tooLong = false;
      start = end + 1;
    }
    const rest = chunk.subarray(start);
    if (!tooLong && size + rest.length > maxBytes) {
      tooLong = true;
      parts = [];
    }
    if (!tooLong && rest.length > 0) {
      // A copy: the stream may reuse its chunk's memory.
      parts.push(Buffer.from(rest));
      size += rest.length;
    }
  }
  if (tooLong) yield null;
  else if (size > 0) yield Buffer.concat(parts);
}

async function* ndjsonFile(path: string, reading: Reading): AsyncGenerator<ReadOutcome> {
  const decoder = new TextDecoder("utf-8");
  let number = 0;
  for await (const bytes of byteLines(path, reading.maxBytes)) {
    number++;
    const source = `${path}:${number}`;
    if (bytes === null) {
      yield { skipped: { source, reason: `Zeile größer als ${sizeText(reading.maxBytes)}; nicht gelesen.` } };
      continue;
    }
    let line = decoder.decode(bytes);
    if (number === 1) line = line.replace(/^\ufeff/, "");
    if (line.trim() === "") continue;
    const parsed = parseJson(line);
    if (!parsed.ok) {
      const reason = `Kein gültiges JSON: ${describeJsonError(line, { ...parsed, line: number })}.`;
      yield { skipped: { source, reason } };
      continue;
    }
    yield* documentRecipes([parsed.value], { document: path, source, pageUrl: null }, reading);
  }
}

async function* file(path: string, reading: Reading): AsyncGenerator<ReadOutcome> {
  const extension = extname(path).toLowerCase();
  const origin: DocumentOrigin = { document: path, source: path, pageUrl: null };
  if (NDJSON_EXTENSIONS.has(extension)) {
    yield* ndjsonFile(path, reading);
    return;
  }
  if (!JSON_EXTENSIONS.has(extension) && !HTML_EXTENSIONS.has(extension)) {
    yield { skipped: { source: path, reason: `Nur Dateien mit ${EXTENSION_LIST} werden gelesen.` } };
    return;
  }
  const { size } = await stat(path);
  if (size > reading.maxBytes) {
    yield { skipped: { source: path, reason: `Datei größer als ${sizeText(reading.maxBytes)}; nicht gelesen.` } };
    return;
  }
  const text = new TextDecoder("utf-8").decode(await readFile(path));
  yield* JSON_EXTENSIONS.has(extension) ? jsonDocument(text, origin, reading) : htmlDocument(text, origin, reading);
}

/** The files of a folder and its subfolders that have a read extension, sorted; hidden ones and links left out. */
async function folderFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(folder, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await folderFiles(path)));
    else if (entry.isFile() && READ_EXTENSIONS.includes(extname(entry.name).toLowerCase())) found.push(path);
  }
  return found;
}

async function* address(input: string, reading: Reading): AsyncGenerator<ReadOutcome> {
  const page = await fetchPage(input, reading);
  if (!page.ok) {
    yield { skipped: { source: input, reason: page.reason } };
    return;
  }
  const origin: DocumentOrigin = { document: input, source: input, pageUrl: page.url };
  yield* page.kind === "json" ? jsonDocument(page.text, origin, reading) : htmlDocument(page.text, origin, reading);
}

/** A scheme at the start ("https:", "javascript:"); a file whose name has a colon is given as "./name". */
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

async function* input(given: string, reading: Reading): AsyncGenerator<ReadOutcome> {
  const trimmed = given.trim();
  if (trimmed === "") {
    yield { skipped: { source: given, reason: "Leere Angabe: weder Datei, Ordner noch Adresse." } };
    return;
  }
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === "http" || scheme === "https") {
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      yield { skipped: { source: trimmed, reason: "Keine gültige Adresse." } };
      return;
    }
    yield* address(url.href, reading);
    return;
  }
  if (scheme !== undefined) {
    const reason = `Nur Dateien, Ordner und http(s)-Adressen werden gelesen, keine „${scheme.slice(0, 20)}“-Adressen.`;
    yield { skipped: { source: trimmed.slice(0, 200), reason } };
    return;
  }
  let kind: "file" | "folder";
  try {
    kind = (await stat(trimmed)).isDirectory() ? "folder" : "file";
  } catch {
    yield { skipped: { source: trimmed, reason: "Datei oder Ordner nicht gefunden." } };
    return;
  }
  if (kind === "file") {
    yield* file(trimmed, reading);
    return;
  }
  const files = await folderFiles(trimmed);
  if (files.length === 0) {
    yield { skipped: { source: trimmed, reason: `Der Ordner hat keine Dateien mit ${EXTENSION_LIST}.` } };
  }
  for (const path of files) yield* guarded(path, file(path, reading));
}

/** A source's outcomes; what throws while reading it (a file gone, unreadable) skips the source, not the run. */
async function* guarded(source: string, outcomes: AsyncGenerator<ReadOutcome>): AsyncGenerator<ReadOutcome> {
  try {
    yield* outcomes;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const detail =
      code === "EACCES" || code === "EPERM"
        ? "keine Berechtigung"
        : typeof code === "string"
          ? code
          : String(error).slice(0, 200);
    yield { skipped: { source, reason: `Nicht lesbar (${detail}).` } };
  }
}

/**
 * readRecipes with the line reader given: the seam for tests of reading and mapping. Production
 * code calls readRecipes (read-recipes.ts), which reads lines with the German parser.
 */
export async function* readRecipesWith(
  inputs: readonly string[],
  known: readonly KnownIngredientFacts[],
  readLine: ReadLine,
  options: ReadRecipesOptions = {},
): AsyncGenerator<ReadOutcome> {
  const reading: Reading = {
    readLine,
    keys: new Set(),
    known,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
  };
  for (const given of inputs) yield* guarded(given.trim() || given, input(given, reading));
}
