/**
 * A version built from the stage (source-stage.ts) in steps, none of which
 * holds the catalog: SQLite orders the recipes (category, German sort key,
 * id: german-sort-key.ts), picks each slug's first recipe, counts
 * ingredients and categories and finds the newest; the blobs are then made
 * a list piece at a time (about 4,096 recipes, cut at id-hash boundaries
 * as stored-catalog.ts cuts them), then the meta and the name order, then
 * the locator shards a few hundred a step, each from three range reads of
 * the stage's locator rows, then the search index in its two halves
 * (decision 0054): the postings of the recipes that changed, a chunk a step,
 * into SQLite, then the shards from there, ordered by term, resumed from
 * step to step. The blobs are byte for byte those `planVersion` makes of
 * `buildCatalog` over the same records (tests/unit/stage-build.test.ts).
 *
 * A piece's blobs are kept under the signature of its recipes (their ids
 * and digests, recipe-digest.ts): a piece whose recipes did not change is
 * not made again, so a one-recipe change makes one piece. Its recipes'
 * locator rows are written with it and signed alike; a recipe's postings
 * are kept under its digest. While the order holds, the pieces' cuts and
 * the name order are kept too, and the locator and search index shards of
 * the last build are taken by their hash where nothing of theirs changed
 * (decision 0052, "A change's build follows the change"): a build's cost
 * follows the change.
 *
 * The coordinator (coordinator.ts) carries a `StageBuild` from step to step.
 */

import { RATINGS_SHOWN_FROM, ratingPieceTexts } from "../format/ratings-column.ts";
import { sha256 } from "../format/sha256.ts";
import { emptyBlobLists, type Manifest, type VersionBlobs } from "../format/storage.ts";
import {
  bucketBlobs,
  bucketSizesOf,
  type ColumnRecipe,
  columnBlobs,
  columnRecipe,
  locatorShardCount,
  locatorShardText,
  metaBlob,
  NEWEST_KEPT,
  nameOrderPieceTexts,
  pieceEndsAfter,
  type StoredBlob,
  type StoredCatalog,
  type TypeRange,
  typeIndex,
} from "../format/stored-catalog.ts";
import { RECIPE_TYPES } from "../recipes/categories.ts";
import type { CatalogIngredient, CatalogRecipe } from "../recipes/types.ts";
import type { ShardedLayout } from "../search/engine/sharded-format.ts";
import type { ShardedWriterState } from "../search/engine/sharded-writer.ts";
import { addRecipes, SEARCH_INDEX_VERSION, writeSearchShards } from "../search/search-index.ts";
import { ingredientKinds } from "../search/search-words.ts";
import { catalogIngredients } from "./build-catalog.ts";
import { type PlannedVersion, versionOf } from "./plan-version.ts";
import type { RatingStage } from "./rating-stage.ts";
import { type SourceStage, STAGE_FORMAT } from "./source-stage.ts";
import type { RawIngredientRecord } from "./validate.ts";

/** Rows per query when the build walks the catalog. */
const WALK_ROWS = 5_000;
/** Recipes whose search postings are made at once. */
const INDEX_CHUNK = 1_000;

export type StageBuildPhase =
  /** Order the catalog in SQLite and cut it into pieces. */
  | "order"
  /** Make the pieces' blobs, a few per step (those found under their signature do not count). */
  | "pieces"
  /** The meta and the name order. */
  | "meta"
  /** The locator shards, `locatorShardsPerStep` a step. */
  | "locator"
  /** The search index's postings of the recipes that changed, `indexRecipesPerStep` a step, into SQLite. */
  | "index"
  /** The search index's blobs from the postings, about `searchCharsPerStep` a step; then the version. */
  | "search";

/** How much one step of a build makes at most. */
export interface StageBuildLimits {
  /** List pieces made again (those found under their signature do not count). */
  piecesPerStep: number;
  /** Locator shards (about 1,024 recipes each). */
  locatorShardsPerStep: number;
  /** Recipes whose postings are made (each a few dozen rows of SQLite). */
  indexRecipesPerStep: number;
  /** Characters of search index blobs: the writer stops after the shard that reaches it. */
  searchCharsPerStep: number;
  /** The search index's pieces, the site's (DEFAULT_LAYOUT) unless given: tests give small ones. */
  searchLayout?: ShardedLayout;
}

/** A build under way, carried from step to step. */
export interface StageBuild {
  phase: StageBuildPhase;
  /** The time the catalog is built for (publish times). */
  now: number;
  recipes: number;
  ingredients: number;
  /** The next piece to make. */
  piece: number;
  /** Pieces made, and of them made again rather than found under their signature. */
  made: number;
  rebuilt: number;
  meta?: string;
  /** The name order's pieces' hashes (stored-catalog.ts `nameOrderPieceTexts`), made with the meta. */
  nameOrder?: string[];
  /** The ratings column's hashes (decision 0066), made with the meta. */
  ratings?: string[];
  /** The locator shards' hashes so far, in shard order. */
  locator?: string[];
  /** Whether the order of the build before held (no recipe came, went or moved): then so do its pieces' cuts. */
  orderHeld?: boolean;
  /** Whether the index phase has dropped the postings it cannot keep (SourceStage.prepareSearch). */
  indexPrepared?: boolean;
  /** Where the search index's writer stopped (plain JSON, at most a term piece), and its blobs' hashes so far. */
  search?: ShardedWriterState;
  searchIndex?: string[];
  /** The generation the search index's write places its shards under (SourceStage.startSearchShards). */
  searchGeneration?: number;
  /** Whether the search index numbers recipes by id, settled at its write's first step (SourceStage.searchNumbering). */
  searchById?: boolean;
  /** Locator shards and search index shards taken from the build before as they were, and search shards placed. */
  locatorTaken?: number;
  searchTaken?: number;
  searchShards?: number;
}

/** What the build needs of the coordinator: which blobs KV has, and where the ones it lacks go. */
export interface BuildHands {
  /** Whether KV holds the blob, or this build has kept it already. */
  present(hash: string): boolean;
  /** A blob KV lacks, for the writes (a dry run keeps nothing). */
  keep(hash: string, text: string): void;
}

/** A piece's blobs by kind and hash, in their order, and its buckets' sizes and ends (their last ids). */
interface MadePiece {
  blobs: { kind: keyof StoredCatalog; hash: string }[];
  bucketSizes: number[];
  bucketEnds: number[];
}

export function startStageBuild(now: number): StageBuild {
  return { phase: "order", now, recipes: 0, ingredients: 0, piece: 0, made: 0, rebuilt: 0 };
}

/** The stage's valid ingredients, in id order. */
function validIngredients(stage: SourceStage): RawIngredientRecord[] {
  const valid: RawIngredientRecord[] = [];
  for (const record of stage.ingredients()) if (record.ok) valid.push(record.ingredient);
  return valid;
}

/** The catalog's ingredients with their recipe counts (small: a few thousand at most). */
function ingredientsOf(stage: SourceStage): CatalogIngredient[] {
  return catalogIngredients(validIngredients(stage), stage.ingredientUses());
}

/** Hashes a blob and keeps it unless KV has it; answers its hash. */
async function hashed(blob: StoredBlob | { text: string }, hands: BuildHands): Promise<string> {
  const hash = await sha256(blob.text);
  if (!hands.present(hash)) hands.keep(hash, blob.text);
  return hash;
}

/**
 * Each place's recipe in German name order, as the name order's pieces are
 * made of it: its id (where a piece is cut) and its category's index. Held
 * in typed arrays of a few bytes a recipe, not a record each.
 */
function* recipesInNameOrder(
  stage: SourceStage,
  count: number,
  ranges: readonly TypeRange[],
): Generator<[id: number, typeIndex: number]> {
  const ids = new Float64Array(count);
  const types = new Uint8Array(count);
  const typeAt = new Uint8Array(count);
  for (const { type, start, end } of ranges) typeAt.fill(typeIndex(type), start, end);
  for (let position = 0; position < count; position += WALK_ROWS) {
    stage.places(position, WALK_ROWS).forEach(({ place, id }, offset) => {
      ids[place] = id;
      types[place] = typeAt[position + offset] ?? 0;
    });
  }
  for (let place = 0; place < count; place++) yield [ids[place] ?? 0, types[place] ?? 0];
}

/** What every recipe's postings depend on beyond the recipe: the index's version and the ingredients' kinds. */
async function searchSignature(ingredients: readonly CatalogIngredient[]): Promise<string> {
  const kinds = [...ingredientKinds(ingredients)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(`${STAGE_FORMAT}|${SEARCH_INDEX_VERSION}|${JSON.stringify(kinds)}`);
}

/**
 * Builds on for one step (at most `piecesPerStep` pieces in the pieces
 * phase). Answers the build as it stands and, once it is complete, the
 * version. Without `ratings`, the version's ratings column is empty.
 */
export async function stageBuildStep(
  build: StageBuild,
  stage: SourceStage,
  hands: BuildHands,
  limits: StageBuildLimits,
  ratings?: RatingStage,
): Promise<{ build: StageBuild; version?: PlannedVersion }> {
  const { piecesPerStep } = limits;
  if (build.phase === "order") {
    const { recipes, held } = stage.orderCatalog(build.now);
    await cutPieces(stage, recipes, held);
    return { build: { ...build, phase: "pieces", recipes, piece: 0, orderHeld: held } };
  }
  if (build.phase === "pieces") {
    const pieces = stage.pieces();
    let { made, rebuilt } = build;
    // A piece found under its signature costs a lookup: only the pieces made again count against the step.
    const rebuiltBefore = rebuilt;
    let upTo = build.piece;
    for (const { piece, start, end, signature } of pieces.slice(build.piece)) {
      if (rebuilt - rebuiltBefore >= piecesPerStep) break;
      upTo += 1;
      const cached = stage.cachedPiece(signature);
      let kept = cached === undefined ? undefined : (JSON.parse(cached) as MadePiece);
      // Found, but a blob of it was deleted from KV since (the sweep), or its recipes' locator rows were
      // written for another piece since (a build given up half way): made again.
      if (kept && !kept.blobs.every(({ hash }) => hands.present(hash))) kept = undefined;
      if (kept && !stage.locatorHolds(start, end, signature)) kept = undefined;
      if (!kept) {
        // A bucket at a time: the piece's recipes are never all held, only what its columns read of them.
        const ids = stage.orderedDigests(start, end - start).map((row) => row.id);
        const bucketSizes = bucketSizesOf(ids);
        const bucketEnds: number[] = [];
        const blobs: MadePiece["blobs"] = [];
        const columns: ColumnRecipe[] = [];
        let position = start;
        for (const size of bucketSizes) {
          const bucket = stage
            .orderedRecipes(position, position + size)
            .map((record) => (record.ok ? record.recipe : null))
            .filter((recipe): recipe is CatalogRecipe => recipe !== null);
          for (const blob of bucketBlobs(bucket)) blobs.push({ kind: blob.kind, hash: await hashed(blob, hands) });
          columns.push(...bucket.map(columnRecipe));
          const bucketEnd = (bucket.at(-1) as CatalogRecipe).id;
          bucketEnds.push(bucketEnd);
          stage.putLocator(
            signature,
            bucket.map(({ id, slug, image }) => ({ id, slug, image: image ? image.toLowerCase() : null, bucketEnd })),
          );
          position += size;
        }
        for (const blob of columnBlobs(columns)) blobs.push({ kind: blob.kind, hash: await hashed(blob, hands) });
        kept = { blobs, bucketSizes, bucketEnds };
        stage.cachePiece(signature, JSON.stringify(kept));
        rebuilt += 1;
      }
      stage.setPieceMade(piece, JSON.stringify(kept));
      made += 1;
    }
    const done = upTo >= pieces.length;
    return { build: { ...build, phase: done ? "meta" : "pieces", piece: upTo, made, rebuilt } };
  }
  if (build.phase === "meta") {
    const ingredients = ingredientsOf(stage);
    const ranges = stage
      .typeRanges()
      .map(({ type, start, end }) => ({ type: RECIPE_TYPES[type] ?? "DISH", start, end }));
    const pieces = stage.pieces();
    const made = pieces.map((piece) => JSON.parse(piece.made ?? "null") as MadePiece);
    const pieceSizes = pieces.map(({ start, end }) => end - start);
    const meta = await hashed(
      metaBlob({
        ingredients,
        categories: RECIPE_TYPES.map((type) => {
          const range = ranges.find((entry) => entry.type === type);
          return { type, count: range ? range.end - range.start : 0 };
        }),
        typeRanges: ranges,
        newest: stage.newest(NEWEST_KEPT),
        bucketSizes: made.flatMap((piece) => piece.bucketSizes),
        bucketEnds: made.flatMap((piece) => piece.bucketEnds),
        pieceSizes,
      }),
      hands,
    );
    // The name order follows the order alone: while it holds, the pieces made for it are the same.
    let nameOrder = build.orderHeld ? stage.nameOrderHashes() : undefined;
    if (nameOrder === undefined || !nameOrder.every((hash) => hands.present(hash))) {
      nameOrder = [];
      for (const text of nameOrderPieceTexts(recipesInNameOrder(stage, build.recipes, ranges)))
        nameOrder.push(await hashed({ kind: "nameOrder", text }, hands));
      stage.setNameOrderHashes(nameOrder);
    }
    // The ratings column: a piece per list piece, so a change of one recipe's tally, or a recipe added or
    // removed, makes at most its piece new; the others are found in KV by their hash. While the order and
    // every tally held, the last build's column is the same: taken, not read and hashed again.
    let ratingHashes = build.orderHeld ? ratings?.builtColumn() : undefined;
    if (ratingHashes === undefined || !ratingHashes.every((hash) => hands.present(hash))) {
      ratingHashes = [];
      const tallies = ratings ? ratings.builtTallies(RATINGS_SHOWN_FROM) : [];
      for (const text of ratingPieceTexts(pieceSizes, tallies)) ratingHashes.push(await hashed({ text }, hands));
      ratings?.setBuiltColumn(ratingHashes);
    }
    return {
      build: {
        ...build,
        phase: "locator",
        meta,
        nameOrder,
        ratings: ratingHashes,
        ingredients: ingredients.length,
        locator: [],
      },
    };
  }
  if (build.phase === "locator") {
    const locator = [...(build.locator ?? [])];
    // Rows of recipes the catalog no longer has would be found by the shards' ranges.
    if (locator.length === 0) stage.pruneLocator();
    const shards = locatorShardCount(build.recipes);
    // A shard none of whose rows changed since the last build is taken by its hash (a lookup: not counted).
    let made = 0;
    let taken = build.locatorTaken ?? 0;
    while (locator.length < shards && made < limits.locatorShardsPerStep) {
      const kept = stage.keptLocatorShard(locator.length, shards);
      if (kept !== undefined && hands.present(kept)) {
        locator.push(kept);
        taken += 1;
        continue;
      }
      locator.push(await hashed({ text: locatorShardText(stage.locatorShard(locator.length, shards)) }, hands));
      made += 1;
    }
    const done = locator.length >= shards;
    if (done) stage.keepLocatorShards(locator);
    return { build: { ...build, phase: done ? "index" : "locator", locator, locatorTaken: taken } };
  }
  if (build.phase === "index") {
    // The kinds only: what the postings read of the ingredients does not count their recipes (a join over
    // every recipe's ingredients, which the meta makes once).
    const ingredients = catalogIngredients(validIngredients(stage), new Map());
    if (!build.indexPrepared) stage.prepareSearch(await searchSignature(ingredients));
    const unindexed = stage.unindexed(limits.indexRecipesPerStep);
    const kinds = ingredientKinds(ingredients);
    // A thousand at a time: what a chunk's postings hold (tens of thousands of objects) is what the step holds.
    for (let at = 0; at < unindexed.length; at += INDEX_CHUNK) {
      const part = unindexed.slice(at, at + INDEX_CHUNK);
      const recipes = stage.indexedRecipes(part.map(({ id }) => id));
      const digests = new Map(part.map(({ id, digest }) => [id, digest]));
      // Postings name recipes by id (decision 0061); the order gives each id its position.
      const chunk = part.map(({ id }) => {
        const recipe = recipes.get(id);
        if (!recipe) throw new Error(`stage build: recipe ${id} is not staged`);
        return { number: id, recipe };
      });
      await addRecipes(chunk, kinds, { add: (indexed) => stage.putSearchDocs(digests, indexed) });
    }
    const done = unindexed.length < limits.indexRecipesPerStep;
    return { build: { ...build, phase: done ? "search" : "index", indexPrepared: true, searchIndex: [] } };
  }
  // The search index's blobs, a share a step, then the version. A shard of the last complete write whose
  // terms' postings did not change is taken by its hash, unread: postings name ids, so a new order moves none
  // (unless the ids are too sparse to number by: SourceStage.searchNumbering).
  const searchIndex = [...(build.searchIndex ?? [])];
  // How the index numbers recipes is settled before the write's first step (what it keeps depends on it).
  const byId = build.searchById ?? stage.searchNumbering(build.orderHeld === true);
  const generation = build.searchGeneration ?? stage.startSearchShards();
  let chars = 0;
  let searchShards = build.searchShards ?? 0;
  let searchTaken = build.searchTaken ?? 0;
  const written = await writeSearchShards(
    stage.searchSource(byId),
    async ({ place, text }) => {
      chars += text.length;
      searchIndex[place] = await hashed({ text }, hands);
    },
    {
      ...(build.search ? { resume: build.search } : {}),
      stop: () => chars >= limits.searchCharsPerStep,
      ...(limits.searchLayout ? { layout: limits.searchLayout } : {}),
      reuse: {
        keptAfter: (after) => {
          const kept = stage.keptSearchShard(after);
          const present = kept && [kept.hash, ...(kept.partHashes ?? [])].every((hash) => hands.present(hash));
          return present ? kept : undefined;
        },
        placed: (place, shard, reusable, kept) => {
          searchShards += 1;
          if (kept) {
            searchIndex[place] = kept.hash;
            // A cut last term's parts, at the places this write gave them.
            shard.cut?.parts.forEach((part, index) => {
              searchIndex[part.place] = kept.partHashes?.[index] as string;
            });
            searchTaken += 1;
          }
          if (reusable) {
            const partHashes = shard.cut?.parts.map((part) => searchIndex[part.place] as string);
            stage.placeSearchShard(generation, shard, searchIndex[place] as string, partHashes);
          }
        },
      },
    },
  );
  const counted = { searchShards, searchTaken };
  if (!written.done) {
    return {
      build: {
        ...build,
        search: written.state,
        searchIndex,
        searchGeneration: generation,
        searchById: byId,
        ...counted,
      },
    };
  }
  stage.finishSearchShards(generation);
  // The list pieces' kinds fill from the pieces made; the others the build holds already.
  const hashes: VersionBlobs<string[], string[]> = {
    ...emptyBlobLists<string>(),
    meta: [build.meta as string],
    nameOrder: build.nameOrder ?? [],
    locator: build.locator ?? [],
    ratings: build.ratings ?? [],
    searchIndex,
  };
  for (const { made } of stage.pieces()) {
    for (const { kind, hash } of (JSON.parse(made ?? "null") as MadePiece).blobs) hashes[kind].push(hash);
  }
  stage.pruneCache();
  const counts: Manifest["counts"] = { recipes: build.recipes, ingredients: build.ingredients };
  return {
    build: { ...build, search: undefined, searchIndex, searchGeneration: undefined, searchById: undefined, ...counted },
    version: await versionOf(hashes, counts),
  };
}

/**
 * Cuts the ordered catalog into list pieces, as storedBlobs cuts it, each
 * with the signature of its recipes: a walk over ids and digests, a chunk
 * at a time. While the order holds, the cuts do too (they depend on the ids
 * in order alone): only the pieces of the recipes whose digest changed are
 * signed again.
 */
async function cutPieces(stage: SourceStage, recipes: number, held: boolean): Promise<void> {
  const sign = (ids: string[]) => sha256(`${STAGE_FORMAT}|${ids.join(",")}`);
  if (held && stage.piecesCut()) {
    for (const { piece, start, end } of stage.changedPieces()) {
      const ids = stage.orderedDigests(start, end - start).map((row) => `${row.id}:${row.digest}`);
      stage.resignPiece(piece, await sign(ids));
    }
    stage.setPiecesCut();
    return;
  }
  stage.clearPieces();
  let piece = 0;
  let start = 0;
  let signature: string[] = [];
  const close = async (end: number) => {
    // The format too: what a piece's blobs hold for the same recipes changes only with it.
    stage.putPiece(piece, start, end, await sign(signature));
    piece += 1;
    start = end;
    signature = [];
  };
  for (let position = 0; position < recipes; position += WALK_ROWS) {
    for (const row of stage.orderedDigests(position, WALK_ROWS)) {
      signature.push(`${row.id}:${row.digest}`);
      if (pieceEndsAfter(row.id, row.position + 1 - start)) await close(row.position + 1);
    }
  }
  if (signature.length > 0) await close(recipes);
  stage.setPiecesCut();
}
