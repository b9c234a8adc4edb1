import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AnswerFacts, answeredFor, pageAudience } from "../../app/offline/page-audience.ts";

function answer(cacheStatus: string | null, facts: Partial<AnswerFacts> = {}): AnswerFacts {
  return {
    status: 200,
    type: "basic",
    redirected: false,
    contentType: "text/html; charset=utf-8",
    cacheStatus,
    ...facts,
  };
}

/** Every Cache-Status our Worker writes for a page (workers/page-cache.ts), and where the service worker keeps it. */
const STATUSES: [string, "shared" | "personal" | undefined, "anonymous" | "signed-in"][] = [
  ["wkij; hit", "shared", "anonymous"],
  ["wkij; hit; detail=etag", "shared", "anonymous"],
  ["wkij; fwd=miss; stored", "shared", "anonymous"],
  ["wkij; fwd=bypass; detail=personal", "personal", "signed-in"],
  // The browser hides Set-Cookie; the Worker says it here, and such a page is not kept.
  ["wkij; fwd=bypass; detail=personal-set-cookie", undefined, "signed-in"],
  // The shopping list made for nobody: its list is the device's, read in the browser.
  ["wkij; fwd=bypass; detail=private-anonymous", "shared", "anonymous"],
  // The shopping list that set a cookie, found a notice or was posted: the Worker names the reason alone.
  ["wkij; fwd=bypass; detail=private", undefined, "anonymous"],
  ["wkij; fwd=bypass; detail=notice", undefined, "anonymous"],
  ["wkij; fwd=bypass; detail=query", undefined, "anonymous"],
  ["wkij; fwd=bypass; detail=method", undefined, "anonymous"],
  ["wkij; fwd=miss; detail=not-storable", undefined, "anonymous"],
  // An editors' draft preview (workers/draft-preview.ts, decision 0051): never kept on the device.
  ["wkij; fwd=bypass; detail=preview", undefined, "anonymous"],
];

describe("pageAudience", () => {
  it.each(STATUSES)("%s is kept: %s", (status, audience) => {
    expect(pageAudience(answer(status))).toBe(audience);
  });

  it("reads our member among other caches' (RFC 9211 lists them)", () => {
    expect(pageAudience(answer("cdn; fwd=uri-miss, wkij; hit"))).toBe("shared");
    expect(pageAudience(answer("wkij; fwd=bypass; detail=personal, wkij-offline; hit"))).toBe("personal");
    expect(pageAudience(answer('wkij; fwd=bypass; detail="personal"'))).toBe("personal");
  });

  it.each([
    ["no Cache-Status (an error page, a redirect)", answer(null)],
    ["another cache's hit", answer("cdn; hit")],
    ["a name that only starts like ours", answer("wkij-offline; hit")],
    ["a 404", answer("wkij; hit", { status: 404 })],
    ["a 500", answer("wkij; fwd=bypass; detail=personal", { status: 500 })],
    ["a redirect followed", answer("wkij; hit", { redirected: true })],
    ["an opaque answer", answer("wkij; hit", { type: "opaque" })],
    ["a redirect kept back", answer("wkij; hit", { type: "opaqueredirect", status: 0 })],
    ["JSON", answer("wkij; hit", { contentType: "application/json" })],
    ["no type", answer("wkij; hit", { contentType: null })],
  ])("keeps nothing for %s", (_name, facts) => {
    expect(pageAudience(facts)).toBeUndefined();
  });

  it("never puts a personal answer in the shared cache, whatever else the header says", () => {
    const param = fc.constantFrom(
      "hit",
      "stored",
      "fwd=miss",
      "fwd=bypass",
      "detail=etag",
      "detail=notice",
      "detail=private-anonymous",
      "x",
    );
    fc.assert(
      fc.property(
        fc.array(param, { maxLength: 4 }),
        fc.array(param, { maxLength: 2 }),
        fc.constantFrom("personal", "personal-set-cookie"),
        (before, after, personal) => {
          const status = ["wkij", ...before, `detail=${personal}`, ...after].join("; ");
          expect(pageAudience(answer(status))).not.toBe("shared");
          expect(answeredFor(status)).toBe("signed-in");
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it.each([
    ["said twice", "wkij; fwd=bypass; detail=private-anonymous; detail=private-anonymous"],
    ["beside another detail", "wkij; fwd=bypass; detail=private-anonymous; detail=notice"],
    ["without the bypass", "wkij; detail=private-anonymous"],
    ["on a miss that was not stored", "wkij; fwd=miss; detail=private-anonymous"],
    ["as a bare word", "wkij; fwd=bypass; private-anonymous"],
    ["in another cache's member", "cdn; fwd=bypass; detail=private-anonymous, wkij; fwd=bypass; detail=private"],
  ])("keeps a private page for nobody only on the Worker's exact word, not %s", (_name, status) => {
    expect(pageAudience(answer(status))).toBeUndefined();
  });

  it("shares a bypassed page on no other detail than the exact marker", () => {
    // Near misses of the marker (case, spaces, prefixes and suffixes) and anything else; `;` and `,` are the
    // header's own separators, not part of a value.
    const detail = fc.oneof(
      fc.string().filter((value) => !/[;,]/.test(value)),
      fc
        .tuple(
          fc.constantFrom("", " ", "x", "-", "private-", "personal-"),
          fc.constantFrom(
            "private-anonymous",
            "PRIVATE-ANONYMOUS",
            "private",
            "anonymous",
            "private-anonymous-set-cookie",
          ),
          fc.constantFrom("", " ", " x", "-set-cookie", "s"),
        )
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(detail, (value) => {
        const audience = pageAudience(answer(`wkij; fwd=bypass; detail=${value}`));
        // A space after the value is the header's, which a reader trims; nothing else passes.
        if (value.trimEnd() === "private-anonymous") expect(audience).toBe("shared");
        else expect(audience).not.toBe("shared");
      }),
      { numRuns: 2_000 },
    );
  });

  it("never throws on any header", () => {
    fc.assert(
      fc.property(fc.string(), (status) => {
        pageAudience(answer(status));
        answeredFor(status);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("answeredFor", () => {
  it.each(STATUSES)("%s was answered for: %s", (status, _audience, visitor) => {
    expect(answeredFor(status)).toBe(visitor);
  });

  it("knows nothing when our Worker did not say", () => {
    expect(answeredFor(null)).toBeUndefined();
    expect(answeredFor("cdn; hit")).toBeUndefined();
  });
});
