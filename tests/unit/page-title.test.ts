import { expect, it } from "vitest";
import { headerTitle, homeTitle, pageTitle } from "../../app/lib/seo/page-title.ts";

it("builds the titles of spec section 2 from the configured names", () => {
  expect(headerTitle("Was koche ich")).toBe("Was koche ich jetzt?");
  expect(homeTitle("Was koche ich")).toBe("Was koche ich jetzt? Zufällige Rezepte und Zutatensuche");
  expect(pageTitle("Rezeptsuche", "Was koche ich jetzt")).toBe("Rezeptsuche - Was koche ich jetzt");
});
