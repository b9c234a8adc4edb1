/**
 * The pieces an attacker combines into paths and return addresses:
 * separators in every spelling, dot segments, percent-encodings (single and
 * double), controls, look-alikes and another host. Property tests join a
 * handful of them in random order (fast-check). No imports: used by the
 * unit tests in Node and the edge tests in workerd alike.
 */
export const URL_ATTACK_PIECES = [
  "/",
  "//",
  "\\",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  "%2f",
  "%2F",
  "%5c",
  "%5C",
  "%252f",
  "%255c",
  "%252e",
  "%25",
  "%",
  "\t",
  "\n",
  "\r",
  "%09",
  "%0a",
  "%00",
  " ",
  "\u00a0",
  "\uff0f", // fullwidth solidus
  "\u2215", // division slash
  "\u2044", // fraction slash
  "\uff3c", // fullwidth reverse solidus
  "%ef%bc%8f",
  "evil.invalid",
  "127.0.0.1:9011",
  "@",
  ":",
  "https:",
  "javascript:",
  "?",
  "#",
  "&",
  "=",
  "a",
] as const;
