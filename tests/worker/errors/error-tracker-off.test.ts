/**
 * Error tracking off (no SENTRY_DSN): the same failures as
 * error-tracker.test.ts are logged as before, nothing leaves the Worker for
 * the tracker, and its SDK never runs (vitest.worker.config.ts, project
 * worker-errors-off). That the SDK is not even loaded is shown on the built
 * modules: tests/build/worker-modules.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { loggedEvents } from "../log-lines.ts";
import { freshSite, holds, sync } from "../sync-site.ts";
import {
  breakCoordinatorStorage,
  clearEnvelopes,
  corruptPointer,
  envelopes,
  runCron,
  send,
  visitorPagePath,
  visitorRequest,
} from "./failures.ts";

beforeEach(async () => {
  await freshSite();
  await clearEnvelopes();
});

/** Long enough for a report sent after the answer (waitUntil) to have arrived. */
async function afterReportsWouldHaveArrived(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
}

describe("without SENTRY_DSN", () => {
  it("a page that fails is logged, and nothing is sent", async () => {
    await corruptPointer();
    expect((await send(visitorRequest(visitorPagePath()))).status).toBe(500);
    await afterReportsWouldHaveArrived();
    expect(loggedEvents("page.failed")).toHaveLength(1);
    expect(await envelopes()).toEqual([]);
  });

  it("a broken coordinator fails /sync and the cron, logged, and nothing is sent", async () => {
    await breakCoordinatorStorage();
    const request = new Request("http://localhost:8787/sync", {
      headers: { authorization: "Bearer test-sync-token-0123456789abcdef0123456789" },
    });
    expect((await send(request)).status).toBe(500);
    expect(await runCron()).toBeInstanceOf(Error);
    await afterReportsWouldHaveArrived();
    expect(loggedEvents().map((entry) => entry.event)).toEqual(
      expect.arrayContaining(["coordinator.failed", "fetch.failed", "scheduled.failed"]),
    );
    expect(await envelopes()).toEqual([]);
  });

  it("a failed sync and a missed publish on save are logged, and nothing is sent", async () => {
    await sync();
    await holds({ edition: 2 });
    expect(await runCron()).toBeUndefined();
    for (let attempt = 0; attempt < 100 && loggedEvents("publish-on-save-missed").length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await holds({ down: true });
    expect((await sync()).state).toBe("failed");
    await afterReportsWouldHaveArrived();
    expect(loggedEvents("publish-on-save-missed")).toHaveLength(1);
    expect(loggedEvents("sync").filter((entry) => entry.outcome === "failed")).toHaveLength(1);
    expect(await envelopes()).toEqual([]);
  });

  it("the SDK never ran in this isolate", () => {
    expect("__SENTRY__" in globalThis).toBe(false);
  });
});
