/** Burgers, the one dish drawn from the side: bun, lettuce, patty, cheese, tomato, and fries in a bag. */
import { shade } from "../colour.ts";
import { ACCENTS } from "../palette.ts";
import { pick } from "../random.ts";
import type { Food, Scene } from "../scene.ts";
import { f, IMAGE_WIDTH } from "../svg.ts";

/** Burgers are drawn from the side: from above, a burger is just a bun. */
export function burger(scene: Scene): Food {
  const { looks, rand } = scene;
  const cx = IMAGE_WIDTH / 2 + (rand() - 0.5) * 120;
  const base = 880;
  const bw = 330 + rand() * 30;
  const bun = rand() < 0.5 ? "#d9923f" : "#c9823a";
  const protein = looks.pieces.find(
    (p) => p.type === "MEAT" || p.type === "CHEESE" || ["fish", "crumb", "cube", "mushroom", "dot"].includes(p.kind),
  );
  const patty = protein?.name === "Rinderhackfleisch" ? "#6b3a26" : protein ? shade(protein.colour, -0.2) : "#8a5a3b";
  const cheese = looks.pieces.find((p) => p.type === "CHEESE" && p !== protein);
  const greens = looks.pieces.find((p) => p.kind === "leaf")?.colour ?? "#6ab04c";
  const tomato = looks.pieces.some((p) => p.name === "Tomate" || p.name === "Kirschtomate");
  let y = base;
  const layers: string[] = [];
  layers.push(
    `<ellipse cx="${f(cx)}" cy="${f(base + 30)}" rx="${f(bw + 160)}" ry="60" fill="${rand() < 0.5 ? "#ffffff" : "#c08a55"}"/>`,
  );
  layers.push(
    `<ellipse cx="${f(cx + 20)}" cy="${f(base + 40)}" rx="${f(bw + 60)}" ry="36" fill="#000" opacity="0.15" filter="url(#soft)"/>`,
  );
  layers.push(
    `<rect x="${f(cx - bw)}" y="${f(y - 110)}" width="${f(bw * 2)}" height="110" rx="40" fill="${bun}"/><rect x="${f(cx - bw + 20)}" y="${f(y - 110)}" width="${f(bw * 2 - 40)}" height="24" rx="12" fill="${shade(bun, 0.35)}"/>`,
  );
  y -= 110;
  const lettuceWidth = (bw * 2 + 40) / 9;
  const waves = Array.from(
    { length: 9 },
    (_, i) =>
      `Q${f(cx - bw - 20 + (i + 0.5) * lettuceWidth)} ${f(y + 30)} ${f(cx - bw - 20 + (i + 1) * lettuceWidth)} ${f(y - 10)}`,
  ).join(" ");
  layers.push(
    `<path d="M${f(cx - bw - 20)} ${f(y - 10)} ${waves} L${f(cx + bw + 20)} ${f(y - 30)} L${f(cx - bw - 20)} ${f(y - 30)} Z" fill="${greens}"/>`,
  );
  y -= 30;
  layers.push(
    `<rect x="${f(cx - bw - 10)}" y="${f(y - 100)}" width="${f(bw * 2 + 20)}" height="100" rx="46" fill="${patty}"/><path d="M${f(cx - bw + 30)} ${f(y - 60)} h${f(bw * 2 - 60)}" stroke="${shade(patty, -0.3)}" stroke-width="6" stroke-dasharray="30 24" stroke-linecap="round"/>`,
  );
  y -= 100;
  if (cheese) {
    const c = cheese.colour;
    layers.push(
      `<path d="M${f(cx - bw - 20)} ${f(y - 10)} H${f(cx + bw + 20)} L${f(cx + bw - 20)} ${f(y + 40)} L${f(cx + bw - 60)} ${f(y + 5)} L${f(cx + 40)} ${f(y + 55)} L${f(cx - 20)} ${f(y + 5)} L${f(cx - bw + 40)} ${f(y + 45)} L${f(cx - bw)} ${f(y + 5)} Z" fill="${c}" stroke="${shade(c, -0.12)}" stroke-width="3"/>`,
    );
    y -= 14;
  }
  if (tomato) {
    layers.push(
      `<rect x="${f(cx - bw + 10)}" y="${f(y - 38)}" width="${f(bw - 10)}" height="38" rx="16" fill="#e0452b"/><rect x="${f(cx + 5)}" y="${f(y - 38)}" width="${f(bw - 15)}" height="38" rx="16" fill="#d63b25"/>`,
    );
    y -= 38;
  }
  const extra = looks.pieces.find(
    (p) => ["slice", "strip", "ring", "wedge"].includes(p.kind) && p !== protein && !p.name.includes("Tomate"),
  );
  if (extra) {
    layers.push(
      `<rect x="${f(cx - bw + 30)}" y="${f(y - 26)}" width="${f(bw * 2 - 60)}" height="26" rx="13" fill="${extra.colour}"/>`,
    );
    y -= 26;
  }
  layers.push(
    `<path d="M${f(cx - bw - 10)} ${f(y)} Q${f(cx - bw - 10)} ${f(y - 260)} ${f(cx)} ${f(y - 260)} Q${f(cx + bw + 10)} ${f(y - 260)} ${f(cx + bw + 10)} ${f(y)} Z" fill="${bun}"/><path d="M${f(cx - bw + 40)} ${f(y - 120)} Q${f(cx - bw + 60)} ${f(y - 220)} ${f(cx - 60)} ${f(y - 235)}" stroke="${shade(bun, 0.35)}" stroke-width="22" fill="none" stroke-linecap="round" opacity="0.7"/>`,
  );
  for (let i = 0; i < 18; i++) {
    const sx = cx + (rand() - 0.5) * bw * 1.5;
    const sy = y - 60 - rand() * 170 * (1 - Math.abs(sx - cx) / (bw * 1.2));
    layers.push(
      `<ellipse cx="${f(sx)}" cy="${f(sy)}" rx="9" ry="5" fill="#f6e7c8" transform="rotate(${Math.round(rand() * 180)} ${f(sx)} ${f(sy)})"/>`,
    );
  }
  if (rand() < 0.7) {
    const fx = cx + (rand() < 0.5 ? -1 : 1) * (bw + 210);
    for (let i = 0; i < 9; i++)
      layers.push(
        `<rect x="${f(fx - 60 + i * 14)}" y="${f(base - 180 - rand() * 60)}" width="22" height="200" rx="8" fill="#f2c14e" stroke="#d99a2b" stroke-width="3" transform="rotate(${Math.round(rand() * 16 - 8)} ${f(fx)} ${f(base)})"/>`,
      );
    layers.push(
      `<path d="M${f(fx - 90)} ${f(base - 110)} L${f(fx + 90)} ${f(base - 110)} L${f(fx + 70)} ${f(base + 20)} L${f(fx - 70)} ${f(base + 20)} Z" fill="${pick(ACCENTS, rand)}"/>`,
    );
  }
  return { svg: layers.join(""), tool: "none", napkin: false };
}
