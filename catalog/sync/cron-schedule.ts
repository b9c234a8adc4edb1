/**
 * How often the cron asks the catalog coordinator for a sync: the
 * `*\/15 * * * *` of wrangler.toml's triggers, in both environments
 * (tests/unit/cron-schedule.test.ts keeps the two the same). /healthz
 * derives from it how old a confirmation may be (workers/health.ts).
 */
export const CRON_INTERVAL_MS = 15 * 60 * 1000;
