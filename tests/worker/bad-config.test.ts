import { expect, it } from "vitest";

it("refuses to start with a message naming each bad variable", async () => {
  // Loading the Worker module runs the start-up validation.
  // @ts-expect-error: the build output is plain JavaScript without type declarations
  const start = import("../../build/server/index.js");
  await expect(start).rejects.toThrowError(/PRODUCT_NAME is missing or empty/);
  await expect(start).rejects.toThrowError(/APP_STORE_URL must start with https:\/\//);
  await expect(start).rejects.toThrowError(/CONSENT_COOKIE_NAME is missing or empty/);
});
