import { describe, expect, it } from "vitest";
import { safeReturnPath } from "../../app/lib/return-path.ts";

describe("safeReturnPath", () => {
  it.each([
    ["/", "/"],
    ["/gespeicherte-rezepte", "/gespeicherte-rezepte"],
    ["/suche?q=suppe&seite=2", "/suche?q=suppe&seite=2"],
    ["/rezepte/gazpacho#zutaten", "/rezepte/gazpacho#zutaten"],
    ["/zutatensuche?z=k%C3%A4se", "/zutatensuche?z=k%C3%A4se"],
  ])("keeps the same-origin path %s", (value, expected) => {
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
  ])("refuses %s", (_name, value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });
});
