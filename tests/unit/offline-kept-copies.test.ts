import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  imagesToDrop,
  KEPT_IMAGES_LIMIT,
  keptAtStamp,
  type RecentCopy,
  recentPagesToDrop,
  referencedAssets,
} from "../../app/offline/kept-copies.ts";
import { RECENT_RECIPES_KEPT } from "../../app/offline/kept-pages.ts";
import {
  ASSETS_CACHE,
  cachesToDelete,
  PERSONAL_CACHE,
  SHARED_CACHE,
  shellCache,
} from "../../app/offline/offline-caches.ts";

const page = (n: number) => `https://www.example.org/rezepte/r${n}`;

describe("recentPagesToDrop", () => {
  it("keeps the twenty read last", () => {
    expect(RECENT_RECIPES_KEPT).toBe(20);
    const copies = Array.from({ length: 25 }, (_, n) => ({ page: page(n), keptAt: 1_000 + n }));
    expect(recentPagesToDrop(copies, page(24))).toEqual([page(4), page(3), page(2), page(1), page(0)]);
  });

  it("moves a page read again to the front", () => {
    const copies = Array.from({ length: 20 }, (_, n) => ({ page: page(n), keptAt: 1_000 + n }));
    // r0 was read again (offline or online): it is stamped anew, and r1 is the oldest now.
    const reread = copies.map((copy) => (copy.page === page(0) ? { ...copy, keptAt: 2_000 } : copy));
    expect(recentPagesToDrop([...reread, { page: page(20), keptAt: 2_001 }], page(20))).toEqual([page(1)]);
  });

  it("counts a page kept twice (personal and shared) once, at its latest", () => {
    const copies = [
      { page: page(1), keptAt: 5 },
      { page: page(1), keptAt: 50 },
      { page: page(2), keptAt: 10 },
    ];
    expect(recentPagesToDrop(copies, undefined, 1)).toEqual([page(2)]);
  });

  it("keeps the page just read even when its stamp is not the latest", () => {
    const copies = [
      { page: page(1), keptAt: 100 },
      { page: page(2), keptAt: 1 },
    ];
    expect(recentPagesToDrop(copies, page(2), 1)).toEqual([page(1)]);
  });

  const copies = fc.array(
    fc.record({ page: fc.integer({ min: 0, max: 40 }).map(page), keptAt: fc.integer({ min: 0, max: 100 }) }),
    { maxLength: 80 },
  );

  it("never leaves more than the limit, always keeps the page just read, and drops only the oldest", () => {
    fc.assert(
      fc.property(
        copies,
        fc.integer({ min: 1, max: 25 }),
        fc.option(fc.integer({ min: 0, max: 40 })),
        (all, limit, n) => {
          const touched = n === null ? undefined : page(n);
          const list: RecentCopy[] = touched === undefined ? all : [...all, { page: touched, keptAt: 0 }];
          const dropped = new Set(recentPagesToDrop(list, touched, limit));
          const pages = new Set(list.map((copy) => copy.page));
          const left = [...pages].filter((p) => !dropped.has(p));
          expect(left.length).toBe(Math.min(limit, pages.size));
          if (touched !== undefined) expect(dropped.has(touched)).toBe(false);
          // Every page left was read no earlier than every page dropped (the page just read aside).
          const latest = (p: string) => Math.max(...list.filter((copy) => copy.page === p).map((copy) => copy.keptAt));
          for (const kept of left.filter((p) => p !== touched)) {
            for (const gone of dropped) expect(latest(kept)).toBeGreaterThanOrEqual(latest(gone));
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe("imagesToDrop", () => {
  const kept = new Set([page(1), page(2)]);

  it("drops the images of pages no longer kept", () => {
    const images = [
      { key: "a", shownBy: page(1), keptAt: 1 },
      { key: "b", shownBy: page(3), keptAt: 2 },
      { key: "c", shownBy: "", keptAt: 3 },
    ];
    expect(imagesToDrop(images, kept)).toEqual(["b", "c"]);
  });

  it("keeps at most the limit, the newest", () => {
    const images = Array.from({ length: KEPT_IMAGES_LIMIT + 2 }, (_, n) => ({
      key: `i${n}`,
      shownBy: page(1),
      keptAt: n,
    }));
    expect(imagesToDrop(images, kept)).toEqual(["i1", "i0"]);
  });

  it("never leaves more than the limit, nor an image of a page not kept", () => {
    fc.assert(
      fc.property(
        // A cache holds each address once.
        fc.uniqueArray(
          fc.record({
            key: fc.string(),
            shownBy: fc.integer({ min: 0, max: 4 }).map(page),
            keptAt: fc.integer({ min: 0, max: 50 }),
          }),
          { maxLength: 60, selector: (image) => image.key },
        ),
        fc.integer({ min: 0, max: 30 }),
        (images, limit) => {
          const dropped = imagesToDrop(images, kept, limit);
          const left = [...images];
          for (const key of dropped)
            left.splice(
              left.findIndex((image) => image.key === key),
              1,
            );
          expect(left.length).toBeLessThanOrEqual(limit);
          for (const image of left) expect(kept.has(image.shownBy)).toBe(true);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe("referencedAssets", () => {
  it("finds the stylesheet, preloads and scripts of a page", () => {
    const html =
      '<link rel="stylesheet" href="/assets/app-C0FsXwfo.css"/><link rel="modulepreload" href="/assets/framework--MJMMZYN.js"/>' +
      '<script type="module">import "/assets/entry.client-C4MqvzBk.js";</script><img src="/directus/assets/abc?width=836">' +
      '<a href="/assets">x</a><link href="/assets/app-C0FsXwfo.css">';
    expect(referencedAssets(html)).toEqual(
      new Set(["/assets/app-C0FsXwfo.css", "/assets/framework--MJMMZYN.js", "/assets/entry.client-C4MqvzBk.js"]),
    );
  });

  it("finds nothing in a page without build files", () => {
    expect(referencedAssets("<h1>Du bist offline</h1>")).toEqual(new Set());
  });
});

describe("keptAtStamp", () => {
  it("moves on when the clock goes back", () => {
    expect(keptAtStamp(1_000, 500)).toBe(1_000);
    expect(keptAtStamp(1_000, 2_000)).toBe(2_001);
  });
});

describe("cachesToDelete", () => {
  it("deletes other builds' shells and names of ours no longer used, never others' caches", () => {
    const names = [
      shellCache("3ec5b0c7"),
      shellCache("11111111"),
      ASSETS_CACHE,
      SHARED_CACHE,
      PERSONAL_CACHE,
      "wkij-images",
      "somebody-elses-cache",
    ];
    expect(cachesToDelete(names, "3ec5b0c7")).toEqual([shellCache("11111111"), "wkij-images"]);
  });

  it("keeps the new build's shell and deletes the old one's after a deploy", () => {
    const before = [shellCache("old"), ASSETS_CACHE, SHARED_CACHE, PERSONAL_CACHE];
    expect(cachesToDelete([...before, shellCache("new")], "new")).toEqual([shellCache("old")]);
  });
});
