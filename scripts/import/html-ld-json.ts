/**
 * The `<script type="application/ld+json">` blocks of an HTML page, where recipe plugins (WP Recipe
 * Maker, Yoast's graph, Tasty Recipes…) put their schema.org Recipe. One pass over the page, no
 * backtracking: a 10 MB page full of broken tags costs the same as a tidy one.
 */

export interface LdJsonBlock {
  /** The block's text, comment and CDATA wrappers taken off. */
  text: string;
  /** Where `text` starts in the page, for an error's line and column. */
  offset: number;
}

const TYPE_ATTRIBUTE = /(?:^|[\s"'/])type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/** Leading wrappers pages put around a block's JSON, and their trailing partners. */
const LEADING_WRAPPER = /^\s*(?:<!--|\/\*\s*<!\[CDATA\[\s*\*\/|<!\[CDATA\[)/;
const TRAILING_WRAPPERS = ["-->", "/*]]>*/", "/* ]]> */", "]]>"];

export function ldJsonBlocks(html: string): LdJsonBlock[] {
  const blocks: LdJsonBlock[] = [];
  const opening = /<script(?=[\s/>])/gi;
  for (let found = opening.exec(html); found !== null; found = opening.exec(html)) {
    const tagEnd = html.indexOf(">", found.index);
    if (tagEnd === -1) break;
    const attributes = html.slice(found.index + 7, tagEnd);
    const closing = /<\/script(?=[\s/>])/gi;
    closing.lastIndex = tagEnd + 1;
    const end = closing.exec(html)?.index ?? html.length;
    opening.lastIndex = end;
    const type = TYPE_ATTRIBUTE.exec(attributes);
    const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? "").split(";")[0]?.trim().toLowerCase();
    if (value !== "application/ld+json") continue;
    let text = html.slice(tagEnd + 1, end);
    let offset = tagEnd + 1;
    const leading = LEADING_WRAPPER.exec(text);
    if (leading !== null) {
      text = text.slice(leading[0].length);
      offset += leading[0].length;
      text = text.trimEnd();
      const trailing = TRAILING_WRAPPERS.find((wrapper) => text.endsWith(wrapper));
      if (trailing !== undefined) text = text.slice(0, -trailing.length);
    }
    blocks.push({ text, offset });
  }
  return blocks;
}
