/**
 * Renders the PNG and ICO icons in public/ from public/icon.svg. Run by hand
 * after changing the logo (`node scripts/content/generate-icons.ts`); the outputs are
 * committed so neither install nor build needs an image library.
 */
import { readFile, writeFile } from "node:fs/promises";
import sharp from "sharp";

const publicDir = new URL("../../public/", import.meta.url);
const svg = await readFile(new URL("icon.svg", publicDir));

async function png(size: number, padding = 0): Promise<Buffer> {
  const inner = size - 2 * padding;
  const icon = await sharp(svg, { density: 384 }).resize(inner, inner).png().toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: padding ? "#2f6b3a" : "#0000" } })
    .composite([{ input: icon, left: padding, top: padding }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An .ico file holding one PNG image (supported by every current browser). */
function ico(image: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image data
  return Buffer.concat([header, image]);
}

await writeFile(new URL("favicon.ico", publicDir), ico(await png(32), 32));
await writeFile(new URL("apple-touch-icon.png", publicDir), await png(180, 14));
await writeFile(new URL("icon-192.png", publicDir), await png(192));
await writeFile(new URL("icon-512.png", publicDir), await png(512));
// Maskable icons must keep their motif inside the central 80 % safe zone.
await writeFile(new URL("icon-maskable-512.png", publicDir), await png(512, 52));
console.log("icons written to public/");
