/**
 * The Worker's configuration, read from `[vars]` in wrangler.toml (or the
 * dashboard in production) and validated in this one place. Everything else
 * receives a typed `SiteConfig` and never reads `env` for settings itself.
 */
import type { AccessServiceToken } from "../directus/directus-origin.ts";

/** Who runs the site: printed in Impressum and Datenschutz. */
interface Operator {
  name: string;
  representative: string;
  street: string;
  postalCity: string;
  email: string;
  phone: string;
}

/** Where the Worker runs: production refuses local addresses and example data. */
type Environment = "development" | "production";

/** Validated site configuration. */
export interface SiteConfig {
  /** ENVIRONMENT; "development" when unset. */
  environment: Environment;
  /** "Was koche ich": the header shows "{productName} jetzt?". */
  productName: string;
  /** "Was koche ich jetzt": suffix of every page title. */
  siteName: string;
  /** Public origin without a trailing slash, e.g. "https://example.org". */
  siteUrl: string;
  /**
   * Where the Worker reaches Directus (the sync, the visitor's calls and the
   * /directus proxy). Not a public address: browsers use <site>/directus.
   */
  directusUrl: string;
  /**
   * The Cloudflare Access service token that gets the Worker past Access in
   * front of DIRECTUS_URL (Worker secrets DIRECTUS_ACCESS_CLIENT_ID and
   * DIRECTUS_ACCESS_CLIENT_SECRET, both or neither); null: Directus is reached
   * without one, as on this machine.
   */
  directusAccessToken: AccessServiceToken | null;
  /** Store listing of the mobile app, linked in the footer. */
  appStoreUrl: string;
  operator: Operator;
  /** Provider of the legal-text templates, credited on the Impressum page. */
  legalSource: { name: string; url: string };
  /** Name of the cookie that stores the visitor's consent (docs/product.md: a fixed, site-specific name). */
  consentCookieName: string;
  /** Google Tag Manager container, e.g. "GTM-ABC1234"; null: no tag manager at all. */
  gtmId: string | null;
  /** The secret Directus' flow sends to POST /sync (a Worker secret); null: publish on save is off. */
  syncToken: string | null;
  /**
   * The key of the form tokens (csrf.server.ts; Worker secret
   * FORM_TOKEN_SECRET). Required in production, where every isolate must
   * make the same tokens; null in development: a random key per isolate.
   */
  formTokenSecret: string | null;
  /** The Sentry project errors are reported to (SENTRY_DSN, a Worker secret); null: error tracking is off. */
  sentryDsn: string | null;
}

/** Thrown when the configuration is incomplete; its message names every bad variable. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(
      `config: the Worker cannot start, fix these variables in wrangler.toml [vars] or the dashboard:\n${problems
        .map((problem) => `  - ${problem}`)
        .join("\n")}`,
    );
    this.name = "ConfigError";
    this.problems = problems;
  }
}

const MAX_TEXT_LENGTH = 200;
// RFC 6265 cookie-name token characters, kept to a readable subset.
const COOKIE_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
/** An Access service token's client id: 32 hex digits and ".access" as Cloudflare issues them, or similar. */
const ACCESS_CLIENT_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;
/** Its secret: 64 hex digits as issued; any token characters, long enough not to be guessed. */
const ACCESS_CLIENT_SECRET_PATTERN = /^[A-Za-z0-9\-._~+/=]{32,512}$/;
/**
 * A bearer token or key (RFC 6750 characters) long enough not to be
 * guessed: `openssl rand -hex 32` gives 64.
 */
const SECRET_PATTERN = /^[A-Za-z0-9\-._~+/]{32,512}$/;
/** A Sentry DSN's public key (32 hex digits as Sentry issues them) and project id (digits, the path's last part). */
const SENTRY_KEY_PATTERN = /^[A-Za-z0-9]{16,64}$/;
const SENTRY_PROJECT_PATH = /^(?:\/[A-Za-z0-9._-]+)*\/[0-9]{1,20}$/;
// Deliberately loose: the address is shown, not mailed to; it only has to look like one.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Hosts that are never a public site: this machine, and the names reserved for examples and tests (RFC 2606, 6761). */
const LOCAL_HOST = /^(?:localhost|.*\.localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0|.*\.local|.*\.internal)$/i;
/**
 * The example data wrangler.toml ships with: marked "(Beispieldaten)", on
 * example domains, an example app id, or the example phone number's digits.
 */
const EXAMPLE_DATA =
  /Beispieldaten|Muster(?:mann|frau|stadt|straße)|(?:^|[.@/=])example(?:\.|$)|\.(?:invalid|test)(?:[/:]|$)|(?:^|\D)1234567(?:\D|$)/i;

/**
 * Validates the variables and returns the typed configuration, or throws a
 * `ConfigError` listing every missing or malformed variable at once.
 */
export function readConfig(env: object): SiteConfig {
  // `Env` has no index signature; the checks below treat every value as unknown.
  const vars = env as Record<string, unknown>;
  const problems: string[] = [];

  function text(name: string): string {
    const value = vars[name];
    if (typeof value !== "string" || value.trim() === "") {
      problems.push(`${name} is missing or empty`);
      return "";
    }
    if (value.length > MAX_TEXT_LENGTH) {
      problems.push(`${name} is longer than ${MAX_TEXT_LENGTH} characters`);
    }
    return value.trim();
  }

  function absoluteUrl(name: string, protocols: string[]): URL | undefined {
    const value = text(name);
    if (value === "") return undefined;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      problems.push(`${name} must be an absolute URL, got "${value}"`);
      return undefined;
    }
    if (!protocols.includes(parsed.protocol)) {
      problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(" or ")}, got "${value}"`);
      return undefined;
    }
    return parsed;
  }

  function httpsUrl(name: string): string {
    return absoluteUrl(name, ["https:"])?.href ?? "";
  }

  function origin(name: string): string {
    const parsed = absoluteUrl(name, ["http:", "https:"]);
    if (!parsed) return "";
    if (parsed.pathname !== "/" || parsed.search !== "" || parsed.hash !== "") {
      problems.push(`${name} must be an origin without path, query or hash, got "${parsed.href}"`);
    }
    return parsed.origin;
  }

  function email(name: string): string {
    const value = text(name);
    if (value !== "" && !EMAIL_PATTERN.test(value)) {
      problems.push(`${name} must be an e-mail address, got "${value}"`);
    }
    return value;
  }

  function cookieName(name: string): string {
    const value = text(name);
    if (value !== "" && !COOKIE_NAME_PATTERN.test(value)) {
      problems.push(`${name} must be a cookie name of letters, digits, "_" and "-", got "${value}"`);
    }
    return value;
  }

  function optionalGtmId(name: string): string | null {
    const value = vars[name];
    if (value === undefined || value === "") return null;
    if (typeof value !== "string" || !GTM_ID_PATTERN.test(value.trim())) {
      problems.push(`${name} must look like GTM-XXXXXXX or be empty, got "${String(value)}"`);
      return null;
    }
    return value.trim();
  }

  function optionalSecret(name: string, pattern: RegExp, rule: string): string | null {
    const value = vars[name];
    if (value === undefined || value === "") return null;
    // The value itself is never printed: it is a secret.
    if (typeof value !== "string" || !pattern.test(value)) {
      problems.push(`${name} must be ${rule}, or unset`);
      return null;
    }
    return value;
  }

  function optionalAccessToken(idName: string, secretName: string): AccessServiceToken | null {
    // One of the two without the other is a half-done setup: Access would turn the Worker away from Directus.
    const isSet = (name: string) => vars[name] !== undefined && vars[name] !== "";
    if (isSet(idName) !== isSet(secretName)) {
      problems.push(`${idName} and ${secretName} must be set both, or neither`);
      return null;
    }
    const clientId = optionalSecret(idName, ACCESS_CLIENT_ID_PATTERN, "8 to 128 letters, digits and . _ -");
    const clientSecret = optionalSecret(
      secretName,
      ACCESS_CLIENT_SECRET_PATTERN,
      "at least 32 characters of letters, digits and - . _ ~ + / =",
    );
    return clientId !== null && clientSecret !== null ? { clientId, clientSecret } : null;
  }

  function optionalSentryDsn(name: string): string | null {
    const value = vars[name];
    if (value === undefined || value === "") return null;
    // Named, not printed: whoever holds a DSN can send events to the project.
    const rule = `${name} must be a Sentry DSN (https://<key>@<host>/<project id>), or unset`;
    let parsed: URL;
    try {
      parsed = new URL(String(value).trim());
    } catch {
      problems.push(rule);
      return null;
    }
    const shaped =
      (parsed.protocol === "https:" || parsed.protocol === "http:") &&
      SENTRY_KEY_PATTERN.test(parsed.username) &&
      parsed.password === "" &&
      SENTRY_PROJECT_PATH.test(parsed.pathname) &&
      parsed.search === "" &&
      parsed.hash === "";
    if (!shaped) {
      problems.push(rule);
      return null;
    }
    return parsed.href;
  }

  function environment(name: string): Environment {
    const value = vars[name];
    if (value === undefined || value === "") return "development";
    if (value !== "development" && value !== "production") {
      problems.push(`${name} must be "development" or "production", got "${String(value)}"`);
      return "development";
    }
    return value;
  }

  const config: SiteConfig = {
    environment: environment("ENVIRONMENT"),
    productName: text("PRODUCT_NAME"),
    siteName: text("SITE_NAME"),
    siteUrl: origin("SITE_URL"),
    directusUrl: origin("DIRECTUS_URL"),
    directusAccessToken: optionalAccessToken("DIRECTUS_ACCESS_CLIENT_ID", "DIRECTUS_ACCESS_CLIENT_SECRET"),
    appStoreUrl: httpsUrl("APP_STORE_URL"),
    operator: {
      name: text("OPERATOR_NAME"),
      representative: text("OPERATOR_REPRESENTATIVE"),
      street: text("OPERATOR_STREET"),
      postalCity: text("OPERATOR_POSTAL_CITY"),
      email: email("OPERATOR_EMAIL"),
      phone: text("OPERATOR_PHONE"),
    },
    legalSource: {
      name: text("LEGAL_SOURCE_NAME"),
      url: httpsUrl("LEGAL_SOURCE_URL"),
    },
    consentCookieName: cookieName("CONSENT_COOKIE_NAME"),
    gtmId: optionalGtmId("GTM_ID"),
    syncToken: optionalSecret(
      "SYNC_TOKEN",
      SECRET_PATTERN,
      "at least 32 characters of letters, digits and - . _ ~ + /",
    ),
    formTokenSecret: optionalSecret(
      "FORM_TOKEN_SECRET",
      SECRET_PATTERN,
      "at least 32 characters of letters, digits and - . _ ~ + /",
    ),
    sentryDsn: optionalSentryDsn("SENTRY_DSN"),
  };

  if (config.environment === "production") problems.push(...productionProblems(vars));
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * What production refuses on top of the general rules: a site or Directus
 * on this machine or without https, and the example operator data that the
 * development configuration carries (a real Impressum needs real people).
 */
function productionProblems(vars: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (vars.FORM_TOKEN_SECRET === undefined || vars.FORM_TOKEN_SECRET === "") {
    problems.push("FORM_TOKEN_SECRET is missing: every isolate must make the same form tokens in production");
  }
  for (const name of ["SITE_URL", "DIRECTUS_URL"]) {
    let url: URL;
    try {
      url = new URL(String(vars[name]));
    } catch {
      continue; // already named by the general rules
    }
    if (url.protocol !== "https:") problems.push(`${name} must use https:// in production, got "${url.href}"`);
    if (LOCAL_HOST.test(url.hostname))
      problems.push(`${name} must not be a local address in production, got "${url.href}"`);
  }
  const dsn = vars.SENTRY_DSN;
  if (typeof dsn === "string" && dsn !== "" && URL.canParse(dsn)) {
    // Its host only: the DSN's key is not printed.
    const url = new URL(dsn);
    if (url.protocol !== "https:" || LOCAL_HOST.test(url.hostname) || EXAMPLE_DATA.test(url.host)) {
      problems.push(`SENTRY_DSN must name a real Sentry host over https:// in production, got host "${url.host}"`);
    }
  }
  for (const name of [
    "SITE_URL",
    "DIRECTUS_URL",
    "APP_STORE_URL",
    "OPERATOR_NAME",
    "OPERATOR_REPRESENTATIVE",
    "OPERATOR_STREET",
    "OPERATOR_POSTAL_CITY",
    "OPERATOR_EMAIL",
    "OPERATOR_PHONE",
    "LEGAL_SOURCE_NAME",
    "LEGAL_SOURCE_URL",
  ]) {
    const value = vars[name];
    if (typeof value === "string" && EXAMPLE_DATA.test(value)) {
      problems.push(`${name} still holds example data in production, got "${value}"`);
    }
  }
  return problems;
}
