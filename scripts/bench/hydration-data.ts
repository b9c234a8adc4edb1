/**
 * How much of a server-rendered page is React Router's hydration data: the
 * loader data it streams into the HTML as turbo-stream, in inline scripts
 * that call `window.__reactRouterContext.streamController.enqueue(…)`. The
 * browser downloads it besides the markup that shows the same content.
 */

const INLINE_SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/g;
const STREAM_CHUNK = "streamController.enqueue(";

/** UTF-8 bytes of the inline scripts of `html` that enqueue React Router's stream data. */
export function hydrationDataBytes(html: string): number {
  let bytes = 0;
  for (const [, content = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (content.includes(STREAM_CHUNK)) bytes += Buffer.byteLength(content);
  }
  return bytes;
}
