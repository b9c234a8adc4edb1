import type { Plugin } from "vite";

/**
 * React's Node renderer, changed to gather the page's markup as one string
 * and encode it once (decision 0030). As published, it encodes each of its
 * fixed pieces (`<div`, ` class="`, `">`…) to bytes when the module loads,
 * and then copies every piece into a 4 KB buffer on its own: a page of two
 * dozen cards is about ten thousand pieces, and in workerd the copies and
 * encodings of the small pieces cost more than rendering them.
 *
 * Here the fixed pieces stay strings, strings are joined as they come, and
 * the joined text goes through React's own writer when it grows past
 * PENDING_TEXT_LIMIT characters, before any piece of bytes, and when React
 * ends a write. React writes in one synchronous pass, so nothing of one
 * request's page is left for the next; the text is dropped at the start of
 * every pass all the same, as React drops its buffer there. The bytes sent
 * are the same; only how often they are copied changes.
 *
 * Each change names the exact source text it replaces, and the build stops
 * if React's file no longer has it: a new React version is measured and this
 * plugin updated (or dropped), never silently skipped.
 */
const REACT_DOM_SERVER = /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.js$/;

/** Characters of joined text that are handed on at once (React's buffer is 4,096 bytes). */
const PENDING_TEXT_LIMIT = 8192;

const CHANGES: readonly { find: string; replace: string }[] = [
  {
    // The fixed pieces stay strings.
    find: "function stringToPrecomputedChunk(content) {\n  return textEncoder.encode(content);\n}",
    replace: "function stringToPrecomputedChunk(content) {\n  return content;\n}",
  },
  {
    // React's writer stays as it is under another name; strings are joined before it.
    find: "function writeChunk(destination, chunk) {",
    replace: `var pendingText = "";
function flushPendingText(destination) {
  if (0 !== pendingText.length) {
    var text = pendingText;
    pendingText = "";
    writeChunkNow(destination, text);
  }
}
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    pendingText += chunk;
    ${PENDING_TEXT_LIMIT} < pendingText.length && flushPendingText(destination);
  } else flushPendingText(destination), writeChunkNow(destination, chunk);
}
function writeChunkNow(destination, chunk) {`,
  },
  {
    find: "function completeWriting(destination) {",
    replace: "function completeWriting(destination) {\n  flushPendingText(destination);",
  },
  {
    find: "function flushCompletedQueues(request, destination) {",
    replace: 'function flushCompletedQueues(request, destination) {\n  pendingText = "";',
  },
];

/** React's Node renderer `code` with CHANGES made; throws if any change does not find its text exactly once. */
export function withStringChunks(code: string): string {
  let changed = code;
  for (const { find, replace } of CHANGES) {
    const first = changed.indexOf(find);
    if (first === -1 || changed.indexOf(find, first + 1) !== -1) {
      throw new Error(
        `react-dom-string-chunks: React's Node renderer does not hold exactly one "${find.split("\n")[0]}"; ` +
          "measure the new React without this plugin, then update or remove it (decision 0030)",
      );
    }
    changed = changed.replace(find, () => replace);
  }
  return changed;
}

/** Makes the changes in builds (the dev server keeps React as published: it runs React's development build). */
export function reactDomStringChunks(): Plugin {
  return {
    name: "react-dom-string-chunks",
    apply: "build",
    transform: {
      filter: { id: REACT_DOM_SERVER },
      handler: (code) => ({ code: withStringChunks(code), map: null }),
    },
  };
}
