import { describe, expect, it } from "vitest";
import { directusUrl, TEST_SITE } from "./directus-clients.ts";

/**
 * A minimal browser for the SSO dance: follows redirects by hand and keeps
 * cookies per host, so every hop (Directus → stand-in → Directus → site) is
 * visible to the test.
 */
class Browser {
  readonly cookies = new Map<string, Map<string, string>>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    this.cookies.set(host, jar);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const split = pair.indexOf("=");
      jar.set(pair.slice(0, split), pair.slice(split + 1));
    }
    return response;
  }

  /** Follows redirects until a page answers or the next hop would leave for `stopAt`. */
  async follow(start: Response, from: string, stopAt: string): Promise<{ response: Response; url: string }> {
    let response = start;
    let url = from;
    for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop++) {
      url = new URL(response.headers.get("location") ?? "", url).href;
      if (url.startsWith(stopAt)) return { response, url };
      response = await this.fetch(url);
    }
    return { response, url };
  }
}

async function signIn(email: string): Promise<{ browser: Browser; landedAt: string }> {
  const browser = new Browser();
  const start = `${directusUrl()}/auth/login/google?redirect=${encodeURIComponent(`${TEST_SITE}/`)}`;
  const toForm = await browser.follow(await browser.fetch(start), start, TEST_SITE);
  expect(toForm.url).toMatch(/\/interaction\//);
  const page = await toForm.response.text();
  expect(page).toContain('name="email"');
  expect(page).toContain('type="submit"');
  const action = new URL(page.match(/action="([^"]+)"/)?.[1] ?? "", toForm.url).href;

  const submitted = await browser.fetch(action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email }).toString(),
  });
  const back = await browser.follow(submitted, action, TEST_SITE);
  return { browser, landedAt: back.url };
}

async function me(browser: Browser): Promise<{ status: number; data?: { id: string; email: string } }> {
  const response = await browser.fetch(`${directusUrl()}/users/me?fields=id,email`);
  return { status: response.status, data: response.ok ? (await response.json()).data : undefined };
}

describe("Google sign-in through the local stand-in", () => {
  it("signs a new visitor in and sends them back to the site with a session cookie", async () => {
    const email = `erika-${Date.now()}@example.org`;
    const { browser, landedAt } = await signIn(email);
    expect(landedAt).toBe(`${TEST_SITE}/`);
    expect(browser.cookies.get(new URL(directusUrl()).host)?.has("directus_session_token")).toBe(true);
    const user = await me(browser);
    expect(user.status).toBe(200);
    expect(user.data?.email).toBe(email);
  });

  it("finds the same user again on a second sign-in, and a different one for another address", async () => {
    const email = `max-${Date.now()}@example.org`;
    const first = await me((await signIn(email)).browser);
    const second = await me((await signIn(email)).browser);
    const other = await me((await signIn(`other-${email}`)).browser);
    expect(second.data?.id).toBe(first.data?.id);
    expect(other.data?.id).not.toBe(first.data?.id);
  });

  it("shows the form again for an invalid address", async () => {
    const browser = new Browser();
    const start = `${directusUrl()}/auth/login/google?redirect=${encodeURIComponent(`${TEST_SITE}/`)}`;
    const toForm = await browser.follow(await browser.fetch(start), start, TEST_SITE);
    const action = new URL((await toForm.response.text()).match(/action="([^"]+)"/)?.[1] ?? "", toForm.url).href;
    const response = await browser.fetch(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=keine-adresse",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Bitte gib eine gültige E-Mail-Adresse ein.");
  });

  it("refuses to send anyone to a site outside the allow list", async () => {
    const response = await fetch(
      `${directusUrl()}/auth/login/google?redirect=${encodeURIComponent("https://evil.example/")}`,
      { redirect: "manual" },
    );
    expect(response.status).toBe(400);
  });
});
