/**
 * The repository stands alone, and each fact lives in one document that the
 * others link to: so every link in our Markdown must lead somewhere inside
 * the repository that exists, down to the heading it names.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** Our Markdown files, as git knows them (no dependencies' files). */
function markdownFiles(): string[] {
  return execFileSync("git", ["ls-files", "*.md"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((path) => path !== "" && existsSync(join(ROOT, path)));
}

/** Links written `[text](target)`, outside code blocks and code spans. */
function linksIn(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? "");
}

/**
 * Paths written in code spans that name something outside the repository:
 * a `../` path that leaves it from the document's folder (our documents name
 * files from the root, so `../shared/…` means a folder beside the checkout),
 * or an absolute path into a checkout on some machine. URL paths such as
 * `/sync` are not files and stay allowed.
 */
function pathsLeavingTheRepository(markdown: string, file: string): string[] {
  const spans = [...markdown.replace(/^```[\s\S]*?^```/gm, "").matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? "");
  const leaving: string[] = [];
  for (const token of spans.flatMap((span) => span.split(/\s+/))) {
    const path = token.replace(/[),.;:]+$/, "");
    if (path.startsWith("../")) {
      const target = resolve(ROOT, dirname(file), path);
      if (!target.startsWith(`${ROOT}/`) || !existsSync(target)) leaving.push(path);
    } else if (/^\/(work|home|root|Users)\//.test(path)) leaving.push(path);
  }
  return leaving;
}

/** The anchors of a file's headings, as GitHub makes them: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "");
  for (const [, heading = ""] of prose.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = heading
      .replace(/`/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

describe("links in our documents", () => {
  const files = markdownFiles();

  it("are many files, so the check is not empty", () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(files)("%s: every link leads inside the repository, to a file and heading that exist", (file) => {
    const text = readFileSync(join(ROOT, file), "utf8");
    const broken: string[] = [];
    for (const link of linksIn(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
        broken.push(`${link}: leads outside the repository`);
        continue;
      }
      const [path = "", anchor] = link.split("#");
      const target = path === "" ? join(ROOT, file) : resolve(ROOT, dirname(file), decodeURIComponent(path));
      if (!target.startsWith(`${ROOT}/`) && target !== ROOT) {
        broken.push(`${link}: leads outside the repository`);
      } else if (!existsSync(target)) {
        broken.push(`${link}: no such file`);
      } else if (anchor !== undefined && !(statSync(target).isFile() && target.endsWith(".md"))) {
        broken.push(`${link}: a heading in a file that is not Markdown`);
      } else if (anchor !== undefined && !anchorsOf(readFileSync(target, "utf8")).has(anchor)) {
        broken.push(`${link}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(files)("%s: names no file outside the repository in code either", (file) => {
    expect(pathsLeavingTheRepository(readFileSync(join(ROOT, file), "utf8"), file)).toEqual([]);
  });

  it.each([
    ["see `../shared/DESIGN.md`'s rule", "docs/decisions/0001-x.md", ["../shared/DESIGN.md"]],
    ["`../../../outside.md`, then", "docs/decisions/0001-x.md", ["../../../outside.md"]],
    ["from `/work/main/docs/design.md`", "README.md", ["/work/main/docs/design.md"]],
    ["`../README.md` is here", "docs/design.md", []],
    ["`/sync` and `/directus/*` are addresses", "docs/design.md", []],
    ["```sh\ncd ../shared\n```", "docs/design.md", []],
  ])("finds the paths leaving the repository in %j", (markdown, file, expected) => {
    expect(pathsLeavingTheRepository(markdown, file)).toEqual(expected);
  });

  it.each([
    ["## 2.1 How a save reaches the site", "21-how-a-save-reaches-the-site"],
    ["### `npm run sync`", "npm-run-sync"],
    ["## Sign-in and saved recipes", "sign-in-and-saved-recipes"],
    ["## Zutaten: Öl & Salz", "zutaten-öl--salz"],
  ])("makes the anchor of %j as GitHub does: %s", (heading, anchor) => {
    expect(anchorsOf(heading).has(anchor)).toBe(true);
  });

  it("sees a broken link", () => {
    expect(linksIn("see [here](docs/nothing.md#x) and `[code](no)`")).toEqual(["docs/nothing.md#x"]);
  });
});
