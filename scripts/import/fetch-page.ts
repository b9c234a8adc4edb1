/**
 * One http(s) address fetched for the import: redirects followed by hand (at most five, each target
 * checked to be http(s) again), one deadline for the whole (redirects and body), the body read as a
 * stream and given up past the size cap, and its content type deciding between JSON and HTML.
 * Every failure is a German reason, never an exception.
 */

export type FetchedPage =
  | { ok: true; url: string; kind: "json" | "html"; text: string }
  | { ok: false; reason: string };

export interface FetchSettings {
  fetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
}

export const MAX_REDIRECTS = 5;

const JSON_TYPES = /^(?:application|text)\/(?:[\w.+-]+\+)?json$/;
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

/** "10 MB" for whole mebibytes, else bytes. */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${bytes} Bytes`;
}

function secondsText(ms: number): string {
  const seconds = ms / 1000;
  return seconds === 1 ? "1 Sekunde" : `${String(seconds).replace(".", ",")} Sekunden`;
}

/** The German reason for a fetch that threw (Node's fetch puts the system error in `cause`). */
function failure(error: unknown, url: URL): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  const host = url.hostname;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME" || code === "EAI_FAIL") {
    return `Abruf fehlgeschlagen: Rechner „${host}“ nicht gefunden (DNS).`;
  }
  if (code === "ECONNREFUSED") return `Abruf fehlgeschlagen: „${host}“ nimmt keine Verbindung an.`;
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "Abruf fehlgeschlagen: Verbindung abgebrochen.";
  if (typeof code === "string" && /CERT|SSL|TLS/.test(code)) {
    return `Abruf fehlgeschlagen: Zertifikat von „${host}“ nicht gültig (${code}).`;
  }
  const detail = typeof code === "string" ? code : cause instanceof Error ? cause.message : String(cause);
  return `Abruf fehlgeschlagen: ${detail.slice(0, 200)}.`;
}

/** The body, read chunk by chunk; null once it passes `maxBytes` (the rest is not read). */
async function boundedBody(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (response.body === null) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function decode(body: Uint8Array, charset: string | undefined): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? "utf-8");
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return decoder.decode(body);
}

async function fetchWithin(address: string, settings: FetchSettings, signal: AbortSignal): Promise<FetchedPage> {
  let url = new URL(address);
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return { ok: false, reason: `Weiterleitung auf eine Adresse, die nicht http(s) ist („${url.protocol}“).` };
    }
    let response: Response;
    try {
      response = await settings.fetch(url, {
        redirect: "manual",
        signal,
        headers: {
          accept: "application/ld+json, application/json;q=0.9, text/html;q=0.8",
          "user-agent": "was-koche-ich-jetzt-import/1",
        },
      });
    } catch (error) {
      if (signal.aborted) throw error;
      return { ok: false, reason: failure(error, url) };
    }
    if (response.status >= 300 && response.status < 400 && response.status !== 304) {
      await response.body?.cancel().catch(() => {});
      const location = response.headers.get("location");
      if (location === null) return { ok: false, reason: `Weiterleitung (HTTP ${response.status}) ohne Ziel.` };
      if (redirects >= MAX_REDIRECTS) {
        return { ok: false, reason: `Mehr als ${MAX_REDIRECTS} Weiterleitungen; abgebrochen.` };
      }
      try {
        url = new URL(location, url);
      } catch {
        return { ok: false, reason: "Weiterleitung auf eine ungültige Adresse." };
      }
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return { ok: false, reason: `Abruf fehlgeschlagen: der Server antwortete mit HTTP ${response.status}.` };
    }
    const [mediaType = "", ...parameters] = (response.headers.get("content-type") ?? "").split(";");
    const type = mediaType.trim().toLowerCase();
    const kind = JSON_TYPES.test(type) ? "json" : HTML_TYPES.has(type) ? "html" : type === "" ? null : undefined;
    if (kind === undefined) {
      await response.body?.cancel().catch(() => {});
      return { ok: false, reason: `Inhaltstyp „${type.slice(0, 100)}“ ist weder JSON noch HTML.` };
    }
    const length = Number(response.headers.get("content-length"));
    if (Number.isFinite(length) && length > settings.maxBytes) {
      await response.body?.cancel().catch(() => {});
      return { ok: false, reason: `Größer als ${sizeText(settings.maxBytes)}; nicht gelesen.` };
    }
    const body = await boundedBody(response, settings.maxBytes);
    if (body === null) return { ok: false, reason: `Größer als ${sizeText(settings.maxBytes)}; nicht gelesen.` };
    const charset = parameters
      .map((parameter) => /^\s*charset\s*=\s*"?([\w.:-]+)"?\s*$/i.exec(parameter)?.[1])
      .find((value) => value !== undefined);
    const text = decode(body, charset).replace(/^\ufeff/, "");
    // Without a content type the text says what it is.
    const sniffed = kind ?? (/^\s*[[{]/.test(text) ? "json" : "html");
    return { ok: true, url: url.href, kind: sniffed, text };
  }
}

/** Fetches `address` (already known to be http or https) within the settings' time and size. */
export async function fetchPage(address: string, settings: FetchSettings): Promise<FetchedPage> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<FetchedPage>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({
        ok: false,
        reason: `Keine vollständige Antwort nach ${secondsText(settings.timeoutMs)}; abgebrochen.`,
      });
    }, settings.timeoutMs);
  });
  const work = fetchWithin(address, settings, controller.signal).catch(
    (error: unknown): FetchedPage => ({ ok: false, reason: failure(error, new URL(address)) }),
  );
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
