import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../app/lib/site/config.server.ts";

const valid = {
  PRODUCT_NAME: "Was koche ich",
  SITE_NAME: "Was koche ich jetzt",
  SITE_URL: "https://www.example.org",
  DIRECTUS_URL: "http://127.0.0.1:8056",
  APP_STORE_URL: "https://play.google.com/store/apps/details?id=org.example",
  OPERATOR_NAME: "Beispiel GmbH",
  OPERATOR_REPRESENTATIVE: "Erika Mustermann",
  OPERATOR_STREET: "Musterstraße 1",
  OPERATOR_POSTAL_CITY: "12345 Musterstadt",
  OPERATOR_EMAIL: "kontakt@example.org",
  OPERATOR_PHONE: "+49 30 1234567",
  LEGAL_SOURCE_NAME: "Rechtstexte",
  LEGAL_SOURCE_URL: "https://example.org/rechtstexte",
  CONSENT_COOKIE_NAME: "wkij_einwilligung",
  GTM_ID: "",
  CATALOG: {},
};

function problemsOf(vars: object): string[] {
  try {
    readConfig(vars);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("readConfig accepted the variables");
}

describe("readConfig", () => {
  it("returns the typed configuration for valid variables", () => {
    const config = readConfig(valid);
    expect(config.productName).toBe("Was koche ich");
    expect(config.siteName).toBe("Was koche ich jetzt");
    expect(config.siteUrl).toBe("https://www.example.org");
    expect(config.directusUrl).toBe("http://127.0.0.1:8056");
    expect(config.operator.postalCity).toBe("12345 Musterstadt");
    expect(config.legalSource).toEqual({ name: "Rechtstexte", url: "https://example.org/rechtstexte" });
  });

  it("trims values and reduces SITE_URL to its origin", () => {
    const config = readConfig({ ...valid, SITE_NAME: "  Was koche ich jetzt ", SITE_URL: "https://example.org/" });
    expect(config.siteName).toBe("Was koche ich jetzt");
    expect(config.siteUrl).toBe("https://example.org");
  });

  it.each([
    "PRODUCT_NAME",
    "SITE_NAME",
    "SITE_URL",
    "DIRECTUS_URL",
    "APP_STORE_URL",
    "OPERATOR_EMAIL",
    "LEGAL_SOURCE_URL",
    "CONSENT_COOKIE_NAME",
  ])("names %s when it is missing", (name) => {
    const { [name]: _removed, ...rest } = valid as Record<string, unknown>;
    expect(problemsOf(rest)).toEqual([`${name} is missing or empty`]);
  });

  it("refuses blank and non-string values", () => {
    expect(problemsOf({ ...valid, PRODUCT_NAME: "   " })).toEqual(["PRODUCT_NAME is missing or empty"]);
    expect(problemsOf({ ...valid, SITE_NAME: 42 })).toEqual(["SITE_NAME is missing or empty"]);
  });

  it("refuses malformed URLs and e-mail addresses with the value in the message", () => {
    expect(problemsOf({ ...valid, APP_STORE_URL: "not a url" })).toEqual([
      'APP_STORE_URL must be an absolute URL, got "not a url"',
    ]);
    expect(problemsOf({ ...valid, APP_STORE_URL: "http://play.google.com/store" })).toEqual([
      'APP_STORE_URL must start with https://, got "http://play.google.com/store"',
    ]);
    expect(problemsOf({ ...valid, SITE_URL: "ftp://example.org" })).toEqual([
      'SITE_URL must start with http:// or https://, got "ftp://example.org"',
    ]);
    expect(problemsOf({ ...valid, SITE_URL: "https://example.org/rezepte" })).toEqual([
      'SITE_URL must be an origin without path, query or hash, got "https://example.org/rezepte"',
    ]);
    expect(problemsOf({ ...valid, OPERATOR_EMAIL: "kontakt" })).toEqual([
      'OPERATOR_EMAIL must be an e-mail address, got "kontakt"',
    ]);
  });

  it("lists every problem at once, and the error message names each variable", () => {
    const vars = { ...valid, PRODUCT_NAME: "", OPERATOR_PHONE: undefined, SITE_NAME: "x".repeat(201) };
    expect(() => readConfig(vars)).toThrowError(/PRODUCT_NAME is missing or empty/);
    expect(problemsOf(vars)).toEqual([
      "PRODUCT_NAME is missing or empty",
      "SITE_NAME is longer than 200 characters",
      "OPERATOR_PHONE is missing or empty",
    ]);
  });

  it("refuses a consent cookie name that is no cookie name", () => {
    expect(problemsOf({ ...valid, CONSENT_COOKIE_NAME: "my cookie;" })).toEqual([
      'CONSENT_COOKIE_NAME must be a cookie name of letters, digits, "_" and "-", got "my cookie;"',
    ]);
  });

  it("takes GTM_ID as optional: empty means no tag manager, anything else must look like a container id", () => {
    expect(readConfig(valid).gtmId).toBeNull();
    expect(readConfig({ ...valid, GTM_ID: undefined }).gtmId).toBeNull();
    expect(readConfig({ ...valid, GTM_ID: "GTM-XXXXXXX" }).gtmId).toBe("GTM-XXXXXXX");
    expect(problemsOf({ ...valid, GTM_ID: "UA-12345" })).toEqual([
      'GTM_ID must look like GTM-XXXXXXX or be empty, got "UA-12345"',
    ]);
  });

  describe("the Access service token for Directus", () => {
    const ID = "0123456789abcdef0123456789abcdef.access";
    const SECRET = "0123456789abcdef".repeat(4);

    it("is both variables, or none", () => {
      expect(readConfig(valid).directusAccessToken).toBeNull();
      expect(
        readConfig({ ...valid, DIRECTUS_ACCESS_CLIENT_ID: ID, DIRECTUS_ACCESS_CLIENT_SECRET: SECRET })
          .directusAccessToken,
      ).toEqual({ clientId: ID, clientSecret: SECRET });
    });

    it.each([
      ["only the id", { DIRECTUS_ACCESS_CLIENT_ID: ID }],
      ["only the secret", { DIRECTUS_ACCESS_CLIENT_SECRET: SECRET }],
      ["the id and an empty secret", { DIRECTUS_ACCESS_CLIENT_ID: ID, DIRECTUS_ACCESS_CLIENT_SECRET: "" }],
    ])("refuses %s: Access would turn the Worker away", (_name, vars) => {
      expect(problemsOf({ ...valid, ...vars })).toEqual([
        "DIRECTUS_ACCESS_CLIENT_ID and DIRECTUS_ACCESS_CLIENT_SECRET must be set both, or neither",
      ]);
    });

    it.each([
      ["a secret too short to be one", ID, "abc123"],
      ["a line break, which would split the header", ID, `${SECRET}\r\nx-evil: 1`],
      ["a space in the id", "0123 4567.access", SECRET],
      ["an id too long", "a".repeat(129), SECRET],
    ])("refuses %s, without printing the secret", (_name, clientId, clientSecret) => {
      const problems = problemsOf({
        ...valid,
        DIRECTUS_ACCESS_CLIENT_ID: clientId,
        DIRECTUS_ACCESS_CLIENT_SECRET: clientSecret,
      });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^DIRECTUS_ACCESS_CLIENT_(?:ID|SECRET) must be /);
      expect(problems.join()).not.toContain(clientSecret);
    });
  });
});

describe("DIRECTUS_STATUS_TOKEN", () => {
  it("is optional: unset or empty, the coordinator writes no publication statuses back", () => {
    expect(readConfig(valid).directusStatusToken).toBeNull();
    expect(readConfig({ ...valid, DIRECTUS_STATUS_TOKEN: "" }).directusStatusToken).toBeNull();
  });

  it("takes a token long enough not to be guessed, and refuses a short one without printing it", () => {
    const token = "f".repeat(64);
    expect(readConfig({ ...valid, DIRECTUS_STATUS_TOKEN: token }).directusStatusToken).toBe(token);
    const problems = problemsOf({ ...valid, DIRECTUS_STATUS_TOKEN: "kurz-und-geheim" });
    expect(problems).toEqual([expect.stringMatching(/^DIRECTUS_STATUS_TOKEN must be at least 32 characters/)]);
    expect(problems.join()).not.toContain("kurz-und-geheim");
  });
});

describe("SENTRY_DSN", () => {
  const KEY = "0123456789abcdef0123456789abcdef";

  it("is optional: unset or empty, error tracking is off", () => {
    expect(readConfig(valid).sentryDsn).toBeNull();
    expect(readConfig({ ...valid, SENTRY_DSN: "" }).sentryDsn).toBeNull();
  });

  it.each([
    ["Sentry's cloud", `https://${KEY}@o450001.ingest.de.sentry.io/4508482780987481`],
    ["a self-hosted Sentry under a path", `https://${KEY}@sentry.kochfreunde.de/sentry/7`],
    ["a local stand-in, in development", `http://${KEY}@127.0.0.1:9000/1`],
  ])("takes %s", (_, dsn) => {
    expect(readConfig({ ...valid, SENTRY_DSN: dsn }).sentryDsn).toBe(dsn);
  });

  it.each([
    ["no URL", "sentry please"],
    ["another scheme", `ftp://${KEY}@o1.ingest.sentry.io/1`],
    ["no public key", "https://o1.ingest.sentry.io/1"],
    ["a key too short to be one", "https://abc@o1.ingest.sentry.io/1"],
    ["a legacy secret key beside it", `https://${KEY}:${KEY}@o1.ingest.sentry.io/1`],
    ["no project id", `https://${KEY}@o1.ingest.sentry.io/`],
    ["a project name instead of its id", `https://${KEY}@o1.ingest.sentry.io/rezepte`],
    ["a query", `https://${KEY}@o1.ingest.sentry.io/1?debug=1`],
    ["a hash", `https://${KEY}@o1.ingest.sentry.io/1#x`],
  ])("refuses %s, naming the variable but not its key", (_, dsn) => {
    const problems = problemsOf({ ...valid, SENTRY_DSN: dsn });
    expect(problems).toEqual(["SENTRY_DSN must be a Sentry DSN (https://<key>@<host>/<project id>), or unset"]);
    expect(problems.join()).not.toContain(KEY);
  });
});

describe("readConfig in production", () => {
  const production = {
    ...valid,
    ENVIRONMENT: "production",
    SITE_URL: "https://www.waskocheichjetzt.de",
    DIRECTUS_URL: "https://cms.waskocheichjetzt.de",
    APP_STORE_URL: "https://play.google.com/store/apps/details?id=de.waskocheichjetzt.app",
    OPERATOR_NAME: "Kochfreunde Hamburg GmbH",
    OPERATOR_REPRESENTATIVE: "Jana Körting",
    OPERATOR_STREET: "Elbchaussee 12",
    OPERATOR_POSTAL_CITY: "22765 Hamburg",
    OPERATOR_EMAIL: "kontakt@waskocheichjetzt.de",
    OPERATOR_PHONE: "+49 40 5550123",
    LEGAL_SOURCE_NAME: "Rechtstexte-Generator",
    LEGAL_SOURCE_URL: "https://www.rechtstexte-generator.de/",
    FORM_TOKEN_SECRET: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
  };

  it("accepts a real site", () => {
    expect(readConfig(production).environment).toBe("production");
    expect(readConfig(production).formTokenSecret).toBe(production.FORM_TOKEN_SECRET);
  });

  it.each([
    ["unset", undefined, "FORM_TOKEN_SECRET is missing"],
    ["empty", "", "FORM_TOKEN_SECRET is missing"],
    ["too short to be secret", "0123456789abcdef", "FORM_TOKEN_SECRET must be"],
    ["with a space", `${"a".repeat(40)} b`, "FORM_TOKEN_SECRET must be"],
    ["not a string", 42, "FORM_TOKEN_SECRET must be"],
  ])("refuses a FORM_TOKEN_SECRET that is %s: every isolate must make the same form tokens", (_, value, reason) => {
    const problems = problemsOf({ ...production, FORM_TOKEN_SECRET: value });
    expect(problems.some((problem) => problem.startsWith(reason))).toBe(true);
    // The value is a secret: it never appears in the message.
    if (typeof value === "string" && value.length > 0) expect(problems.join("\n")).not.toContain(value);
  });

  it("lets development go without FORM_TOKEN_SECRET (a random key per isolate)", () => {
    expect(readConfig(valid).formTokenSecret).toBeNull();
  });

  it("is development unless told otherwise", () => {
    expect(readConfig(valid).environment).toBe("development");
  });

  it("names an unknown environment", () => {
    expect(problemsOf({ ...valid, ENVIRONMENT: "prod" })).toEqual([
      'ENVIRONMENT must be "development" or "production", got "prod"',
    ]);
  });

  it.each([
    ["SITE_URL", "http://www.waskocheichjetzt.de", "must use https://"],
    ["SITE_URL", "https://localhost:8787", "must not be a local address"],
    ["DIRECTUS_URL", "http://127.0.0.1:8056", "must use https://"],
    ["DIRECTUS_URL", "https://127.0.0.1:8056", "must not be a local address"],
    ["DIRECTUS_URL", "https://[::1]:8056", "must not be a local address"],
    ["DIRECTUS_URL", "https://directus.internal", "must not be a local address"],
    ["DIRECTUS_URL", "https://cms.localhost", "must not be a local address"],
    ["OPERATOR_NAME", "Beispiel Küchen GmbH (Beispieldaten)", "example data"],
    ["OPERATOR_REPRESENTATIVE", "Erika Mustermann", "example data"],
    ["OPERATOR_STREET", "Musterstraße 1", "example data"],
    ["OPERATOR_POSTAL_CITY", "12345 Musterstadt", "example data"],
    ["OPERATOR_EMAIL", "kontakt@example.org", "example data"],
    ["OPERATOR_PHONE", "+49 30 1234567", "example data"],
    ["LEGAL_SOURCE_URL", "https://example.org/rechtstexte", "example data"],
    ["APP_STORE_URL", "https://play.google.com/store/apps/details?id=org.example.waskocheich", "example data"],
    ["SITE_URL", "https://www.example.com", "example data"],
  ])("refuses %s = %s", (name, value, reason) => {
    const problems = problemsOf({ ...production, [name]: value });
    expect(problems.some((problem) => problem.startsWith(name) && problem.includes(reason))).toBe(true);
  });

  it.each([
    ["plain http", "http://0123456789abcdef0123456789abcdef@o1.ingest.sentry.io/1"],
    ["a local address", "https://0123456789abcdef0123456789abcdef@localhost:9000/1"],
    ["an example host", "https://0123456789abcdef0123456789abcdef@sentry.example.org/1"],
    ["a test host", "https://0123456789abcdef0123456789abcdef@sentry.stand-in.test/1"],
  ])("refuses a SENTRY_DSN with %s, naming its host only", (_, dsn) => {
    const problems = problemsOf({ ...production, SENTRY_DSN: dsn });
    expect(problems).toEqual([
      expect.stringMatching(/^SENTRY_DSN must name a real Sentry host over https:\/\/ in production/),
    ]);
    expect(problems.join()).not.toContain("0123456789abcdef0123456789abcdef");
  });

  it("accepts Sentry's cloud as the tracker", () => {
    const dsn = "https://0123456789abcdef0123456789abcdef@o450001.ingest.de.sentry.io/4508482780987481";
    expect(readConfig({ ...production, SENTRY_DSN: dsn }).sentryDsn).toBe(dsn);
  });

  it("lets development keep local addresses and the example data", () => {
    expect(() => readConfig({ ...valid, SITE_URL: "http://localhost:8787" })).not.toThrow();
  });
});

describe("wrangler.toml's production environment", () => {
  it("refuses to start until every placeholder and all example data are replaced", async () => {
    const { unstable_readConfig } = await import("wrangler");
    const production = unstable_readConfig({ config: "wrangler.toml", env: "production" });
    const problems = problemsOf({ ...production.vars, CATALOG: {} });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^SITE_URL must be an absolute URL/),
        expect.stringMatching(/^DIRECTUS_URL must be an absolute URL/),
        expect.stringMatching(/^OPERATOR_NAME still holds example data/),
        expect.stringMatching(/^APP_STORE_URL still holds example data/),
        expect.stringMatching(/^LEGAL_SOURCE_URL still holds example data/),
        expect.stringMatching(/^FORM_TOKEN_SECRET is missing/),
      ]),
    );
    expect(production.vars.ENVIRONMENT).toBe("production");
    expect(production.kv_namespaces.map((namespace: { binding: string }) => namespace.binding)).toEqual(["CATALOG"]);
    expect(production.triggers.crons).toEqual(["*/15 * * * *"]);
    expect(production.observability?.enabled).toBe(true);
  });
});

describe("the draft preview (decision 0051)", () => {
  const PREVIEW = {
    PREVIEW_SECRET: "p".repeat(64),
    DIRECTUS_PREVIEW_TOKEN: "t".repeat(64),
    STUDIO_ORIGIN: "https://cms.example.org/",
  };

  it("is off without its variables, on with all three", () => {
    expect(readConfig(valid).preview).toBeNull();
    expect(readConfig({ ...valid, ...PREVIEW }).preview).toEqual({
      secret: PREVIEW.PREVIEW_SECRET,
      directusToken: PREVIEW.DIRECTUS_PREVIEW_TOKEN,
      studioOrigin: "https://cms.example.org",
    });
  });

  it.each(Object.keys(PREVIEW))("refuses the other two without %s", (name) => {
    expect(problemsOf({ ...valid, ...PREVIEW, [name]: "" })).toEqual([
      "PREVIEW_SECRET, DIRECTUS_PREVIEW_TOKEN and STUDIO_ORIGIN must be set all three, or none",
    ]);
  });

  it("refuses a secret too short, without printing it, and a Studio address with a path", () => {
    const problems = problemsOf({
      ...valid,
      ...PREVIEW,
      PREVIEW_SECRET: "kurz",
      STUDIO_ORIGIN: "https://cms.example.org/admin",
    });
    expect(problems).toEqual([
      expect.stringMatching(/^PREVIEW_SECRET must be at least 32 characters/),
      expect.stringMatching(/^STUDIO_ORIGIN must be an origin without path/),
    ]);
    expect(problems.join()).not.toContain("kurz");
  });

  it("wants the Data Studio on https and not on this machine in production", () => {
    const production = {
      ...valid,
      ENVIRONMENT: "production",
      FORM_TOKEN_SECRET: "f".repeat(64),
      ...PREVIEW,
      STUDIO_ORIGIN: "http://127.0.0.1:8055",
    };
    expect(problemsOf(production)).toEqual(
      expect.arrayContaining([
        'STUDIO_ORIGIN must use https:// in production, got "http://127.0.0.1:8055/"',
        'STUDIO_ORIGIN must not be a local address in production, got "http://127.0.0.1:8055/"',
      ]),
    );
  });
});
