import { readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { createElement, type ReactNode, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { withChanges } from "../../vite-plugins/dependency-changes.ts";
import { reactDomStringChunks } from "../../vite-plugins/react-dom-string-chunks.ts";

type RenderToReadableStream = (
  children: ReactNode,
  options?: { nonce?: string; onError?: (error: unknown) => void },
) => Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }>;

const require = createRequire(import.meta.url);
/** React's Node renderer, production build: the file the Worker's build bundles. */
const rendererPath = join(dirname(require.resolve("react-dom/server.node")), "cjs/react-dom-server.node.production.js");
const published = readFileSync(rendererPath, "utf8");

/** The renderer made of `code` (as published, or with the plugin's changes), loaded as a module of its own. */
function loadRenderer(code: string): RenderToReadableStream {
  // The code requires React from where the file lies, as the bundle's copy does.
  const module = new Module(rendererPath) as Module & { _compile(code: string, filename: string): void };
  module.filename = rendererPath;
  module.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(
    dirname(rendererPath),
  );
  module._compile(code, rendererPath);
  return (module.exports as { renderToReadableStream: RenderToReadableStream }).renderToReadableStream;
}

const renderAsPublished = loadRenderer(published);
const renderChanged = loadRenderer(withChanges(reactDomStringChunks, published));

async function bytesOf(render: RenderToReadableStream, tree: ReactNode): Promise<Buffer> {
  // Errors reject the render; React's own logging of them would only repeat that.
  const stream = await render(tree, { nonce: "abc", onError: () => {} });
  await stream.allReady;
  return Buffer.from(await new Response(stream).arrayBuffer());
}

/** A component whose render throws. */
function Fails(): never {
  throw new Error("render failed");
}

const TAGS = ["div", "p", "span", "a", "ul", "li", "strong", "section"] as const;

/** Text of any Unicode, now and then longer than the plugin's and React's buffers. */
const text = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }), fc.integer({ min: 500, max: 5000 }))
      .map(([piece, times]) => piece.repeat(times)),
  },
);

const tree = fc.letrec<{ node: ReactNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    fc
      .record({
        tag: fc.constantFrom(...TAGS),
        className: fc.option(fc.string({ unit: "binary", maxLength: 12 }), { nil: undefined }),
        title: fc.option(text, { nil: undefined }),
        suspense: fc.boolean(),
        children: fc.array(tie("node"), { maxLength: 5 }),
      })
      .map(({ tag, className, title, suspense, children }) => {
        const element = createElement(tag, { className, title }, ...children);
        return suspense ? createElement(Suspense, { fallback: "…" }, element) : element;
      }),
  ),
})).node;

describe("React's Node renderer with string chunks (decision 0030)", () => {
  it("writes the same bytes as the published renderer, for any tree", async () => {
    await fc.assert(
      fc.asyncProperty(tree, async (node) => {
        const page = createElement("html", null, createElement("body", null, node));
        expect(await bytesOf(renderChanged, page)).toEqual(await bytesOf(renderAsPublished, page));
      }),
      { numRuns: 150 },
    );
  });

  it("renders a whole page after one whose render failed", async () => {
    const failing = createElement("div", null, "vorher ".repeat(100), createElement(Fails));
    await expect(bytesOf(renderChanged, failing)).rejects.toThrow("render failed");
    const page = createElement("p", null, "Kürbissuppe");
    expect(await bytesOf(renderChanged, page)).toEqual(await bytesOf(renderAsPublished, page));
  });

  it("stops the build when React's file no longer holds a text it changes", () => {
    const renamed = published.replace(
      "function completeWriting(destination) {",
      "function finishWriting(destination) {",
    );
    expect(() => withChanges(reactDomStringChunks, renamed)).toThrow(/completeWriting.*decision 0030/);
    const twice = `${published}\nfunction completeWriting(destination) {}`;
    expect(() => withChanges(reactDomStringChunks, twice)).toThrow(/exactly one/);
  });
});
