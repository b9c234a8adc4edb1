import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const ORIGIN = "http://localhost:8787";

/** What the deploy pipeline's checks ask, and answers that never reach a page: a refusal, a redirect, a bad method. */
const REQUESTS: { path: string; init?: RequestInit; status: number }[] = [
  { path: "/", status: 200 },
  { path: "/zutatensuche", status: 200 },
  { path: "/healthz", status: 503 },
  { path: "/rezepte/gibt-es-nicht", status: 302 },
  { path: "/directus/server/info", status: 404 },
  { path: "/", init: { method: "PUT" }, status: 405 },
  {
    path: "/einwilligung",
    init: { method: "POST", headers: { origin: "https://elsewhere.example" } },
    status: 403,
  },
];

describe("Worker-Version", () => {
  it("is a version id in this runtime", () => {
    expect(env.CF_VERSION_METADATA.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(REQUESTS)("names the version on $path ($status)", async ({ path, init, status }) => {
    const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
    expect(response.status).toBe(status);
    expect(response.headers.get("worker-version")).toBe(env.CF_VERSION_METADATA.id);
  });
});
