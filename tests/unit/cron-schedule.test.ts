import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { CRON_INTERVAL_MS } from "../../catalog/sync/cron-schedule.ts";

/** The minutes between runs of a cron expression that runs every N minutes, or undefined for any other. */
function everyMinutes(cron: string): number | undefined {
  const match = /^\*\/([1-9][0-9]?) \* \* \* \*$/.exec(cron) ?? /^(0) \* \* \* \*$/.exec(cron);
  if (!match) return undefined;
  return match[1] === "0" ? 60 : Number(match[1]);
}

describe("the cron's schedule", () => {
  it.each([
    ["development", undefined],
    ["production", "production"],
  ])("in wrangler.toml's %s environment is the one /healthz counts with", (_, environment) => {
    const config = unstable_readConfig({ config: "wrangler.toml", env: environment });
    expect(config.triggers.crons).toHaveLength(1);
    const minutes = everyMinutes(config.triggers.crons?.[0] ?? "");
    expect(minutes, `a cron of the form */N * * * *, got ${config.triggers.crons?.[0]}`).toBeDefined();
    expect((minutes ?? 0) * 60 * 1000).toBe(CRON_INTERVAL_MS);
  });

  it.each([
    ["*/15 * * * *", 15],
    ["*/5 * * * *", 5],
    ["0 * * * *", 60],
    ["15 * * * *", undefined],
    ["*/15 */2 * * *", undefined],
    ["*/0 * * * *", undefined],
  ])("reads %s as every %s minutes", (cron, minutes) => {
    expect(everyMinutes(cron)).toBe(minutes);
  });
});
