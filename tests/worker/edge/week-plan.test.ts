/**
 * The week plan's page and posts in the built Worker (decision 0070): private
 * on every answer, never in the edge cache, not indexed, not in robots.txt's
 * allowed paths; a public page the same whatever plan a browser keeps; the
 * proposal's post handed to a device through the fragment; hostile posts
 * answered with a 4xx, nothing stored without the form token.
 */
import { exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { STAND_IN_FULL_VISITOR } from "../../stand-ins/directus-stand-in-contract.ts";
import { publishRecipes, recipe } from "../catalog-fixture.ts";
import { clearUpstream, ORIGIN, send, upstreamSeen } from "./upstream.ts";

const COOKIE = `directus_session_token=${STAND_IN_FULL_VISITOR.token}; wkij_csrf=${"C".repeat(43)}`;
const FORM = "application/x-www-form-urlencoded";

function post(body: string, cookie?: string): Promise<Response> {
  return send("/wochenplan", {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": FORM, ...(cookie ? { cookie } : {}) },
    body,
  });
}

beforeAll(async () => {
  await publishRecipes([recipe({ id: 41, slug: "linsen-dal", name: "Linsen-Dal", type: "DISH" })]);
});

describe("the page", () => {
  it.each([
    ["anonymous", undefined],
    ["signed in", COOKIE],
  ])("is private, kept by no cache and not indexed (%s)", async (_who, cookie) => {
    for (let round = 0; round < 2; round += 1) {
      const response = await send("/wochenplan", { headers: cookie ? { cookie } : {} });
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      expect(response.headers.get("cache-status")).toMatch(/^wkij; fwd=bypass; detail=(?:private-anonymous|personal)/);
      const html = await response.text();
      expect(html).toContain("<title>Wochenplan - Was koche ich jetzt</title>");
      expect(html).toMatch(/<meta name="robots" content="noindex"/);
      expect(html).toContain('href="/wochenplan/vorschlag"');
    }
    const data = await send("/wochenplan.data", { headers: cookie ? { cookie } : {} });
    expect(data.headers.get("cache-control")).toBe("private, no-store");
    await data.arrayBuffer();
  });

  it("is disallowed in robots.txt and absent from the sitemap", async () => {
    expect(await (await send("/robots.txt")).text()).toContain("Disallow: /wochenplan");
    const index = await (await send("/sitemap.xml")).text();
    expect(index).not.toContain("wochenplan");
  });
});

describe("a public page", () => {
  it("is the same whatever plan a browser keeps", async () => {
    const path = "/rezepte/linsen-dal";
    const hit = async (init: RequestInit = {}) => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, init));
        const html = await response.text();
        if (response.headers.get("cache-status") === "wkij; hit") return { html, etag: response.headers.get("etag") };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`${path} never came from the cache`);
    };
    const plan = JSON.stringify({ version: 1, entries: [{ day: 0, recipe: "linsen-dal", servings: 4 }] });
    const plain = await hit();
    // A plan never travels in a request; if a cookie held one anyway, the page would not change.
    const withPlan = await hit({ headers: { cookie: `wkij-wochenplan=${encodeURIComponent(plan)}` } });
    const withoutNonces = (html: string) => html.replace(/\snonce="[^"]*"/g, "");
    expect(withoutNonces(withPlan.html)).toBe(withoutNonces(plain.html));
    expect(withPlan.etag).toBe(plain.etag);
    expect(plain.html).toContain("Zum Wochenplan");
  });
});

describe("posts", () => {
  it("hands a proposal to a device without an account through the fragment, which no server sees", async () => {
    const response = await post("aktion=vorschlag-uebernehmen&eintrag=0%7Clinsen-dal%7C4&eintrag=6%7Cgazpacho%7C2");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/wochenplan#uebernehmen=0|linsen-dal|4,6|gazpacho|2");
  });

  it("tells a visitor without an account and without JavaScript that the plan needs one", async () => {
    const response = await post(
      "aktion=hinzufuegen&rezept=linsen-dal&tag=2&portionen=4&redirect=%2Frezepte%2Flinsen-dal",
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/rezepte/linsen-dal");
    expect(response.headers.get("set-cookie")).toContain("wochenplan-ohne-konto");
  });

  it("stores nothing in an account without the form token", async () => {
    await clearUpstream();
    const response = await post("aktion=hinzufuegen&rezept=linsen-dal&tag=2&portionen=4", COOKIE);
    expect(response.status).toBe(303);
    expect(response.headers.get("set-cookie")).toContain("formular-abgelaufen");
    expect((await upstreamSeen()).filter((seen) => seen.url.includes("week_plans"))).toEqual([]);
  });

  it("answers any other body with a 4xx and never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.constantFrom("aktion", "eintrag", "tag", "rezept", "portionen", "nach", "vorrat"),
            fc.oneof(
              fc.constantFrom("vorschlag-uebernehmen", "ansehen", "0|a|2", "9|a|2"),
              fc.string({ maxLength: 40 }),
            ),
          ),
          { maxLength: 8 },
        ),
        async (fields) => {
          const body = new URLSearchParams(fields).toString();
          const response = await post(body);
          await response.arrayBuffer();
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
