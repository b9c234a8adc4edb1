/**
 * `npm run bench -- --only import`: `npm run import` of an NDJSON file of
 * 1,000 German schema.org recipes (varied ingredient lines over the seed's
 * ingredients and a few it lacks, one in ten with an image from a local web
 * server) into a scratch Directus (started by the caller), timed, with the
 * importer's memory sampled in a process of its own (import-process.ts);
 * then the same file again, when every recipe is unchanged.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { LOCAL_ADMIN } from "../local-stack/directus.ts";
import type { ImportProcessFigures } from "./import-process.ts";

export interface ImportBench {
  recipes: number;
  fileBytes: number;
  withImage: number;
  /** The first run: every recipe created. */
  first: ImportProcessFigures;
  /** The same file again: every recipe unchanged. */
  second: ImportProcessFigures;
}

/** A small deterministic random source (mulberry32), so every run imports the same file. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Ingredients the seed lacks: the import proposes each once and reuses it. */
const UNKNOWN = ["Yuzusaft", "Sumach", "Schwarzkümmel", "Tamarindenpaste", "Ras el Hanout", "Gochujang", "Za'atar"];
const DISHES = ["Pfanne", "Bowl", "Salat", "Suppe", "Auflauf", "Curry", "Wrap", "Pasta", "Omelett", "Eintopf"];
const STYLES = ["Schnelle", "Würzige", "Cremige", "Bunte", "Sommerliche", "Herbstliche", "Einfache", "Leichte"];
const CATEGORIES = ["Hauptgericht", "Suppe", "Salat", "Pasta", "Frühstück", "Beilage"];
const CUISINES = ["Deutsch", "Italienisch", "Asiatisch", "Orientalisch", "Mexikanisch"];
const NOTES = ["fein gehackt", "gewürfelt", "in Scheiben", "gerieben", "frisch", "zimmerwarm"];
const STEPS = [
  "Alle Zutaten bereitstellen und das Gemüse waschen.",
  "Die Zwiebel schälen und fein würfeln.",
  "Öl in einer Pfanne erhitzen und alles bei mittlerer Hitze anbraten.",
  "Mit Salz und Pfeffer abschmecken.",
  "Kurz ziehen lassen und sofort servieren.",
];

/** One ingredient line in one of the ways German recipes write them. */
function ingredientLine(name: string, next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const amount = 1 + Math.floor(next() * 4);
  switch (Math.floor(next() * 8)) {
    case 0:
      return `${amount * 50} g ${name}`;
    case 1:
      return `${amount}-${amount + 1} EL ${name}`;
    case 2:
      return `${amount} ${name}`;
    case 3:
      return `${amount * 100} ml ${name}, ${pick(NOTES)}`;
    case 4:
      return `1 Prise ${name}`;
    case 5:
      return `${amount} TL ${name} (nach Belieben)`;
    case 6:
      return `½ Bund ${name}`;
    default:
      return name;
  }
}

/** The schema.org recipe number `index`, as a recipe site's JSON-LD has it. */
function benchRecipe(index: number, seedNames: readonly string[], imageBase: string): Record<string, unknown> {
  const next = random(index + 1);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const names = new Set<string>();
  const count = 5 + Math.floor(next() * 8);
  while (names.size < count) names.add(next() < 0.05 ? pick(UNKNOWN) : pick(seedNames));
  const [first, second] = [...names];
  const prep = 5 + Math.floor(next() * 10);
  const cook = Math.floor(next() * 15);
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: `${pick(STYLES)} ${pick(DISHES)} mit ${first} und ${second}`,
    url: `https://bench.example/rezepte/${index}`,
    description: `Rezept ${index} für den Import-Benchmark.`,
    recipeYield: `${1 + Math.floor(next() * 6)} Portionen`,
    prepTime: `PT${prep}M`,
    cookTime: `PT${cook}M`,
    totalTime: `PT${prep + cook}M`,
    recipeCategory: pick(CATEGORIES),
    recipeCuisine: pick(CUISINES),
    ...(index % 10 === 0 ? { image: `${imageBase}/bild-${index}.jpg` } : {}),
    recipeIngredient: [...names].map((name) => ingredientLine(name, next)),
    recipeInstructions: STEPS.slice(0, 2 + Math.floor(next() * 4)).map((text) => ({ "@type": "HowToStep", text })),
  };
}

/** Writes `count` recipes as NDJSON, a line at a time. */
async function writeNdjson(file: string, count: number, imageBase: string): Promise<void> {
  const seedNames = (JSON.parse(readFileSync("cms/seed/ingredients.json", "utf8")) as { name: string }[]).map(
    (ingredient) => ingredient.name,
  );
  const out = createWriteStream(file);
  for (let index = 1; index <= count; index += 1) {
    if (!out.write(`${JSON.stringify(benchRecipe(index, seedNames, imageBase))}\n`)) {
      await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    }
  }
  out.end();
  await finished(out);
}

/** Runs import-process.ts on the file and returns its figures. */
function runImport(file: string, directusUrl: string, token: string, marks: number[]): Promise<ImportProcessFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--expose-gc", "scripts/bench/import-process.ts", directusUrl, file, marks.join(",")],
      { env: { ...process.env, DIRECTUS_TOKEN: token }, stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve(JSON.parse(output) as ImportProcessFigures);
      else reject(new Error(`bench: the import process exited with ${code}`));
    });
  });
}

/** Generates the file, serves its images, and imports it twice into the Directus at `directusUrl`. */
export async function benchImport(
  directusUrl: string,
  count: number,
  log: (line: string) => void,
): Promise<ImportBench> {
  const image = readFileSync("cms/seed/images/asiatischer-gurkensalat.jpg");
  const images = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "image/jpeg" }).end(image);
  });
  await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", resolve));
  const folder = mkdtempSync(join(tmpdir(), "bench-import-"));
  try {
    const file = join(folder, "rezepte.ndjson");
    await writeNdjson(file, count, `http://127.0.0.1:${(images.address() as AddressInfo).port}`);
    const login = await fetch(`${directusUrl}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(LOCAL_ADMIN),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const marks = [250, 500, 1_000].filter((mark) => mark <= count);
    log(`bench: importing ${count} recipes …`);
    const first = await runImport(file, directusUrl, token, marks);
    log(`bench: importing the same ${count} recipes again …`);
    const second = await runImport(file, directusUrl, token, marks);
    return {
      recipes: count,
      fileBytes: statSync(file).size,
      withImage: Math.floor(count / 10),
      first,
      second,
    };
  } finally {
    images.closeAllConnections();
    images.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
