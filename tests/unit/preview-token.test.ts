/**
 * The preview token (app/lib/preview/preview-token.ts, decision 0051): what
 * Directus' endpoint makes for an editor opens that one recipe for ten
 * minutes, and nothing else opens anything.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkPreviewToken,
  makePreviewToken,
  PREVIEW_TOKEN_SECONDS,
  previewKey,
  recipeIdFrom,
} from "../../app/lib/preview/preview-token.ts";
import { toBase64url } from "../../app/lib/request/base64url.ts";

const SECRET = "a".repeat(64);
const EDITOR = "0b6c2f8e-3a5b-4d7e-9c01-2b3d4e5f6a99";
const NOW = 1_795_000_000;
const key = await previewKey(SECRET);
const good = await makePreviewToken(key, 42, EDITOR, NOW);
const otherKey = await previewKey("b".repeat(64));

describe("a token Directus made", () => {
  it("opens its recipe for ten minutes and names the editor", async () => {
    expect(await checkPreviewToken(key, 42, good, NOW)).toEqual({
      ok: true,
      editor: EDITOR,
      expiresAt: NOW + PREVIEW_TOKEN_SECONDS,
    });
    expect((await checkPreviewToken(key, 42, good, NOW + PREVIEW_TOKEN_SECONDS - 1)).ok).toBe(true);
  });

  it("is URL-safe as it is: editor id, expiry and a base64url MAC", () => {
    expect(good).toMatch(/^[0-9a-f-]{36}\.\d{10}\.[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(good)).toBe(good);
  });

  it("writes an editor id in upper case as Directus' lower case", async () => {
    const token = await makePreviewToken(key, 42, EDITOR.toUpperCase(), NOW);
    expect(await checkPreviewToken(key, 42, token, NOW)).toMatchObject({ ok: true, editor: EDITOR });
  });

  it("is not made for what is not a user or a recipe", async () => {
    await expect(makePreviewToken(key, 42, "admin", NOW)).rejects.toThrow(/preview-token:/);
    await expect(makePreviewToken(key, 0, EDITOR, NOW)).rejects.toThrow(/preview-token:/);
    await expect(makePreviewToken(key, 1.5, EDITOR, NOW)).rejects.toThrow(/preview-token:/);
  });
});

describe("refusals", () => {
  const [editor, expiry, mac] = good.split(".") as [string, string, string];
  const cases: [string, () => Promise<unknown>, string][] = [
    ["no token", () => checkPreviewToken(key, 42, null, NOW), "missing"],
    ["an empty token", () => checkPreviewToken(key, 42, "", NOW), "missing"],
    ["garbage", () => checkPreviewToken(key, 42, "hallo", NOW), "malformed"],
    ["a part missing", () => checkPreviewToken(key, 42, `${editor}.${mac}`, NOW), "malformed"],
    [
      "an editor that is no user id",
      () => checkPreviewToken(key, 42, `${"-".repeat(36)}.${expiry}.${mac}`, NOW),
      "malformed",
    ],
    ["a MAC cut short", () => checkPreviewToken(key, 42, `${editor}.${expiry}.${mac.slice(1)}`, NOW), "malformed"],
    ["padding on the MAC", () => checkPreviewToken(key, 42, `${good}=`, NOW), "malformed"],
    ["a wrong signature", () => checkPreviewToken(key, 42, `${editor}.${expiry}.${"A".repeat(43)}`, NOW), "signature"],
    [
      "another secret's token",
      async () => checkPreviewToken(key, 42, await makePreviewToken(otherKey, 42, EDITOR, NOW), NOW),
      "signature",
    ],
    [
      "another recipe's token",
      async () => checkPreviewToken(key, 42, await makePreviewToken(key, 43, EDITOR, NOW), NOW),
      "signature",
    ],
    [
      "another editor put in",
      () => checkPreviewToken(key, 42, `${EDITOR.replace("9", "8")}.${expiry}.${mac}`, NOW),
      "signature",
    ],
    [
      "a later expiry put in",
      () => checkPreviewToken(key, 42, `${editor}.${Number(expiry) + 600}.${mac}`, NOW),
      "signature",
    ],
    ["an expired token", () => checkPreviewToken(key, 42, good, NOW + PREVIEW_TOKEN_SECONDS), "expired"],
    ["a token long expired", () => checkPreviewToken(key, 42, good, NOW + 86_400), "expired"],
    [
      "a token dated further ahead than any Directus makes",
      async () => checkPreviewToken(key, 42, await makePreviewToken(key, 42, EDITOR, NOW + 3600), NOW),
      "too-far-ahead",
    ],
  ];
  it.each(cases)("%s", async (_name, check, refusal) => {
    expect(await check()).toEqual({ ok: false, refusal });
  });

  it("allows a minute of clock difference, no more", async () => {
    const ahead = await makePreviewToken(key, 42, EDITOR, NOW + 60);
    expect((await checkPreviewToken(key, 42, ahead, NOW)).ok).toBe(true);
    const further = await makePreviewToken(key, 42, EDITOR, NOW + 61);
    expect(await checkPreviewToken(key, 42, further, NOW)).toEqual({ ok: false, refusal: "too-far-ahead" });
  });
});

describe("properties", () => {
  it("any change to a good token refuses it, and nothing throws", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: good.length - 1 }),
        fc.string({ minLength: 1, maxLength: 1 }),
        async (at, replacement) => {
          fc.pre(good[at] !== replacement);
          const tampered = `${good.slice(0, at)}${replacement}${good.slice(at + 1)}`;
          const check = await checkPreviewToken(key, 42, tampered, NOW);
          expect(check.ok).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("any string at all is refused without throwing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        expect((await checkPreviewToken(key, 42, text, NOW)).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("a token of the right shape signed with any other MAC is refused", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), async (bytes) => {
        const forged = `${EDITOR}.${NOW + 300}.${toBase64url(bytes)}`;
        expect(await checkPreviewToken(key, 42, forged, NOW)).toEqual({ ok: false, refusal: "signature" });
      }),
      { numRuns: 200 },
    );
  });

  it("a token opens the recipe it was made for and no other", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: 1, max: 9_999_999 }), async (a, b) => {
        const token = await makePreviewToken(key, a, EDITOR, NOW);
        expect((await checkPreviewToken(key, b, token, NOW)).ok).toBe(a === b);
      }),
      { numRuns: 200 },
    );
  });
});

describe("recipeIdFrom", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["0", null],
    ["042", null],
    ["-1", null],
    ["1.0", null],
    ["12345678901", null],
    ["", null],
    ["abc", null],
  ])("%s → %s", (segment, id) => {
    expect(recipeIdFrom(segment)).toBe(id);
  });
});
