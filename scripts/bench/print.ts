/**
 * The recipe page on paper (issue 15): Chromium's own print engine makes a
 * PDF of the page's print stylesheet (A4 from its `@page` rule), and a
 * screenshot of the page in print media shows the same at a glance. Both are
 * for people to look at; the report counts the pages.
 */
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../test/chromium.ts";

/** A4 at CSS's 96 pixels per inch: the screenshot is as wide as the paper. */
const A4_VIEWPORT = { width: 794, height: 1123 };

export interface PrintBench {
  path: string;
  pdfFile: string;
  pngFile: string;
  pages: number;
  pdfBytes: number;
  /** The PDF's page size in points (A4: 595 × 842). */
  pageSize: [number, number] | null;
}

/** Pages and page size of a PDF as Chromium writes it (uncompressed page dictionaries). */
function pdfFacts(pdf: Buffer): { pages: number; pageSize: [number, number] | null } {
  const text = pdf.toString("latin1");
  const box = text.match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/);
  return {
    pages: text.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0,
    pageSize: box ? [Math.round(Number(box[1])), Math.round(Number(box[2]))] : null,
  };
}

/** Prints `path` of the site at `siteUrl` to `files.pdf` and screenshots its print view to `files.png`. */
export async function benchPrint(
  siteUrl: string,
  path: string,
  files: { pdf: string; png: string },
): Promise<PrintBench> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ locale: "de-DE", viewport: A4_VIEWPORT });
    // The image must be there before printing, as it is when a visitor presses "Drucken".
    await page.goto(`${siteUrl}${path}`, { waitUntil: "networkidle" });
    await page.emulateMedia({ media: "print" });
    const pdf = await page.pdf({ preferCSSPageSize: true });
    writeFileSync(files.pdf, pdf);
    await page.screenshot({ path: files.png, fullPage: true });
    return { path, pdfFile: files.pdf, pngFile: files.png, pdfBytes: pdf.length, ...pdfFacts(pdf) };
  } finally {
    await browser.close();
  }
}
