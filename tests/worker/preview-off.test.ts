/**
 * The draft preview switched off (no PREVIEW_SECRET, DIRECTUS_PREVIEW_TOKEN
 * and STUDIO_ORIGIN, as in this project): /vorschau/… does not exist, and its
 * answer is as unframable as every page. The preview itself: tests/worker/preview/.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("the draft preview without its configuration", () => {
  it.each([
    "/vorschau/rezept/1",
    "/vorschau/rezept/1?token=0b6c2f8e-3a5b-4d7e-9c01-2b3d4e5f6a99.1795000600.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  ])("answers %s with a 404 nobody may frame, keep or index", async (path) => {
    const response = await exports.default.fetch(
      new Request(`http://localhost:8787${path}`, { headers: { accept: "text/html" } }),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });
});
