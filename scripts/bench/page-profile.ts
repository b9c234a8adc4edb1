/**
 * Where a page's CPU goes inside the Worker's isolate: a sampling CPU profile
 * of workerd's V8 (the inspector's `Profiler`) over many requests of one page
 * type, each sample's stack put in one share of the work (catalog work,
 * reading catalog values, React's render, the loader data's turbo-stream,
 * routing and middleware, garbage collection …) by the source file the build's
 * source maps name for its function.
 *
 * A sample's share is that of the innermost function the maps name: a
 * built-in such as `JSON.parse` or `TextDecoder.decode` has no file and counts
 * for the function that called it; our own code in app/ counts as a
 * component when React's renderer called it, else as loader or request
 * code. Samples are counted (splitProfile says why), and the shares set
 * beside workerd's process CPU over the same requests. The profile sees one
 * isolate only: what Miniflare does in its own Workers (the Cache API's
 * stand-in) and what workerd does outside V8 (compression, KV's local
 * storage) is not in it; the bench's "as served" less "the Worker's own"
 * is where that shows.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { basename, join } from "node:path";
import { type InspectorSession, openWorkerSession } from "./inspector-session.ts";

/** Microseconds between samples asked for; workerd samples more sparsely (about every 0.3–0.5 ms here), so a profile takes hundreds of requests. */
const SAMPLING_INTERVAL_US = 100;
/** How often the isolate is entered while a protocol call waits for it (isolate-heap.ts says why it must be). */
const ENTER_EVERY_MS = 100;

/** The shares a page's samples are put in, in the report's order. */
export const PROFILE_SHARES = [
  "catalog work (matching, filtering, sorting, search)",
  "reading and decoding catalog values",
  "React's renderer",
  "our components (in React's render)",
  "loader data as turbo-stream",
  "React Router (routing, loaders' calls, document)",
  "our loaders and request code",
  "Hono and our middleware (page cache, headers)",
  "garbage collection",
  "V8 and workerd, unnamed ((program))",
  "other",
] as const;
export type ProfileShare = (typeof PROFILE_SHARES)[number];

export interface PageProfile {
  id: string;
  /** Whether these requests were sent as served, or to the Worker alone (edge.ts). */
  pass: "as served" | "worker only";
  requests: number;
  /** The isolate's samples while it ran (idle left out). */
  samples: number;
  /** workerd's process CPU ms per request over the same requests (/proc, 10 ms ticks), profiler included. */
  processMsPerRequest: number;
  /** The share of the samples (0 to 1) in each share of the work. */
  shares: Record<ProfileShare, number>;
  /** The functions with the most samples of their own (built-ins counted as themselves here), by share. */
  topFunctions: { name: string; source: string; share: number }[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The source maps of a build's server modules, by the module's file name. */
export function serverSourceMaps(buildDir: string): Map<string, SourceMap> {
  const serverDir = join(buildDir, "server");
  const maps = new Map<string, SourceMap>();
  for (const file of readdirSync(serverDir, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".js.map")) continue;
    maps.set(basename(file, ".map"), new SourceMap(JSON.parse(readFileSync(join(serverDir, file), "utf8"))));
  }
  return maps;
}

/** The source file a frame's function comes from, relative to the repository or a package ("react-dom/…"); "" for none. */
function frameSource(frame: ProfileNode["callFrame"], maps: Map<string, SourceMap>): string {
  if (!frame.url) return "";
  const map = maps.get(basename(frame.url.split("?")[0] ?? ""));
  if (!map) return frame.url;
  const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
  const source = entry.originalSource ?? frame.url;
  const inPackage = source.lastIndexOf("node_modules/");
  return inPackage >= 0 ? source.slice(inPackage + "node_modules/".length) : source.replace(/^(\.\.\/)+/, "");
}

/** The share of a function by its source file alone; undefined for a built-in, which counts for its caller. */
function shareOfSource(source: string, functionName: string): ProfileShare | "app" | undefined {
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)") return "V8 and workerd, unnamed ((program))";
  if (source === "") return undefined;
  if (
    /^catalog\/(format\/|view\/(published-catalog|catalog-cache\.server|matching-lookups)\.ts|search\/engine\/(compact-numbers|sharded-format)\.ts)/.test(
      source,
    )
  ) {
    return "reading and decoding catalog values";
  }
  if (source.startsWith("catalog/")) return "catalog work (matching, filtering, sorting, search)";
  if (source.startsWith("react-dom/") || source.startsWith("react/")) return "React's renderer";
  if (/react-router\/.*(turbo-stream|single-fetch)/.test(source)) return "loader data as turbo-stream";
  if (source.startsWith("react-router/")) return "React Router (routing, loaders' calls, document)";
  if (source.startsWith("app/")) return "app";
  if (source.startsWith("workers/") || source.startsWith("hono/") || source.startsWith("cookie-es/")) {
    return "Hono and our middleware (page cache, headers)";
  }
  return "other";
}

/** Each node's share: its own, its caller's for a built-in, and our app code by whether React's render called it. */
function nodeShares(profile: CpuProfile, maps: Map<string, SourceMap>): Map<number, ProfileShare> {
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const own = new Map<number, ProfileShare | "app" | undefined>();
  for (const node of profile.nodes) {
    own.set(node.id, shareOfSource(frameSource(node.callFrame, maps), node.callFrame.functionName));
  }
  const underReact = (id: number): boolean => {
    for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
      if (own.get(at) === "React's renderer") return true;
    }
    return false;
  };
  const shares = new Map<number, ProfileShare>();
  for (const node of profile.nodes) {
    let at: number | undefined = node.id;
    while (at !== undefined && own.get(at) === undefined && byId.get(at)?.callFrame.functionName !== "(root)") {
      at = parents.get(at);
    }
    const found = at === undefined ? undefined : own.get(at);
    if (found === "app") {
      shares.set(
        node.id,
        underReact(at ?? node.id) ? "our components (in React's render)" : "our loaders and request code",
      );
    } else shares.set(node.id, found ?? "other");
  }
  return shares;
}

/**
 * The profile's samples counted per share and per function. Counted, not
 * weighed by the time between them: on a busy machine the thread is often
 * descheduled, and the sample after such a pause stands for the wall time
 * of the pause (workerd's sampler ticks in wall time), not for CPU.
 */
export function splitProfile(profile: CpuProfile, maps: Map<string, SourceMap>) {
  const shares = nodeShares(profile, maps);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = Object.fromEntries(PROFILE_SHARES.map((share) => [share, 0])) as Record<ProfileShare, number>;
  const functions = new Map<string, { name: string; source: string; share: number }>();
  let samples = 0;
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === "(idle)") continue;
    counts[shares.get(node.id) ?? "other"]++;
    samples++;
    const source = frameSource(node.callFrame, maps);
    const key = `${node.callFrame.functionName} ${source}`;
    const entry = functions.get(key) ?? { name: node.callFrame.functionName || "(anonymous)", source, share: 0 };
    entry.share++;
    functions.set(key, entry);
  }
  const of = (count: number) => count / Math.max(1, samples);
  const topFunctions = [...functions.values()]
    .sort((a, b) => b.share - a.share)
    .slice(0, 12)
    .map((entry) => ({ ...entry, share: of(entry.share) }));
  const sharesOf = Object.fromEntries(PROFILE_SHARES.map((share) => [share, of(counts[share])])) as Record<
    ProfileShare,
    number
  >;
  return { samples, shares: sharesOf, topFunctions };
}

/** Calls `method`, entering the isolate with `enter` until workerd answers. */
async function callEntering(
  session: InspectorSession,
  method: string,
  params: Record<string, unknown>,
  enter: () => Promise<void>,
): Promise<unknown> {
  let done = false;
  const answer = session.call(method, params).finally(() => {
    done = true;
  });
  while (!done) {
    await enter();
    await Promise.race([answer.catch(() => {}), new Promise((wait) => setTimeout(wait, ENTER_EVERY_MS))]);
  }
  return answer;
}

export interface ProfiledType {
  id: string;
  /** Sends the type's `index`th request in the pass, and reads its answer. */
  send(index: number, pass: PageProfile["pass"]): Promise<void>;
}

/**
 * Profiles `requests` requests of each type in each pass, one profile per
 * type and pass, on the Worker `workerName` of a build in `buildDir`. `enter`
 * sends a request that does as little as it can (the empty route), to let the
 * inspector's calls in; `processCpuSeconds` reads workerd's process CPU.
 */
export async function profilePages(options: {
  inspectorUrl: URL;
  workerName: string;
  buildDir: string;
  types: ProfiledType[];
  requests: number;
  enter: () => Promise<void>;
  processCpuSeconds: () => number;
  progress: (line: string) => void;
  /** A folder to keep each raw profile in, as `<type>-<pass>.cpuprofile` (Chrome DevTools opens it). */
  keepIn?: string;
}): Promise<PageProfile[]> {
  const maps = serverSourceMaps(options.buildDir);
  const session = await openWorkerSession(options.inspectorUrl, options.workerName);
  const results: PageProfile[] = [];
  try {
    await callEntering(session, "Profiler.enable", {}, options.enter);
    await callEntering(session, "Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US }, options.enter);
    for (const type of options.types) {
      for (const pass of ["worker only", "as served"] as const) {
        options.progress(`profiling ${type.id}, ${pass}`);
        await callEntering(session, "Profiler.start", {}, options.enter);
        const before = options.processCpuSeconds();
        for (let i = 0; i < options.requests; i++) await type.send(i, pass);
        const processMs = (options.processCpuSeconds() - before) * 1000;
        const { profile } = (await callEntering(session, "Profiler.stop", {}, options.enter)) as {
          profile: CpuProfile;
        };
        if (options.keepIn) {
          mkdirSync(options.keepIn, { recursive: true });
          const file = `${type.id}-${pass.replace(" ", "-")}.cpuprofile`;
          writeFileSync(join(options.keepIn, file), JSON.stringify(profile));
        }
        results.push({
          id: type.id,
          pass,
          requests: options.requests,
          processMsPerRequest: processMs / options.requests,
          ...splitProfile(profile, maps),
        });
      }
    }
    await session.call("Profiler.disable").catch(() => {});
  } finally {
    session.close();
  }
  return results;
}
