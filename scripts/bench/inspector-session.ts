/**
 * A session with one Worker's V8 isolate through workerd's inspector, in the
 * Chrome DevTools Protocol over a WebSocket: what the heap figures
 * (isolate-heap.ts) and the CPU profiles (page-profile.ts) talk through.
 */

/** How long one protocol call may take before the measurement is given up. */
const CALL_TIMEOUT_MS = 60_000;

interface InspectorTarget {
  id: string;
  webSocketDebuggerUrl: string;
}

export interface InspectorSession {
  /** Sends `method` with `params` and resolves with its result. */
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  close(): void;
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

/** A protocol session with the isolate of the Worker `workerName`. */
export async function openWorkerSession(inspectorUrl: URL, workerName: string): Promise<InspectorSession> {
  const address = await workerTarget(inspectorUrl, workerName);
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
    call(method, params = {}) {
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
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => socket.close(),
  };
}
