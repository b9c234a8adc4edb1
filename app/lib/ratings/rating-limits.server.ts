/**
 * How many ratings one account and one address may send (decision 0065):
 * Cloudflare's rate limiting bindings (wrangler.toml, RATING_ACCOUNT_LIMITER
 * and RATING_ADDRESS_LIMITER), counted per data centre over a minute. An
 * account is counted by its id, so signing in on several devices shares one
 * budget; an address by what Cloudflare saw (visitor-address.ts), so many
 * accounts made to push one recipe up share one too. Reads of the visitor's
 * own rating are not counted: they change nothing.
 */

/** What the site needs of a rate limiting binding (Cloudflare's `RateLimit`). */
export interface RateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

export interface RatingLimiters {
  account: RateLimiter;
  address: RateLimiter;
}

/**
 * Counts one rating change of `account` from `address`; returns which limit
 * it passed, or undefined when both allow it. The account is counted first:
 * a visitor over their own limit does not use up their address' budget.
 * Without an address (no Cloudflare in front, as in local development) only
 * the account is counted.
 */
export async function ratingLimitPassed(
  limiters: RatingLimiters,
  account: string,
  address: string | undefined,
): Promise<"account" | "address" | undefined> {
  if (!(await limiters.account.limit({ key: `rating-account:${account}` })).success) return "account";
  if (address !== undefined && !(await limiters.address.limit({ key: `rating-address:${address}` })).success) {
    return "address";
  }
  return undefined;
}
