/**
 * The Worker's configuration, read from `[vars]` in wrangler.toml (or the
 * dashboard in production) and validated in this one place. Everything else
 * receives a typed `SiteConfig` and never reads `env` for settings itself.
 *
 * The rules are valibot schemas, one per variable, each message written here
 * so that the error names the variable and what is wrong with it. Valibot
 * rather than zod: it is made of small functions a bundler drops when
 * unused, so the Worker carries only the rules below (measured: 4 KiB gzip
 * more than the hand-written checks), and `safeParse` reports every broken
 * rule at once.
 */
import * as v from "valibot";
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
   * The static token of Directus' "Website (Status)" user (Worker secret
   * DIRECTUS_STATUS_TOKEN), with which the catalog coordinator writes each
   * recipe's publication status back; null: no write-back.
   */
  directusStatusToken: string | null;
  /**
   * The key of the form tokens (csrf.server.ts; Worker secret
   * FORM_TOKEN_SECRET). Required in production, where every isolate must
   * make the same tokens; null in development: a random key per isolate.
   */
  formTokenSecret: string | null;
  /** The Sentry project errors are reported to (SENTRY_DSN, a Worker secret); null: error tracking is off. */
  sentryDsn: string | null;
  /** The editors' draft preview (decision 0051); null: /vorschau/… answers 404. */
  preview: PreviewConfig | null;
}

/** What the draft preview needs: all three variables are set, or none. */
export interface PreviewConfig {
  /** The key of the preview tokens, shared with Directus' preview-link endpoint (Worker secret PREVIEW_SECRET). */
  secret: string;
  /** The static token of Directus' "Website (Vorschau)" user, which reads drafts (Worker secret DIRECTUS_PREVIEW_TOKEN). */
  directusToken: string;
  /** The Data Studio's origin (STUDIO_ORIGIN): the one page that may frame a preview. */
  studioOrigin: string;
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

// Messages leave out the variable's name: `problemOf` puts it in front, from the issue's path.

/** A message that quotes the value it refuses (never used for secrets). */
const got = (rule: string) => (issue: v.BaseIssue<unknown>) => `${rule}, got "${String(issue.input)}"`;

/** Required text, trimmed; its length is counted as given. */
const text = v.pipe(
  v.string("is missing or empty"),
  v.check((value) => value.trim() !== "", "is missing or empty"),
  v.maxLength(MAX_TEXT_LENGTH, `is longer than ${MAX_TEXT_LENGTH} characters`),
  v.trim(),
);

const absoluteUrl = (protocols: string[]) =>
  v.pipe(
    text,
    v.url(got("must be an absolute URL")),
    v.check(
      (value) => protocols.includes(new URL(value).protocol),
      got(`must start with ${protocols.map((protocol) => `${protocol}//`).join(" or ")}`),
    ),
  );

const httpsUrl = v.pipe(
  absoluteUrl(["https:"]),
  v.transform((value) => new URL(value).href),
);

/** An origin such as "https://example.org"; a trailing slash is dropped. */
const origin = v.pipe(
  absoluteUrl(["http:", "https:"]),
  v.check(
    (value) => {
      const url = new URL(value);
      return url.pathname === "/" && url.search === "" && url.hash === "";
    },
    (issue) => `must be an origin without path, query or hash, got "${new URL(String(issue.input)).href}"`,
  ),
  v.transform((value) => new URL(value).origin),
);

/** An optional secret; its value is never printed, whoever reads the log must not learn it. */
const secret = (pattern: RegExp, rule: string) =>
  v.optional(v.pipe(v.string(`must be ${rule}, or unset`), v.regex(pattern, `must be ${rule}, or unset`)));

const TOKEN_CHARACTERS = "at least 32 characters of letters, digits and - . _ ~ + /";

/** Named, not printed: whoever holds a DSN can send events to the project. */
const SENTRY_DSN_RULE = "must be a Sentry DSN (https://<key>@<host>/<project id>), or unset";
function isSentryDsn(value: string): boolean {
  const url = URL.parse(value);
  return (
    url !== null &&
    (url.protocol === "https:" || url.protocol === "http:") &&
    SENTRY_KEY_PATTERN.test(url.username) &&
    url.password === "" &&
    SENTRY_PROJECT_PATH.test(url.pathname) &&
    url.search === "" &&
    url.hash === ""
  );
}

/**
 * Each variable on its own, in the order the error lists them. A variable's
 * rules build on each other (a URL's protocol is read once it parses), so
 * each variable is named with the first rule it breaks.
 */
const Variables = v.config(
  v.object(
    {
      ENVIRONMENT: v.optional(
        v.picklist(["development", "production"], got('must be "development" or "production"')),
        "development",
      ),
      PRODUCT_NAME: text,
      SITE_NAME: text,
      SITE_URL: origin,
      DIRECTUS_URL: origin,
      DIRECTUS_ACCESS_CLIENT_ID: secret(ACCESS_CLIENT_ID_PATTERN, "8 to 128 letters, digits and . _ -"),
      DIRECTUS_ACCESS_CLIENT_SECRET: secret(
        ACCESS_CLIENT_SECRET_PATTERN,
        "at least 32 characters of letters, digits and - . _ ~ + / =",
      ),
      APP_STORE_URL: httpsUrl,
      OPERATOR_NAME: text,
      OPERATOR_REPRESENTATIVE: text,
      OPERATOR_STREET: text,
      OPERATOR_POSTAL_CITY: text,
      OPERATOR_EMAIL: v.pipe(text, v.regex(EMAIL_PATTERN, got("must be an e-mail address"))),
      OPERATOR_PHONE: text,
      LEGAL_SOURCE_NAME: text,
      LEGAL_SOURCE_URL: httpsUrl,
      CONSENT_COOKIE_NAME: v.pipe(
        text,
        v.regex(COOKIE_NAME_PATTERN, got('must be a cookie name of letters, digits, "_" and "-"')),
      ),
      GTM_ID: v.optional(
        v.pipe(
          v.string(got("must look like GTM-XXXXXXX or be empty")),
          v.check((value) => GTM_ID_PATTERN.test(value.trim()), got("must look like GTM-XXXXXXX or be empty")),
          v.trim(),
        ),
      ),
      SYNC_TOKEN: secret(SECRET_PATTERN, TOKEN_CHARACTERS),
      DIRECTUS_STATUS_TOKEN: secret(SECRET_PATTERN, TOKEN_CHARACTERS),
      FORM_TOKEN_SECRET: secret(SECRET_PATTERN, TOKEN_CHARACTERS),
      PREVIEW_SECRET: secret(SECRET_PATTERN, TOKEN_CHARACTERS),
      DIRECTUS_PREVIEW_TOKEN: secret(SECRET_PATTERN, TOKEN_CHARACTERS),
      STUDIO_ORIGIN: v.optional(origin),
      SENTRY_DSN: v.optional(
        v.pipe(
          v.string(SENTRY_DSN_RULE),
          v.trim(),
          v.check(isSentryDsn, SENTRY_DSN_RULE),
          v.transform((dsn) => new URL(dsn).href),
        ),
      ),
    },
    // A required variable that is not there at all.
    "is missing or empty",
  ),
  { abortPipeEarly: true },
);

type Vars = Record<string, unknown>;
const isSet = (value: unknown) => value !== undefined && value !== "";

/** A rule on one variable's raw value that is checked beside the others; its issue is filed under the variable. */
function rule(name: string, holds: (value: unknown) => boolean, message: (value: unknown) => string) {
  return v.forward<Vars, v.CheckIssue<Vars>, [string]>(
    v.check(
      (vars) => holds(vars[name]),
      (issue) => message(issue.input[name]),
    ),
    [name],
  );
}

// One of the two without the other is a half-done setup: Access would turn the Worker away from Directus.
const accessTokenPair = v.check<Vars, string>(
  (vars) => isSet(vars.DIRECTUS_ACCESS_CLIENT_ID) === isSet(vars.DIRECTUS_ACCESS_CLIENT_SECRET),
  "DIRECTUS_ACCESS_CLIENT_ID and DIRECTUS_ACCESS_CLIENT_SECRET must be set both, or neither",
);

// The preview needs its key, its reader and the one origin that may frame it; a part alone is a half-done setup.
const previewTogether = v.check<Vars, string>(
  (vars) =>
    new Set(["PREVIEW_SECRET", "DIRECTUS_PREVIEW_TOKEN", "STUDIO_ORIGIN"].map((name) => isSet(vars[name]))).size === 1,
  "PREVIEW_SECRET, DIRECTUS_PREVIEW_TOKEN and STUDIO_ORIGIN must be set all three, or none",
);

/** `value` read as a URL, as given; null when it is none (the general rules name it then). */
const urlOf = (value: unknown) => URL.parse(String(value));

/**
 * What production refuses on top of the general rules: a site or Directus
 * on this machine or without https, and the example operator data that the
 * development configuration carries (a real Impressum needs real people).
 */
const productionRules = [
  rule("FORM_TOKEN_SECRET", isSet, () => "is missing: every isolate must make the same form tokens in production"),
  ...["SITE_URL", "DIRECTUS_URL", "STUDIO_ORIGIN"].flatMap((name) => [
    rule(
      name,
      (value) => (urlOf(value)?.protocol ?? "https:") === "https:",
      (value) => `must use https:// in production, got "${urlOf(value)?.href}"`,
    ),
    rule(
      name,
      (value) => !LOCAL_HOST.test(urlOf(value)?.hostname ?? ""),
      (value) => `must not be a local address in production, got "${urlOf(value)?.href}"`,
    ),
  ]),
  // Its host only: the DSN's key is not printed.
  rule(
    "SENTRY_DSN",
    (value) => {
      const url = typeof value === "string" ? URL.parse(value) : null;
      return (
        url === null || (url.protocol === "https:" && !LOCAL_HOST.test(url.hostname) && !EXAMPLE_DATA.test(url.host))
      );
    },
    (value) => `must name a real Sentry host over https:// in production, got host "${urlOf(value)?.host}"`,
  ),
  ...[
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
  ].map((name) =>
    rule(
      name,
      (value) => typeof value !== "string" || !EXAMPLE_DATA.test(value),
      (value) => `still holds example data in production, got "${value}"`,
    ),
  ),
];

/** "SITE_URL must …": the variable's name from the issue's path, then its message. */
function problemOf(issue: v.BaseIssue<unknown>): string {
  const name = issue.path?.[0]?.key;
  return name === undefined ? issue.message : `${String(name)} ${issue.message}`;
}

/**
 * Validates the variables and returns the typed configuration, or throws a
 * `ConfigError` listing every missing or malformed variable at once.
 */
export function readConfig(env: object): SiteConfig {
  // `Env` has no index signature; the rules treat every value as unknown.
  const vars = env as Vars;
  // An empty variable is an unset one (wrangler.toml writes `GTM_ID = ""`); the raw rules see it as given.
  const given = Object.fromEntries(Object.entries(vars).filter(([, value]) => value !== ""));
  const variables = v.safeParse(Variables, given);
  const together = v.safeParse(
    v.pipe(
      v.looseObject({}),
      accessTokenPair,
      previewTogether,
      ...(vars.ENVIRONMENT === "production" ? productionRules : []),
    ),
    vars,
  );
  const problems = [...(variables.issues ?? []), ...(together.issues ?? [])].map(problemOf);
  if (!variables.success || problems.length > 0) throw new ConfigError(problems);

  const out = variables.output;
  return {
    environment: out.ENVIRONMENT,
    productName: out.PRODUCT_NAME,
    siteName: out.SITE_NAME,
    siteUrl: out.SITE_URL,
    directusUrl: out.DIRECTUS_URL,
    directusAccessToken:
      out.DIRECTUS_ACCESS_CLIENT_ID && out.DIRECTUS_ACCESS_CLIENT_SECRET
        ? { clientId: out.DIRECTUS_ACCESS_CLIENT_ID, clientSecret: out.DIRECTUS_ACCESS_CLIENT_SECRET }
        : null,
    appStoreUrl: out.APP_STORE_URL,
    operator: {
      name: out.OPERATOR_NAME,
      representative: out.OPERATOR_REPRESENTATIVE,
      street: out.OPERATOR_STREET,
      postalCity: out.OPERATOR_POSTAL_CITY,
      email: out.OPERATOR_EMAIL,
      phone: out.OPERATOR_PHONE,
    },
    legalSource: { name: out.LEGAL_SOURCE_NAME, url: out.LEGAL_SOURCE_URL },
    consentCookieName: out.CONSENT_COOKIE_NAME,
    gtmId: out.GTM_ID ?? null,
    syncToken: out.SYNC_TOKEN ?? null,
    directusStatusToken: out.DIRECTUS_STATUS_TOKEN ?? null,
    formTokenSecret: out.FORM_TOKEN_SECRET ?? null,
    sentryDsn: out.SENTRY_DSN ?? null,
    preview:
      out.PREVIEW_SECRET && out.DIRECTUS_PREVIEW_TOKEN && out.STUDIO_ORIGIN
        ? { secret: out.PREVIEW_SECRET, directusToken: out.DIRECTUS_PREVIEW_TOKEN, studioOrigin: out.STUDIO_ORIGIN }
        : null,
  };
}
