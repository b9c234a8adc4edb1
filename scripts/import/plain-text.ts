/**
 * Plain text out of whatever a recipe page put into a schema.org field: tags removed (the content of
 * `<script>`, `<style>` and the like dropped entirely), entities decoded, invisible and control
 * characters removed, `javascript:` taken out, whitespace collapsed. What comes out holds no `<`
 * followed by a letter, `/`, `!` or `?`, so nothing downstream can read a tag into it.
 *
 * The scanner is linear in the input (no backtracking regular expressions over page text): a
 * 10 MB description costs one pass, not minutes.
 */

/** Elements whose content is never text for a reader. */
const DROPPED_ELEMENTS = new Set(["script", "style", "noscript", "template", "iframe", "object", "svg", "math"]);

/** Elements that end a line of text (`<br>`, paragraphs, list items…). */
const LINE_ELEMENTS = new Set([
  "br",
  "p",
  "div",
  "li",
  "ol",
  "ul",
  "dl",
  "dt",
  "dd",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "tr",
  "table",
  "section",
  "article",
  "header",
  "footer",
  "blockquote",
  "pre",
  "hr",
]);

/** The named entities recipe pages use; anything else stays as written. */
const NAMED_ENTITIES = new Map<string, string>(
  Object.entries({
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    apos: "'",
    nbsp: "\u00a0",
    shy: "",
    auml: "ä",
    ouml: "ö",
    uuml: "ü",
    Auml: "Ä",
    Ouml: "Ö",
    Uuml: "Ü",
    szlig: "ß",
    eacute: "é",
    egrave: "è",
    ecirc: "ê",
    Eacute: "É",
    aacute: "á",
    agrave: "à",
    acirc: "â",
    iacute: "í",
    icirc: "î",
    oacute: "ó",
    ocirc: "ô",
    uacute: "ú",
    ucirc: "û",
    ccedil: "ç",
    ntilde: "ñ",
    oslash: "ø",
    aring: "å",
    aelig: "æ",
    oelig: "œ",
    hellip: "…",
    ndash: "–",
    mdash: "—",
    minus: "−",
    lsquo: "‘",
    rsquo: "’",
    sbquo: "‚",
    ldquo: "“",
    rdquo: "”",
    bdquo: "„",
    laquo: "«",
    raquo: "»",
    lsaquo: "‹",
    rsaquo: "›",
    deg: "°",
    frac12: "½",
    frac14: "¼",
    frac34: "¾",
    frac13: "⅓",
    frac23: "⅔",
    times: "×",
    divide: "÷",
    plusmn: "±",
    middot: "·",
    bull: "•",
    euro: "€",
    copy: "©",
    reg: "®",
    trade: "™",
    sup2: "²",
    sup3: "³",
    micro: "µ",
    para: "¶",
    sect: "§",
    thinsp: "\u2009",
    ensp: "\u2002",
    emsp: "\u2003",
    zwj: "\u200d",
    zwnj: "\u200c",
  }),
);

/** Windows-1252 characters that old pages write as `&#150;` and the like. */
const CP1252 = new Map<number, string>([
  [0x80, "€"],
  [0x82, "‚"],
  [0x84, "„"],
  [0x85, "…"],
  [0x8b, "‹"],
  [0x91, "‘"],
  [0x92, "’"],
  [0x93, "“"],
  [0x94, "”"],
  [0x95, "•"],
  [0x96, "–"],
  [0x97, "—"],
  [0x9b, "›"],
]);

/** Longer input than this is cut before it is read: no recipe field needs more. */
const MAX_INPUT_LENGTH = 1_000_000;

const TAG_NAME_CHAR = /[A-Za-z0-9-]/;
const LETTER = /[A-Za-z]/;

/** The index just after the `>` that closes the tag opened at `from`, honouring quoted attribute values. */
function endOfTag(text: string, from: number): number {
  let quote: string | null = null;
  let afterEquals = false;
  for (let i = from; i < text.length; i++) {
    const char = text[i] as string;
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === ">") {
      return i + 1;
    } else if ((char === '"' || char === "'") && afterEquals) {
      quote = char;
    }
    if (quote === null) afterEquals = char === "=" || (afterEquals && /\s/.test(char));
  }
  return text.length;
}

/** The index just after the end tag of a dropped element (`</script …>`), or the end of the text. */
function endOfElement(text: string, name: string, from: number): number {
  const closing = new RegExp(`</${name}(?=[\\s/>])`, "gi");
  closing.lastIndex = from;
  const found = closing.exec(text);
  return found === null ? text.length : endOfTag(text, found.index + 1);
}

/**
 * Removes tags and comments. Elements that end a line leave a line break; others nothing; the
 * elements of DROPPED_ELEMENTS go with their content. An unclosed tag or comment runs to the end.
 */
export function stripMarkup(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf("<", i);
    if (open === -1) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, open);
    const next = text[open + 1] ?? "";
    if (text.startsWith("<!--", open)) {
      const close = text.indexOf("-->", open + 4);
      i = close === -1 ? text.length : close + 3;
      continue;
    }
    const closingTag = next === "/" && LETTER.test(text[open + 2] ?? "");
    if (LETTER.test(next) || closingTag || next === "!" || next === "?") {
      let nameEnd = open + (closingTag ? 2 : 1);
      while (nameEnd < text.length && TAG_NAME_CHAR.test(text[nameEnd] as string)) nameEnd++;
      const name = text.slice(open + (closingTag ? 2 : 1), nameEnd).toLowerCase();
      const end = endOfTag(text, nameEnd);
      if (!closingTag && DROPPED_ELEMENTS.has(name)) {
        const selfClosing = text[end - 2] === "/";
        i = selfClosing ? end : endOfElement(text, name, end);
      } else {
        i = end;
      }
      if (LINE_ELEMENTS.has(name)) out += "\n";
      continue;
    }
    out += "<";
    i = open + 1;
  }
  return out;
}

function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
  return CP1252.get(code) ?? String.fromCodePoint(code);
}

/** Decodes `&amp;`, `&#228;`, `&#xE4;` and the named entities above; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#([0-9]{1,8})|#[xX]([0-9a-fA-F]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/g,
    (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10));
      if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
      return NAMED_ENTITIES.get(name as string) ?? whole;
    },
  );
}

/** C0 and C1 controls except tab and line breaks, zero-width spaces, direction overrides, byte-order marks. */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const SCRIPT_SCHEME = /(?:java|vb)script:/gi;
const HAS_SCRIPT_SCHEME = /(?:java|vb)script:/i;

/** Text with markup, entities and invisible characters gone; line breaks kept, not yet collapsed. */
function cleaned(raw: string): string {
  let text = raw.length > MAX_INPUT_LENGTH ? raw.slice(0, MAX_INPUT_LENGTH) : raw;
  // Entities may hide markup (`&lt;script&gt;`): it goes in the second pass like any other.
  text = stripMarkup(decodeEntities(stripMarkup(text)));
  text = text.replace(INVISIBLE, "").replace(LONE_SURROGATE, "\ufffd");
  // Taking one out may join another ("javajavascript:script:").
  while (HAS_SCRIPT_SCHEME.test(text)) text = text.replace(SCRIPT_SCHEME, "");
  // What is left of a `<` is a comparison or a stray character; a space keeps it from reading as a tag.
  return text.replace(/<(?=[A-Za-z!?/])/g, "< ");
}

/** One line of plain text: every run of whitespace, line breaks included, becomes one space. */
export function plainText(raw: string): string {
  return cleaned(raw).replace(/\s+/g, " ").trim();
}

/** Plain text as lines: markup's and the text's own line breaks kept, each line collapsed, empty ones dropped. */
export function plainLines(raw: string): string[] {
  return cleaned(raw)
    .split(/\r\n|[\n\r\u2028\u2029]/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "");
}

/**
 * Text cut to at most `max` characters, at a word's end where one is near, with "…" for what was cut;
 * `cut` says whether it was.
 */
export function capText(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  let end = max - 1;
  // Never split a surrogate pair.
  if (/[\ud800-\udbff]/.test(text[end - 1] ?? "")) end--;
  const space = text.lastIndexOf(" ", end);
  if (space > max * 0.6) end = space;
  return { text: `${text.slice(0, end).trimEnd()}…`, cut: true };
}

/** A value shown inside a problem: plain, on one line, at most 80 characters. */
export function quoted(raw: string): string {
  return `„${capText(plainText(raw), 80).text}“`;
}
