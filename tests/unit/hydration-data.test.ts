import { describe, expect, it } from "vitest";
import { hydrationDataBytes } from "../../scripts/bench/hydration-data.ts";

describe("hydrationDataBytes (bench)", () => {
  it("counts the inline scripts that enqueue React Router's stream data, in UTF-8 bytes, and nothing else", () => {
    const chunk = 'window.__reactRouterContext.streamController.enqueue("[{\\"name\\":\\"Kürbissuppe\\"}]");';
    const html = [
      '<html><head><script nonce="n">window.__reactRouterContext = {};</script></head><body>',
      "<p>Kürbissuppe</p>",
      `<script nonce="n">${chunk}</script>`,
      `<script>${chunk}</script>`,
      '<script nonce="n">window.__reactRouterContext.streamController.close();</script>',
      '<script type="module" async="">import "/assets/entry.js";</script>',
      "</body></html>",
    ].join("");
    expect(hydrationDataBytes(html)).toBe(2 * Buffer.byteLength(chunk));
    expect(Buffer.byteLength(chunk)).toBe(chunk.length + 1);
  });

  it("is 0 for a page without stream data", () => {
    expect(hydrationDataBytes("<html><body><script>var a = 1;</script></body></html>")).toBe(0);
  });
});
