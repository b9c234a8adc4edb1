/**
 * Scheduled publishing's times (catalog/sync/publication-window.ts): where a
 * moment lies in a recipe's window, and the next time the coordinator must
 * wake, as properties over any set of publish and unpublish times.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextDueTime, type PublicationTimes, publicationWindow } from "../../catalog/sync/publication-window.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const NOW = Date.parse("2026-11-28T12:00:00Z");
const HOUR = 3_600_000;

/** Times around NOW, to the second, some unset; only windows that open before they close. */
const times: fc.Arbitrary<PublicationTimes> = fc
  .record({
    publishAt: fc.option(
      fc.integer({ min: -48, max: 48 }).map((h) => NOW + (h * HOUR) / 4),
      { nil: null },
    ),
    unpublishAt: fc.option(
      fc.integer({ min: -48, max: 48 }).map((h) => NOW + (h * HOUR) / 4),
      { nil: null },
    ),
  })
  .filter(({ publishAt, unpublishAt }) => publishAt === null || unpublishAt === null || unpublishAt > publishAt);

const state = (t: PublicationTimes, at: number) => {
  const window = publicationWindow({ publish_at: iso(t.publishAt), unpublish_at: iso(t.unpublishAt) }, at);
  if (!window.ok) throw new Error(window.problems.join("; "));
  return window.state;
};

describe("a recipe's publish times", () => {
  it("place a moment before, in or after the window; the window starts at publish_at and ends at unpublish_at", () => {
    const t = { publish_at: "2026-11-28T13:00:00.000Z", unpublish_at: "2026-11-28T15:00:00.000Z" };
    expect(publicationWindow(t, Date.parse("2026-11-28T12:59:59.999Z"))).toMatchObject({ state: "scheduled" });
    expect(publicationWindow(t, Date.parse("2026-11-28T13:00:00.000Z"))).toMatchObject({ state: "open" });
    expect(publicationWindow(t, Date.parse("2026-11-28T14:59:59.999Z"))).toMatchObject({ state: "open" });
    expect(publicationWindow(t, Date.parse("2026-11-28T15:00:00.000Z"))).toMatchObject({ state: "ended" });
    expect(publicationWindow({}, NOW)).toMatchObject({ state: "open" });
  });

  it("refuse a time that is none, and a window that closes before it opens", () => {
    expect(publicationWindow({ publish_at: "bald" }, NOW)).toEqual({
      ok: false,
      problems: ["publish_at is not a date"],
    });
    expect(
      publicationWindow({ publish_at: "2026-11-29T00:00:00Z", unpublish_at: "2026-11-28T00:00:00Z" }, NOW),
    ).toEqual({ ok: false, problems: ["unpublish_at is not after publish_at"] });
  });

  it("next due time: the earliest time after now, or none when no time lies ahead", () => {
    fc.assert(
      fc.property(fc.array(times, { maxLength: 12 }), (all) => {
        const due = nextDueTime(all, NOW);
        const ahead = all
          .flatMap((t) => [t.publishAt, t.unpublishAt])
          .filter((at): at is number => at !== null && at > NOW);
        if (ahead.length === 0) expect(due).toBeNull();
        else expect(due).toBe(Math.min(...ahead));
      }),
    );
  });

  it("nothing changes on the site before the due time, and something does at it", () => {
    fc.assert(
      fc.property(
        fc.array(times, { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (all, f) => {
          const due = nextDueTime(all, NOW);
          const before = all.map((t) => state(t, NOW));
          if (due === null) {
            // Nothing ahead: a day later every recipe is where it is now.
            expect(all.map((t) => state(t, NOW + 24 * HOUR))).toEqual(before);
            return;
          }
          const between = NOW + Math.floor((due - 1 - NOW) * f);
          expect(all.map((t) => state(t, between))).toEqual(before);
          expect(all.map((t) => state(t, due))).not.toEqual(before);
        },
      ),
    );
  });
});
