import type { Unit } from "../recipes/units.ts";
import { splitCompound } from "./compound-units.ts";
import type { IngredientMatcher } from "./ingredient-matcher.ts";
import {
  descriptiveNote,
  isConnector,
  isDescriptive,
  isOptionalMarker,
  isPrefixNote,
  isTrailingStarter,
} from "./note-words.ts";
import { numberWordValue } from "./number-words.ts";
import { startsWithNumber } from "./read-amount.ts";
import { type Token, wordsOf } from "./tokens.ts";

/** The ingredient a line names, and the words around it that go into the note. */
export interface NameReading {
  /** Words before the name that describe it ("große", "Bio"), as the note writes them. */
  leading: Token[];
  /** The known name (`known`), or the proposed one: the words as written, the first letter capitalised. */
  ingredient: string;
  known: boolean;
  /** The name's words as the line wrote them, to try again with an adjective after a comma ("Linsen, rote"). */
  words: string;
  /** Words after the name that go into the note ("zum Garnieren", "oder Milch", "extra vergine"). */
  trailing: Token[];
  /** The unit the name held as a compound ("Knoblauchzehen" → Zehe), else null. */
  compound: { unit: Unit; countsOne: boolean } | null;
}

/**
 * Most words a span may have to be looked up as a known name. Names have a few words ("Griechischer
 * Joghurt"); the cap keeps a long line's lookups few. A known name of more words is never matched.
 */
const MAX_NAME_WORDS = 8;

function startsLowerCase(word: string): boolean {
  return /^\p{Ll}/u.test(word);
}

function startsUpperCase(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}

/** "Bio-Zitrone" and "TK-Erbsen" as two words, so the prefix can go into the note. */
function withPrefixesApart(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((token) => {
    const prefixed = /^(bio|tk)-(\p{L}.*)$/iu.exec(token.text);
    if (!prefixed) return [token];
    const prefix = prefixed[1] ?? "";
    return [
      { text: prefix, at: token.at },
      { text: prefixed[2] ?? "", at: token.at + prefix.length + 1 },
    ];
  });
}

/** Whether a word before a name may go into the note: it describes ("frische"), is "Bio"/"TK", or is not a noun. */
function mayLead(word: string): boolean {
  return (
    isDescriptive(word) ||
    isPrefixNote(word) ||
    (startsLowerCase(word) && !isConnector(word) && !isTrailingStarter(word))
  );
}

/**
 * Whether the note after a name may start at `index`: a word like "zum", "oder", "Type", a describing
 * word, a number, punctuation; and, when `lowerCaseToo` (the name is a capitalised noun), any
 * lower-case word that does not join a name ("extra vergine"; not "und"). Once a connector has joined
 * a second name to the first (`joined`: "Salz und frisch gemahlener Pfeffer", "Eier und 1 Eigelb"),
 * only a word that starts a note ends the (combined) name.
 */
function endsNameAt(tokens: readonly Token[], index: number, lowerCaseToo: boolean, joined: boolean): boolean {
  const word = tokens[index]?.text ?? "";
  if (isTrailingStarter(word) || isOptionalMarker(word)) return true;
  if (joined) return false;
  if (isDescriptive(word) || startsWithNumber(word)) return true;
  if (word === "a" && startsWithNumber(tokens[index + 1]?.text ?? "")) return true;
  return lowerCaseToo && startsLowerCase(word) && !isConnector(word);
}

/** Whether a connector ("und", "&") stands among the tokens from `start` to before `end`. */
function joinedBetween(tokens: readonly Token[], start: number, end: number): boolean {
  return tokens.slice(start, end).some((token) => isConnector(token.text));
}

/** A name's words as a proposed name: trailing punctuation dropped, the first letter capitalised. */
function proposedName(words: string): string {
  const trimmed = words.replace(/[\s.,;:!?\-–]+$/u, "");
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** The first known name among the tokens: longest span first, after as few leading note words as may go. */
function readKnownName(tokens: readonly Token[], matcher: IngredientMatcher, compounds: boolean): NameReading | null {
  for (let start = 0; start < tokens.length; start++) {
    if (start > 0 && !mayLead(tokens[start - 1]?.text ?? "")) break;
    for (let end = Math.min(tokens.length, start + MAX_NAME_WORDS); end > start; end--) {
      if (end < tokens.length && !endsNameAt(tokens, end, true, joinedBetween(tokens, start, end))) continue;
      const words = wordsOf(tokens.slice(start, end));
      const name = matcher.nameFor(words);
      if (name !== null) {
        return {
          leading: tokens.slice(0, start),
          ingredient: name,
          known: true,
          words,
          trailing: tokens.slice(end),
          compound: null,
        };
      }
    }
    const single = tokens[start];
    const alone = start + 1 === tokens.length || endsNameAt(tokens, start + 1, true, false);
    if (compounds && single !== undefined && alone) {
      const split = splitCompound(single.text, matcher);
      if (split !== null) {
        return {
          leading: tokens.slice(0, start),
          ingredient: split.ingredient,
          known: true,
          words: split.ingredient,
          trailing: tokens.slice(start + 1),
          compound: { unit: split.unit, countsOne: split.countsOne },
        };
      }
    }
  }
  return null;
}

/**
 * The proposed name when no known one matches: the words after those that describe, up to where the
 * note starts. A lower-case word before a capitalised noun describes too ("dicke Bohnen"); in a line
 * written all in lower case only the listed describing words do.
 */
function readProposedName(tokens: readonly Token[]): NameReading | null {
  const nounAfter = (index: number) =>
    tokens
      .slice(index + 1)
      .some((token) => startsUpperCase(token.text) && !isDescriptive(token.text) && !isTrailingStarter(token.text));
  let start = 0;
  while (start < tokens.length - 1) {
    const word = tokens[start]?.text ?? "";
    const describes = isDescriptive(word) || isPrefixNote(word);
    if (!describes && !(mayLead(word) && nounAfter(start))) break;
    start++;
  }
  // "1 rote und 1 gelbe Paprika": the words before "und" belong to the combined name.
  const combined = start > 0 && isConnector(tokens[start]?.text ?? "");
  if (combined) start = 0;
  const first = tokens[start]?.text ?? "";
  // "2 EL zum Braten", "2 rote": what is left starts a note, and names nothing.
  if (!combined && endsNameAt(tokens, start, false, false)) return null;
  let end = start + 1;
  while (end < tokens.length && !endsNameAt(tokens, end, startsUpperCase(first), joinedBetween(tokens, start, end)))
    end++;
  while (end > start + 1 && isConnector(tokens[end - 1]?.text ?? "")) end--;
  const words = wordsOf(tokens.slice(start, end));
  // "Eine" alone: a number word names nothing.
  if (!/\p{L}/u.test(words) || numberWordValue(words) !== undefined) return null;
  return {
    leading: tokens.slice(0, start),
    ingredient: proposedName(words),
    known: false,
    words,
    trailing: tokens.slice(end),
    compound: null,
  };
}

/**
 * The ingredient the words after amount and unit name: the longest known name, allowing describing
 * words before it and a note after it ("2 große Tomaten" → Tomate + "große"; "rote Zwiebel" → Rote
 * Zwiebel when known); a compound of a known ingredient and a unit when `compounds` ("Knoblauchzehen");
 * else a proposed name. Null when no word names anything.
 */
export function readName(tokens: readonly Token[], matcher: IngredientMatcher, compounds: boolean): NameReading | null {
  const words = withPrefixesApart(tokens);
  if (words.length === 0) return null;
  return readKnownName(words, matcher, compounds) ?? readProposedName(words);
}

/** The describing words before a name as the note writes them: lower case, abbreviations spelled out. */
export function leadingNote(tokens: readonly Token[]): string {
  return tokens.map((token) => (isDescriptive(token.text) ? descriptiveNote(token.text) : token.text)).join(" ");
}
