import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseIpAddress, visitorAddress } from "../../app/lib/request/visitor-address.ts";
import { URL_ATTACK_PIECES } from "../attacks/url-pieces.ts";

const withHeader = (value: string) => new Request("https://example.org/", { headers: { "cf-connecting-ip": value } });

describe("the visitor's address", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["0.0.0.0", "0.0.0.0"],
    ["255.255.255.255", "255.255.255.255"],
    ["2001:db8::1", "2001:db8::1"],
    ["2001:DB8:0:0:0:0:0:1", "2001:db8::1"],
    ["::1", "::1"],
    ["::ffff:192.0.2.1", "::ffff:c000:201"],
  ])("%s is the address %s", (header, address) => {
    expect(parseIpAddress(header)).toBe(address);
    expect(visitorAddress(withHeader(header))).toBe(address);
  });

  it.each([
    "",
    "256.1.1.1",
    "1.2.3",
    "1.2.3.4.5",
    "01.2.3.4",
    "1.2.3.4, 5.6.7.8",
    "1.2.3.4\r\nx-admin: 1",
    "fe80::1%eth0",
    "[::1]",
    "::1]/evil",
    ":::",
    "1:2:3:4:5:6:7:8:9",
    "evil.invalid",
    "unknown",
    "a".repeat(5000),
  ])("%j is no address", (header) => {
    expect(parseIpAddress(header)).toBeUndefined();
  });

  it("is undefined without Cloudflare's header", () => {
    expect(visitorAddress(new Request("https://example.org/"))).toBeUndefined();
  });

  it("passes on only addresses, each in one form, whatever the header holds", () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const ipv4 = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join("."));
    const hostile = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom(...URL_ATTACK_PIECES),
      fc.ipV6(),
      ipv4,
      fc.tuple(ipv4, fc.constantFrom(",", " ", "%", "/", "]", "\n")).map(([address, tail]) => address + tail),
    );
    fc.assert(
      fc.property(hostile, (value) => {
        const address = parseIpAddress(value);
        if (address === undefined) return;
        // An address, nothing else: an IPv4 dotted quad or what the URL parser accepts as an IPv6 host, and stable.
        expect(address).toMatch(/^[0-9a-f.:]+$/);
        expect(parseIpAddress(address)).toBe(address);
        expect(new URL(`http://${address.includes(":") ? `[${address}]` : address}/`).pathname).toBe("/");
      }),
    );
  });
});
