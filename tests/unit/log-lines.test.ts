import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every log line of the Worker is one JSON object with an event
 * (logging/log.ts): nothing else in its code writes to the console. The
 * Worker tests check the lines themselves (tests/worker/log-lines.ts); this
 * finds a console call on a path no test takes.
 */
const LOGGER = "logging/log.ts";
const SOURCES = ["app", "catalog", "logging", "workers"];
/** A call or a reference of any console method, however spelled. */
const CONSOLE = /\bconsole\s*(?:\.|\[|\?\.)|\bglobalThis\s*\.\s*console\b/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.includes("+types"))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("the Worker's log", () => {
  it(`is written by ${LOGGER} alone`, () => {
    const files = SOURCES.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(50);
    const writers = files.filter((file) => file !== LOGGER && CONSOLE.test(readFileSync(file, "utf8")));
    expect(writers).toEqual([]);
    expect(CONSOLE.test(readFileSync(LOGGER, "utf8"))).toBe(true);
  });

  it.each([
    ["console.log(x)", true],
    ["console.error(`a`)", true],
    ['console["warn"](x)', true],
    ["console?.info(x)", true],
    ["console .debug(x)", true],
    ["globalThis.console.log(x)", true],
    ["const consoleLine = 1", false],
    ["// the console of the browser", false],
  ])("finds %s: %s", (code, found) => {
    expect(CONSOLE.test(code)).toBe(found);
  });
});
