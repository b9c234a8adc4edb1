import type { DependencyChange } from "./dependency-changes.ts";

/** Characters of joined text that are handed on at once (React's buffer is 4,096 bytes). */
const PENDING_TEXT_LIMIT = 8192;

/**
 * React's Node renderer, changed to join the page's strings before it
 * measures and writes them (decision 0030). As published, it encodes each of
 * its fixed pieces (`<div`, ` class="`, `">`…) to bytes when the module
 * loads, then measures every piece with `Buffer.byteLength` and copies every
 * piece into a 4 KB buffer on its own: a page of two dozen cards is about ten
 * thousand pieces, and in workerd these calls cost more than the pieces.
 *
 * Here the fixed pieces stay strings; a finished part of the page is
 * measured once, its strings joined; strings are joined as they come and the
 * text goes through React's own writer when it grows past
 * PENDING_TEXT_LIMIT characters, before any piece of bytes, and when React
 * ends a write. React writes in one synchronous pass, so nothing of one
 * request's page is left for the next; the text is dropped at the start of
 * every pass all the same, as React drops its buffer there. The bytes sent
 * and the byte counts React decides by are the same.
 */
export const reactDomStringChunks: DependencyChange = {
  name: "react-dom-string-chunks",
  package: "react-dom",
  file: /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.js$/,
  decision: "decision 0030",
  changes: [
    {
      // The fixed pieces stay strings.
      find: "function stringToPrecomputedChunk(content) {\n  return textEncoder.encode(content);\n}",
      replace: "function stringToPrecomputedChunk(content) {\n  return content;\n}",
    },
    {
      // A finished part of the page is measured once, its strings joined, not piece by piece: React adds up
      // the bytes to decide when a Suspense boundary is sent apart, and one call into workerd's Buffer per
      // piece cost more than the pieces.
      find: "function finishedSegment(request, boundary, segment) {\n  if (null !== byteLengthOfChunk) {\n    segment = segment.chunks;\n    for (var segmentByteSize = 0, i = 0; i < segment.length; i++)\n      segmentByteSize += byteLengthOfChunk(segment[i]);",
      replace: `function finishedSegment(request, boundary, segment) {
  if (null !== byteLengthOfChunk) {
    segment = segment.chunks;
    for (var segmentText = "", segmentByteSize = 0, i = 0; i < segment.length; i++)
      "string" === typeof segment[i]
        ? (segmentText += segment[i])
        : (segmentByteSize += byteLengthOfChunk(segment[i]));
    segmentByteSize += byteLengthOfChunk(segmentText);`,
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
  ],
};
