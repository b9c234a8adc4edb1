/**
 * The per-account and per-address limits on rating changes
 * (app/lib/ratings/rating-limits.server.ts) with a stand-in for Cloudflare's
 * rate limiting binding that counts per key, as the binding does within its
 * period. The binding itself is exercised in workerd
 * (tests/worker/edge/recipe-rating.test.ts).
 */
import { describe, expect, it } from "vitest";
import { type RateLimiter, ratingLimitPassed } from "../../app/lib/ratings/rating-limits.server.ts";

/** Allows `limit` calls per key, and records the keys it was asked about. */
function countingLimiter(limit: number): RateLimiter & { asked: string[] } {
  const counts = new Map<string, number>();
  const asked: string[] = [];
  return {
    asked,
    async limit({ key }) {
      asked.push(key);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return { success: count <= limit };
    },
  };
}

describe("ratingLimitPassed", () => {
  it("counts the account first and names it when it is over; its address is not counted then", async () => {
    const limiters = { account: countingLimiter(2), address: countingLimiter(100) };
    const passed = [];
    for (let count = 0; count < 3; count += 1) passed.push(await ratingLimitPassed(limiters, "konto-a", "192.0.2.1"));
    expect(passed).toEqual([undefined, undefined, "account"]);
    expect(limiters.address.asked).toHaveLength(2);
  });

  it("names the address when many accounts rate from it, whatever each account's own budget", async () => {
    const limiters = { account: countingLimiter(2), address: countingLimiter(3) };
    const passed = [];
    for (const account of ["a", "b", "c", "d"]) passed.push(await ratingLimitPassed(limiters, account, "2001:db8::1"));
    expect(passed).toEqual([undefined, undefined, undefined, "address"]);
  });

  it("keeps accounts and addresses apart, and counts only the account without an address", async () => {
    const limiters = { account: countingLimiter(1), address: countingLimiter(1) };
    expect(await ratingLimitPassed(limiters, "a", "192.0.2.1")).toBeUndefined();
    expect(await ratingLimitPassed(limiters, "b", "192.0.2.2")).toBeUndefined();
    expect(await ratingLimitPassed(limiters, "c", undefined)).toBeUndefined();
    expect(limiters.address.asked).toEqual(["rating-address:192.0.2.1", "rating-address:192.0.2.2"]);
    expect(limiters.account.asked).toEqual(["rating-account:a", "rating-account:b", "rating-account:c"]);
  });
});
