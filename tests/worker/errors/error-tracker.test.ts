/**
 * Error tracking on (SENTRY_DSN set): real failures of the built Worker, in
 * its fetch handler, its cron and its catalog coordinator, reach a stand-in
 * for Sentry's ingest as envelopes that carry the failure and nothing of the
 * visitor (vitest.worker.config.ts, project worker-errors).
 *
 * The tests run in order in one isolate, whose tracker sends the same
 * failure at most once a minute: each test makes failures of its own.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { loggedEvents } from "../log-lines.ts";
import { freshSite, holds, sync } from "../sync-site.ts";
import {
  breakCoordinatorStorage,
  clearEnvelopes,
  corruptPointer,
  envelopes,
  reported,
  runCron,
  send,
  VISITOR_DATA,
  visitorPagePath,
  visitorRequest,
  visitorSearchPath,
} from "./failures.ts";

beforeEach(async () => {
  await freshSite();
  await clearEnvelopes();
});

/** Every form a value could take in an envelope: as it is, URL-encoded, JSON-escaped. */
function spellings(value: string): string[] {
  return [...new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1), value.toLowerCase()])];
}

/** Asserts that no envelope received so far holds any of the visitor's data, in any spelling. */
async function expectNoVisitorData(): Promise<void> {
  const bytes = (await envelopes()).map((envelope) => `${envelope.url}\n${envelope.body}`).join("\n");
  expect(bytes.length).toBeGreaterThan(0);
  for (const [label, value] of VISITOR_DATA) {
    for (const spelling of spellings(value)) {
      expect(bytes.includes(spelling), `${label} (${spelling}) reached the tracker`).toBe(false);
    }
  }
}

describe("a page that fails", () => {
  it("in React Router is reported with its exception, method and path, and nothing of the visitor", async () => {
    await corruptPointer();
    const response = await send(visitorRequest(visitorPagePath()));
    expect(response.status).toBe(500);

    const [page] = await reported("page.failed");
    expect(page, "an envelope for the page's failure").toBeDefined();
    expect(page?.envelope.url).toMatch(/^http:\/\/sentry\.stand-in\.test\/api\/4242\/envelope\//);
    expect(page?.event).toMatchObject({
      level: "error",
      environment: "development",
      request: { method: "GET", url: "/rezepte/[e-mail]" },
      exception: { values: [expect.objectContaining({ type: "SyntaxError" })] },
    });
    const exception = page?.event.exception as { values: { stacktrace?: { frames?: unknown[] } }[] } | undefined;
    expect(exception?.values[0]?.stacktrace?.frames?.length).toBeGreaterThan(0);
    // The visitor's session could not be read either (Directus is a stand-in without users): reported too.
    await reported("visitor.unavailable");
    await expectNoVisitorData();
    expect(loggedEvents("page.failed")).toEqual([
      expect.objectContaining({ level: "error", method: "GET", path: expect.stringMatching(/^\/rezepte\//) }),
    ]);
  });

  it("in the Worker's own handlers is reported the same way", async () => {
    // The Worker reads the pointer at most every 5 s: the last test's failed read stands until then.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    await corruptPointer();
    const response = await send(visitorRequest(visitorSearchPath(), { signedIn: false }));
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("Ein Fehler ist aufgetreten");

    const [fetch] = await reported("fetch.failed");
    expect(fetch?.event).toMatchObject({
      level: "error",
      request: { method: "GET", url: "/suche" },
      exception: { values: [expect.objectContaining({ type: "SyntaxError" })] },
    });
    await expectNoVisitorData();
  });
});

describe("a failure of the coordinator's storage", () => {
  it("is reported by the coordinator, and the Worker's fetch handler answers 500", async () => {
    await breakCoordinatorStorage();
    const request = visitorRequest("/sync");
    request.headers.set("authorization", "Bearer test-sync-token-0123456789abcdef0123456789");
    const response = await send(request);
    expect(response.status).toBe(500);

    const [coordinator] = await reported("coordinator.failed");
    expect(coordinator?.event).toMatchObject({ level: "error" });
    expect(JSON.stringify(coordinator?.event.exception)).toMatch(/sync_request/);
    // Both log it. The Worker's report is not awaited here: in the test's isolate the Worker may catch
    // the very object the coordinator reported, and the SDK sends an error object once (on Cloudflare
    // the Worker gets a copy through RPC); the Worker's own reports are shown by the page tests above.
    expect(loggedEvents().map((entry) => entry.event)).toEqual(["coordinator.failed", "fetch.failed"]);
    await expectNoVisitorData();
  });

  it("is sent once a minute per isolate, however often it happens, and logged every time", async () => {
    await breakCoordinatorStorage();
    for (let attempt = 0; attempt < 3; attempt++) {
      const request = new Request("http://localhost:8787/sync", {
        headers: { authorization: "Bearer test-sync-token-0123456789abcdef0123456789" },
      });
      expect((await send(request)).status).toBe(500);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await envelopes()).toEqual([]);
    expect(loggedEvents("fetch.failed")).toHaveLength(3);
  });

  it("fails the cron, which is reported", async () => {
    await breakCoordinatorStorage();
    expect(await runCron()).toBeInstanceOf(Error);
    expect(loggedEvents("scheduled.failed")).toEqual([expect.objectContaining({ cron: "*/15 * * * *" })]);
    const [cron] = await reported("scheduled.failed");
    expect(cron?.event).toMatchObject({ level: "error" });
    expect(JSON.stringify(cron?.event.exception)).toMatch(/sync_request/);
  });
});

describe("a sync that fails", () => {
  it("is reported as the coordinator's error, with the reason", async () => {
    await sync();
    await holds({ down: true });
    expect((await sync()).state).toBe("failed");
    const [failed] = await reported("sync");
    expect(failed?.event).toMatchObject({ level: "error" });
    expect(String(failed?.event.message)).toMatch(/^sync: .*directus/i);
  });
});

describe("a save that publish on save missed", () => {
  it("is published by the cron, logged as a warning and reported", async () => {
    await sync();
    // An editor's save whose flow call never came.
    await holds({ edition: 2 });
    expect(await runCron()).toBeUndefined();
    const [missed] = await reported("publish-on-save-missed");
    expect(missed?.event).toMatchObject({ level: "warning", message: "publish-on-save-missed" });
    expect(loggedEvents("publish-on-save-missed")).toEqual([
      expect.objectContaining({ level: "warn", changed: 3, added: 0, removed: 0 }),
    ]);
  });
});

describe("the SDK", () => {
  it("ran in this isolate (loaded on its first report)", () => {
    expect("__SENTRY__" in globalThis).toBe(true);
  });
});
