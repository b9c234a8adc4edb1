/**
 * How the Worker reaches Directus: its origin, and the headers every request
 * there carries. In production Directus' hostname sits behind Cloudflare
 * Access, and those headers are an Access service token: Access lets the
 * Worker through and turns everyone else away at Cloudflare's edge, so
 * nobody reaches Directus' API or login form past the /directus allow-list
 * (docs/operations.md, 1.2). Without a token the headers are none, as on
 * this machine.
 */

/** An Access service token (Zero Trust, Access, Service credentials). */
export interface AccessServiceToken {
  clientId: string;
  clientSecret: string;
}

export interface DirectusOrigin {
  /** Directus' origin, without a trailing slash. */
  url: string;
  /** What every request to Directus carries: the Access service token, if there is one. */
  headers: Readonly<Record<string, string>>;
}

export function directusOrigin(url: string, accessToken: AccessServiceToken | null): DirectusOrigin {
  return {
    url,
    headers: accessToken
      ? { "cf-access-client-id": accessToken.clientId, "cf-access-client-secret": accessToken.clientSecret }
      : {},
  };
}
