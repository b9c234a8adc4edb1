/**
 * A local OpenID Connect provider that stands in for Google as Directus' `google`
 * SSO provider: Google cannot be reached from development machines or CI. Its
 * login page asks only for an e-mail address; any valid address signs in as that
 * person, and consent is granted without a screen.
 *
 * Manual use: `node scripts/local-stack/google-stand-in.ts` (port 9011).
 */
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import Provider, {
  type Adapter,
  type AdapterFactory,
  type AdapterPayload,
  type Configuration,
  errors,
} from "oidc-provider";

export interface GoogleStandIn {
  issuerUrl: string;
  close(): Promise<void>;
}

interface GoogleStandInOptions {
  /** 0 picks a free port; the issuer URL then carries the real one. */
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

const TITLE = "Anmelden – Google (lokaler Ersatz)";
const INVALID_EMAIL = "Bitte gib eine gültige E-Mail-Adresse ein.";
const MAX_FORM_BYTES = 8 * 1024;

// The HTML living standard's rule for type=email, except that the domain needs a
// dot: Directus refuses addresses like "a@localhost" when it creates the user.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Normalizes an address as typed, or returns undefined if it is not one. */
function normalizeEmail(input: string): string | undefined {
  const email = input.trim().toLowerCase();
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? email : undefined;
}

/** A Google-like numeric subject (21 digits), the same for the same address on every run. */
function accountIdFor(email: string): string {
  const digest = createHash("sha256").update(`google-stand-in:${email}`).digest();
  return `1${(digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, "0")}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#202124}
label{display:block;margin:1rem 0 .25rem}input{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1.4rem;font-size:1rem;background:#1a73e8;color:#fff;border:0;border-radius:4px}
.error{color:#b3261e}.note{color:#5f6368;font-size:.9rem}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

// novalidate: the browser's own messages would not be German everywhere; the
// server checks the address and answers in German.
function loginPage(action: string, email = "", error?: string): string {
  const invalid = error ? ` aria-invalid="true" aria-describedby="email-error"` : "";
  return page(
    TITLE,
    `<main>
<h1>Anmelden</h1>
<p class="note">Lokaler Ersatz für die Google-Anmeldung: Jede E-Mail-Adresse meldet dich als diese Person an. Ein Passwort gibt es nicht.</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">E-Mail-Adresse</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(email)}"${invalid}>
${error ? `<p id="email-error" class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<button type="submit">Weiter</button>
</form>
</main>`,
  );
}

function errorPage(message: string): string {
  return page(
    "Fehler – Google (lokaler Ersatz)",
    `<main>\n<h1>Anmeldung fehlgeschlagen</h1>\n<p>${escapeHtml(message)}</p>\n</main>`,
  );
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(html);
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * oidc-provider's own in-memory adapter prints a warning on every start; this
 * one is as small as the stand-in needs (everything is lost on restart anyway).
 */
function memoryAdapter(): AdapterFactory {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry?.payload;
  };
  const findBy = (model: string, match: (payload: AdapterPayload) => boolean) => {
    for (const key of entries.keys()) {
      const payload = key.startsWith(`${model}:`) ? live(key) : undefined;
      if (payload && match(payload)) return payload;
    }
    return undefined;
  };
  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      const now = Date.now();
      for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
      entries.set(`${model}:${id}`, {
        payload,
        expiresAt: expiresIn ? now + expiresIn * 1000 : Number.POSITIVE_INFINITY,
      });
    },
    async find(id) {
      return live(`${model}:${id}`);
    },
    async findByUid(uid) {
      return findBy(model, (payload) => payload.uid === uid);
    },
    async findByUserCode(userCode) {
      return findBy(model, (payload) => payload.userCode === userCode);
    },
    async consume(id) {
      const payload = live(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      entries.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const [key, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(key);
    },
  });
}

/**
 * The stand-in never remembers a browser: each sign-in asks for an address again,
 * so tests can switch people. Without this, oidc-provider would see a remembered
 * person and, when another address is typed, insist on a log-out page first.
 */
function withoutSessionCookies(header: string | undefined): string | undefined {
  const kept = header
    ?.split(";")
    .map((part) => part.trim())
    .filter((part) => part && !/^_session(\.[\w.]+)?=/.test(part));
  return kept?.length ? kept.join("; ") : undefined;
}

function configuration(options: GoogleStandInOptions, emails: Map<string, string>): Configuration {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" });
  // A new key gets a new kid, so a Directus that cached the last run's keys fetches them again.
  const kid = createHash("sha256").update(String(jwk.n)).digest("base64url").slice(0, 16);
  return {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        // A client registered for client_secret_basic may also send its secret in the body (client_secret_post).
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [{ ...jwk, kid, use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    // No offline_access: no refresh tokens, so a Directus session never calls back here after sign-in.
    scopes: ["openid", "email", "profile"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name"] },
    // Like Google, the ID token itself carries the scope's claims (not only /userinfo).
    conformIdTokenClaims: false,
    async findAccount(_ctx, accountId) {
      const email = emails.get(accountId);
      if (!email) return undefined;
      const name = email.slice(0, email.indexOf("@"));
      return {
        accountId,
        async claims() {
          return { sub: accountId, email, email_verified: true, name, given_name: name };
        },
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Set explicitly (the defaults print a notice each on first use), and short:
    // nothing is reused after the code exchange, and expired entries are dropped.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 3600,
      Grant: 3600,
    },
    clientBasedCORS: () => true,
    renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = errorPage(`${out.error}${out.error_description ? `: ${out.error_description}` : ""}`);
    },
  };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/** Starts the stand-in on 127.0.0.1:<port>; `close()` stops it. */
export async function startGoogleStandIn(options: GoogleStandInOptions): Promise<GoogleStandIn> {
  const emails = new Map<string, string>();
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(503).end();
  };
  const server = createServer((request, response) => handle(request, response));
  const port = await listen(server, options.port);
  const issuerUrl = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuerUrl, configuration(options, emails));
  provider.on("server_error", (_ctx, error) => console.error("google stand-in: server error", error));
  const oidc = provider.callback();

  async function interaction(request: IncomingMessage, response: ServerResponse, uid: string): Promise<void> {
    const action = `/interaction/${uid}`;
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) throw new Error("interaction mismatch");
    if (request.method === "GET") {
      const hint = typeof details.params.login_hint === "string" ? details.params.login_hint : "";
      sendHtml(response, 200, loginPage(action, hint));
      return;
    }
    const form = await readForm(request);
    const typed = form?.get("email") ?? "";
    const email = normalizeEmail(typed);
    if (!email) {
      sendHtml(response, 400, loginPage(action, typed, INVALID_EMAIL));
      return;
    }
    const accountId = accountIdFor(email);
    emails.set(accountId, email);
    // Consent is part of signing in: grant whatever was asked for (the provider
    // keeps only the scopes it knows).
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  handle = (request, response) => {
    const cookie = withoutSessionCookies(request.headers.cookie);
    if (cookie) request.headers.cookie = cookie;
    else delete request.headers.cookie;
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const uid = /^\/interaction\/([\w-]+)$/.exec(path)?.[1];
    if (!uid) {
      oidc(request, response);
      return;
    }
    if (request.method !== "GET" && request.method !== "POST") {
      response.writeHead(405, { allow: "GET, POST" }).end();
      return;
    }
    interaction(request, response, uid).catch((error: unknown) => {
      const expired = error instanceof errors.SessionNotFound;
      if (!expired) console.error("google stand-in: interaction failed", error);
      if (response.headersSent) {
        response.end();
        return;
      }
      // A missing or expired interaction cookie: the sign-in has to start again at the site.
      sendHtml(
        response,
        expired ? 400 : 500,
        errorPage(
          expired
            ? "Diese Anmeldung ist abgelaufen. Bitte starte sie auf der Website neu."
            : "Interner Fehler des lokalen Ersatzes.",
        ),
      );
    });
  };

  console.log(`google stand-in: ${issuerUrl}`);
  return {
    issuerUrl,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

if (import.meta.main) {
  const standIn = await startGoogleStandIn({
    port: 9011,
    clientId: "directus-local",
    clientSecret: "directus-local-secret",
    redirectUris: [
      "http://localhost:8787/directus/auth/login/google/callback",
      "http://127.0.0.1:8056/auth/login/google/callback",
    ],
  });
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
