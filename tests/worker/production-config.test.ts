import { expect, it } from "vitest";

it("refuses to start in production with local addresses or example data, naming each variable", async () => {
  // Loading the Worker module runs the start-up validation.
  // @ts-expect-error: the build output is plain JavaScript without type declarations
  const start = import("../../build/server/index.js");
  await expect(start).rejects.toThrowError(/SITE_URL must use https:\/\/ in production/);
  await expect(start).rejects.toThrowError(/SITE_URL must not be a local address in production/);
  await expect(start).rejects.toThrowError(/DIRECTUS_URL must use https:\/\/ in production/);
  await expect(start).rejects.toThrowError(/OPERATOR_NAME still holds example data in production/);
  await expect(start).rejects.toThrowError(/OPERATOR_EMAIL still holds example data in production/);
});
