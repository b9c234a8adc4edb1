import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scrubbed } from "../../workers/sentry-reporter.ts";

/**
 * The second net of the error tracker (workers/sentry-reporter.ts): free text
 * that leaves for Sentry (an error's message, a path) loses e-mail and IP
 * addresses, tokens and query strings, and keeps what an operator needs.
 */
describe("scrubbed", () => {
  it.each([
    ["an e-mail address", "user erika.besucherin@example.com not found", "user [e-mail] not found"],
    ["an e-mail address with a plus", "for max+rezepte@mail.example.de:", "for [e-mail]:"],
    ["an IPv4 address", "connect ECONNREFUSED 203.0.113.77:443", "connect ECONNREFUSED [ip]:443"],
    ["an IPv6 address", "from 2001:db8:85a3::8a2e:370:7334 refused", "from [ip] refused"],
    ["an IPv6 address in brackets", "connect [2001:db8::1]:443 failed", "connect [[ip]]:443 failed"],
    ["a session token", "bad token eyJhbGciOiJIUzI1NiJ9.eyJpZCI6IjEifQ.c2ln here", "bad token [token] here"],
    ["a query string", "GET /suche?q=geheim&seite=2 failed", "GET /suche?[query] failed"],
    [
      "a URL's query string",
      "fetch https://cms.example.org/users/me?fields=email failed",
      "fetch https://cms.example.org/users/me?[query] failed",
    ],
  ])("removes %s", (_, text, expected) => {
    expect(scrubbed(text)).toBe(expected);
  });

  it.each([
    ["a time of day", "at 12:30:45 the step failed"],
    ["an ISO date", "publishedAt 2026-11-26T23:09:00.000Z"],
    ["a version hash", "version 3f9a1c0de2b4 cannot be read"],
    ["a path without a query", "/rezepte/linsensuppe failed"],
    ["an SQL error", "no such table: sync_request: SQLITE_ERROR"],
  ])("keeps %s", (_, text) => {
    expect(scrubbed(text)).toBe(text);
  });

  const local = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/);
  const domain = fc.stringMatching(/^[a-z0-9-]{1,12}(\.[a-z0-9-]{1,12}){0,2}\.[a-z]{2,6}$/);
  const octet = fc.integer({ min: 0, max: 255 });
  const around = fc.string({ maxLength: 30 }).map((text) => text.replace(/[@.\d:?a-f]/gi, " "));

  it("never lets an e-mail address through, whatever surrounds it", () => {
    fc.assert(
      fc.property(around, local, domain, around, (before, user, host, after) => {
        const address = `${user}@${host}`;
        expect(scrubbed(`${before} ${address} ${after}`)).not.toContain(address);
      }),
      { numRuns: 500 },
    );
  });

  it("never lets an IPv4 address through, whatever surrounds it", () => {
    fc.assert(
      fc.property(around, fc.tuple(octet, octet, octet, octet), around, (before, parts, after) => {
        const address = parts.join(".");
        expect(scrubbed(`${before} ${address} ${after}`)).not.toContain(address);
      }),
      { numRuns: 500 },
    );
  });

  it("never lets a query string through", () => {
    fc.assert(
      fc.property(
        fc.webPath(),
        fc.webQueryParameters().filter((query) => query.length > 0),
        (path, query) => {
          expect(scrubbed(`GET ${path}?${query} failed`)).toBe(`GET ${scrubbed(path)}?[query] failed`);
        },
      ),
      { numRuns: 500 },
    );
  });
});
