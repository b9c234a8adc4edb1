import { createServer, type Server } from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageProblems, validateRecipePages } from "../../scripts/seo/seed-recipe-pages.ts";
import { checkServedImage, missingRatios } from "../../scripts/seo/served-images.ts";

// A small site on a local port, answering as ours does: robots.txt, recipe pages, images. What
// validateRecipePages and checkServedImage read from it is what they would read from the real one.

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c84" } })
    .jpeg()
    .toBuffer();

let server: Server;
let site = "";
const files = new Map<string, { type: string; body: Buffer | string }>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const file = files.get(request.url ?? "");
    if (!file) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Nicht gefunden");
      return;
    }
    response.writeHead(200, { "content-type": file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  site = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  files.set("/robots.txt", { type: "text/plain", body: "User-agent: *\nDisallow: /privat/\n" });
  files.set("/bilder/1x1.jpg", { type: "image/jpeg", body: await jpeg(600, 600) });
  files.set("/bilder/4x3.jpg", { type: "image/jpeg", body: await jpeg(800, 600) });
  files.set("/bilder/16x9.jpg", { type: "image/jpeg", body: await jpeg(1600, 900) });
  files.set("/bilder/klein.jpg", { type: "image/jpeg", body: await jpeg(200, 150) });
  files.set("/bilder/seite.jpg", { type: "text/html", body: "<html></html>" });
  const recipePage = (images: string[]) => ({
    type: "text/html; charset=utf-8",
    body: `<html><head><script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Shakshuka",
      image: images.map((image) => `${site}${image}`),
    })}</script></head></html>`,
  });
  files.set("/rezepte/gut", recipePage(["/bilder/1x1.jpg", "/bilder/4x3.jpg", "/bilder/16x9.jpg"]));
  files.set("/rezepte/quer", recipePage(["/bilder/16x9.jpg"]));
  files.set("/rezepte/klein", recipePage(["/bilder/1x1.jpg", "/bilder/klein.jpg"]));
  files.set("/rezepte/html", recipePage(["/bilder/seite.jpg"]));
  files.set("/rezepte/fehlt", recipePage(["/bilder/weg.jpg"]));
  files.set("/rezepte/privat", recipePage(["/privat/bild.jpg"]));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("served images", () => {
  it("takes an image of a format Google Images reads and enough pixels, and gives its ratio", async () => {
    expect(await checkServedImage(`${site}/bilder/16x9.jpg`)).toEqual({
      url: `${site}/bilder/16x9.jpg`,
      problem: null,
      ratio: 16 / 9,
    });
  });

  it.each([
    ["/bilder/klein.jpg", "has 200 × 150 pixels, fewer than 50000"],
    ["/bilder/seite.jpg", "is text/html, not a format Google Images reads"],
    ["/bilder/weg.jpg", "answered 404"],
  ])("refuses %s: %s", async (path, problem) => {
    expect((await checkServedImage(`${site}${path}`)).problem).toBe(`image ${site}${path} ${problem}`);
  });

  it("names the ratios of 16:9, 4:3 and 1:1 that no image has", () => {
    const image = (ratio: number) => ({ url: "", problem: null, ratio });
    expect(missingRatios([image(1), image(4 / 3), image(1200 / 675)])).toEqual([]);
    expect(missingRatios([image(1.5), image(1)])).toEqual(["16:9", "4:3"]);
  });
});

describe("recipe pages as a site serves them", () => {
  it("finds what each page's images and robots.txt keep from a crawler, with --images", async () => {
    const slugs = ["gut", "quer", "klein", "html", "fehlt", "privat", "gibt-es-nicht"];
    const pages = await validateRecipePages(site, slugs, { images: true });
    const image = (index: number) => pages[index]?.validation.fields.image;
    expect(slugs.map((_, index) => image(index))).toEqual([
      "present",
      "present",
      "invalid",
      "invalid",
      "invalid",
      "invalid",
      "missing",
    ]);
    const problems = pages.map((page) => pageProblems(page).filter((problem) => !problem.startsWith("missing:")));
    expect(problems).toEqual([
      [],
      ["invalid: no image in 4:3, 1:1"],
      [`error: image ${site}/bilder/klein.jpg has 200 × 150 pixels, fewer than 50000`],
      [`error: image ${site}/bilder/seite.jpg is text/html, not a format Google Images reads`],
      [`error: image ${site}/bilder/weg.jpg answered 404`],
      [`error: image ${site}/privat/bild.jpg is disallowed by robots.txt`],
      ["answered 404", "error: no schema.org Recipe: the page has no application/ld+json block"],
    ]);
  });

  it("fetches no image without --images", async () => {
    const [page] = await validateRecipePages(site, ["fehlt"]);
    expect(page?.validation.fields.image).toBe("present");
  });
});
