import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../app/lib/config.server.ts";

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
});
