import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeReturnPath } from "../../app/lib/url/return-path.ts";
import { URL_ATTACK_PIECES } from "../attacks/url-pieces.ts";

const OUR_ORIGIN = "https://www.example.org";

/** What a browser does with our `Location` header: resolve it against the page that answered. */
function resolvedByBrowser(location: string, page = `${OUR_ORIGIN}/login/zurueck?redirect=x`): URL {
  return new URL(location, page);
}

describe("safeReturnPath", () => {
  it.each([
    ["/", "/"],
    ["/gespeicherte-rezepte", "/gespeicherte-rezepte"],
    ["/suche?q=suppe&seite=2", "/suche?q=suppe&seite=2"],
    ["/rezepte/gazpacho#zutaten", "/rezepte/gazpacho#zutaten"],
    ["/zutatensuche?z=k%C3%A4se", "/zutatensuche?z=k%C3%A4se"],
    ["dot segments inside the site are resolved", "/a/../suche?q=x", "/suche?q=x"],
    ["a single encoded dot segment", "/rezepte/%2e%2e/suche", "/suche"],
  ])("keeps the same-origin path %s", (_name, value, expected = value) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ["empty", ""],
    ["missing", null],
    ["absolute URL", "https://evil.example/"],
    ["http URL", "http://localhost:8787/"],
    ["protocol-relative", "//evil.example"],
    ["protocol-relative with path", "//evil.example/rezepte"],
    ["backslash", "/\\evil.example"],
    ["backslashes only", "\\\\evil.example"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["double-encoded is decoded once only and stays a path", "%2F%2Fevil.example"],
    ["javascript URL", "javascript:alert(1)"],
    ["data URL", "data:text/html,hi"],
    ["tab trick", "/\t/evil.example"],
    ["newline trick", "/\n/evil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["relative path", "rezepte/gazpacho"],
    ["broken encoding", "/%E0%A4%A"],
    ["too long", `/${"a".repeat(2_001)}`],
    // Each of these passes a check on the raw text but parses to "//evil.invalid".
    ["dot segment before //", "/.//evil.invalid"],
    ["encoded dot segment before //", "/%2e//evil.invalid"],
    ["upper-case encoded dot segment", "/%2E//evil.invalid"],
    ["parent segment before //", "/a/..//evil.invalid"],
    ["encoded parent segment", "/a/%2e%2e//evil.invalid"],
    ["mixed parent segment", "/a/.%2e//evil.invalid"],
    ["dot segments climbing above the root", "/../..//evil.invalid"],
    ["dot segment with a path after it", "/.//evil.invalid/rezepte?q=1"],
  ])("refuses %s", (_name, value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  const hostile = fc
    .array(fc.constantFrom(...URL_ATTACK_PIECES, "rezepte"), { minLength: 1, maxLength: 12 })
    .map((parts) => parts.join(""));

  it("whatever the input, the answer is a path that a browser resolves on our origin", () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string(), fc.string({ unit: "binary" })), (value) => {
        const path = safeReturnPath(value);
        if (path === undefined) return;
        expect(path.startsWith("/")).toBe(true);
        expect(path.startsWith("//")).toBe(false);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach Location
        expect(path).not.toMatch(/[\\\u0000-\u001f\u007f]/);
        for (const page of [`${OUR_ORIGIN}/`, `${OUR_ORIGIN}/login/zurueck?redirect=x`, `${OUR_ORIGIN}/a/b/c`]) {
          expect(resolvedByBrowser(path, page).origin).toBe(OUR_ORIGIN);
        }
        // What we send is already the parsed form: parsing it again changes nothing.
        const again = resolvedByBrowser(path);
        expect(`${again.pathname}${again.search}${again.hash}`).toBe(path);
      }),
      { numRuns: 5_000 },
    );
  });

  it("a path prefixed with hostile pieces never leads to the host named in it", () => {
    fc.assert(
      fc.property(hostile, hostile, (before, after) => {
        const path = safeReturnPath(`/${before}evil.invalid${after}`);
        if (path === undefined) return;
        expect(resolvedByBrowser(path).hostname).toBe("www.example.org");
      }),
      { numRuns: 5_000 },
    );
  });

  it("a plain site path comes back unchanged", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join("/")}`;
        expect(safeReturnPath(path)).toBe(path);
      }),
    );
  });
});
