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

/** How long one protocol call may take before the measurement is given up. */
const CALL_TIMEOUT_MS = 60_000;
/** How often the isolate is entered while a collection is awaited. */
const ENTER_EVERY_MS = 250;

interface InspectorTarget {
  id: string;
  webSocketDebuggerUrl: string;
}

/** The WebSocket address of the Worker `workerName` among the inspector's targets (`core:user:<name>` in Miniflare). */
async function workerTarget(inspectorUrl: URL, workerName: string): Promise<string> {
  const list = new URL("/json/list", inspectorUrl);
  list.protocol = "http:";
  const targets = (await (await fetch(list)).json()) as InspectorTarget[];
  const target = targets.find(({ id }) => id === `core:user:${workerName}`);
  if (!target) {
    throw new Error(
      `bench: no inspector target for ${workerName}; there are ${targets.map(({ id }) => id).join(", ")}`,
    );
  }
  return target.webSocketDebuggerUrl;
}

/** One DevTools Protocol session: `call` sends a method and resolves with its result. */
async function openSession(address: string): Promise<{ call(method: string): Promise<unknown>; close(): void }> {
  const socket = new WebSocket(address);
  await new Promise((resolveOpen, rejectOpen) => {
    socket.addEventListener("open", resolveOpen, { once: true });
    socket.addEventListener("error", () => rejectOpen(new Error(`bench: cannot open ${address}`)), { once: true });
  });
  const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting || message.id === undefined) return; // an event, not an answer
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(`bench: inspector: ${message.error.message}`));
    else waiting.resolve(message.result);
  });
  let nextId = 1;
  return {
    call(method) {
      const id = nextId++;
      return new Promise((resolveCall, rejectCall) => {
        const timer = setTimeout(
          () =>
            rejectCall(new Error(`bench: the inspector did not answer ${method} within ${CALL_TIMEOUT_MS / 1000} s`)),
          CALL_TIMEOUT_MS,
        );
        pending.set(id, {
          resolve: (result) => {
            clearTimeout(timer);
            resolveCall(result);
          },
          reject: (error) => {
            clearTimeout(timer);
            rejectCall(error);
          },
        });
        socket.send(JSON.stringify({ id, method, params: {} }));
      });
    },
    close: () => socket.close(),
  };
}

/** The bytes in use on the heap of the Worker `workerName` right after a full garbage collection. */
export async function isolateHeapBytes(
  inspectorUrl: URL,
  workerName: string,
  enterIsolate: () => Promise<void>,
): Promise<number> {
  const session = await openSession(await workerTarget(inspectorUrl, workerName));
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
  const session = await openSession(await workerTarget(inspectorUrl, workerName));
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
