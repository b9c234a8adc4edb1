/**
 * The visitor's IP address, as Cloudflare saw the connection
 * (`CF-Connecting-IP`, which a client cannot set: Cloudflare overwrites it).
 * Directus' rate limiter and activity log should see this address, not the
 * Worker's, on every request made for a visitor. The header is still parsed
 * as hostile: only a well-formed IPv4 or IPv6 address passes, in the form
 * the URL parser writes it (IPv6 compressed and in lower case).
 */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** What an IPv6 address may be written with before the URL parser reads it: no zone, no brackets, no spaces. */
const IPV6_CHARACTERS = /^[0-9a-fA-F:.]{2,45}$/;

/** `value` as an IP address in canonical form, or undefined if it is none. */
export function parseIpAddress(value: string): string | undefined {
  if (IPV4.test(value)) return value;
  if (!value.includes(":") || !IPV6_CHARACTERS.test(value)) return undefined;
  try {
    const { hostname } = new URL(`http://[${value}]/`);
    return hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/** The address of the visitor behind `request`, or undefined (no Cloudflare in front, as in local development). */
export function visitorAddress(request: Request): string | undefined {
  const header = request.headers.get("cf-connecting-ip");
  return header === null ? undefined : parseIpAddress(header.trim());
}
