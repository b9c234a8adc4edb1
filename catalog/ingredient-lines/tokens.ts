/** A word of a line and where it starts in it, so that notes keep the line's order. */
export interface Token {
  text: string;
  at: number;
}

/** The words of `text` from offset `from` on, split at spaces, with their offsets in `text`. */
export function tokensOf(text: string, from = 0): Token[] {
  const tokens: Token[] = [];
  const word = /\S+/g;
  word.lastIndex = from;
  for (let match = word.exec(text); match !== null; match = word.exec(text)) {
    tokens.push({ text: match[0], at: match.index });
  }
  return tokens;
}

/** The tokens' words, joined by single spaces as the cleaned line had them. */
export function wordsOf(tokens: readonly Token[]): string {
  return tokens.map((token) => token.text).join(" ");
}
