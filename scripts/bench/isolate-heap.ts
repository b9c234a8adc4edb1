/**
 * The heap of one Worker's V8 isolate inside workerd, read through workerd's
 * inspector with the Chrome DevTools Protocol over a WebSocket: a full
 * garbage collection, then the bytes of the heap in use — what Cloudflare
 * holds against an isolate's 128 MB.
 *
 * workerd answers `Runtime.getHeapUsage` at once but carries out
 * `HeapProfiler.collectGarbage` only when the isolate is next entered (tried
 * with workerd 1.20261117.1: the answer waits until a request comes), so the
 * caller's `enterIsolate` sends the Worker requests meanwhile: one was not
 * always enough (a request that arrived before the message entered the
 * isolate without it, and the bench waited out its minute), so they go on
 * every ENTER_EVERY_MS until the collection is answered.
 */
import { openWorkerSession } from "./inspector-session.ts";

/** How often the isolate is entered while a collection is awaited. */
const ENTER_EVERY_MS = 250;

/** The bytes in use on the heap of the Worker `workerName` right after a full garbage collection. */
export async function isolateHeapBytes(
  inspectorUrl: URL,
  workerName: string,
  enterIsolate: () => Promise<void>,
): Promise<number> {
  const session = await openWorkerSession(inspectorUrl, workerName);
  try {
    let done = false;
    const collected = session.call("HeapProfiler.collectGarbage").finally(() => {
      done = true;
    });
    while (!done) {
      await enterIsolate();
      await Promise.race([collected.catch(() => {}), new Promise((wait) => setTimeout(wait, ENTER_EVERY_MS))]);
    }
    await collected;
    const usage = (await session.call("Runtime.getHeapUsage")) as { usedSize: number };
    return usage.usedSize;
  } finally {
    session.close();
  }
}

/**
 * Samples the heap in use of the Worker `workerName` every `everyMs` until
 * `stop()`, without collecting garbage first: the largest sample is near the
 * peak of what the isolate held meanwhile (a peak between two samples is
 * missed). `stop()` answers the largest, in bytes.
 */
export async function sampleHeapPeak(
  inspectorUrl: URL,
  workerName: string,
  everyMs = 100,
): Promise<{ stop(): Promise<number> }> {
  const session = await openWorkerSession(inspectorUrl, workerName);
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const usage = (await session.call("Runtime.getHeapUsage")) as { usedSize: number };
      peak = Math.max(peak, usage.usedSize);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop.catch(() => {});
      session.close();
      return peak;
    },
  };
}
