import { describe, expect, it } from "vitest";
import { robotsTxt } from "../../app/lib/seo/sitemap.ts";
import { robotsAllows } from "../../scripts/seo/robots-rules.ts";

const GOOGLE_IMAGES = ["Googlebot-Image", "Googlebot"];

const ROBOTS = `
# Everyone but the CMS
User-agent: *
Disallow: /directus/
Allow: /directus/assets/
Disallow: /*.pdf$
Disallow: /login

User-agent: Googlebot-Image
User-agent: Bingbot
Disallow: /bilder/privat
Allow: /bilder/privat/offen
Disallow: /fotos
Allow: /fotos
`;

describe("robots.txt rules", () => {
  it.each([
    ["*", "/rezepte/shakshuka", true],
    ["*", "/directus/items/recipe", false],
    ["*", "/directus/assets/abc?width=1200", true],
    ["*", "/handbuch.pdf", false],
    ["*", "/handbuch.pdf?x=1", true],
    ["*", "/login", false],
    ["*", "/login/zurueck", false],
    ["*", "/Login", true],
    // Googlebot has no group of its own: the * group's rules.
    ["Googlebot", "/directus/items/recipe", false],
    // Googlebot-Image has one: the * group no longer counts for it.
    ["Googlebot-Image", "/directus/items/recipe", true],
    ["Googlebot-Image", "/bilder/privat/a.jpg", false],
    ["Googlebot-Image", "/bilder/privat/offen/a.jpg", true],
    // The same length: Allow wins.
    ["Googlebot-Image", "/fotos/a.jpg", true],
    ["Bingbot", "/bilder/privat/a.jpg", false],
  ])("for %s, %s is %s", (agent, path, allowed) => {
    expect(robotsAllows(ROBOTS, agent === "Googlebot-Image" ? GOOGLE_IMAGES : [agent], path)).toBe(allowed);
  });

  it("allows everything without a robots.txt or with an empty Disallow", () => {
    expect(robotsAllows("", ["Googlebot"], "/directus/")).toBe(true);
    expect(robotsAllows("User-agent: *\nDisallow:\n", ["Googlebot"], "/directus/")).toBe(true);
  });

  it("lets crawlers fetch the site's recipe pages and images, and keeps them out of the rest of the CMS", () => {
    const robots = robotsTxt("https://www.example.de");
    expect(robotsAllows(robots, ["Googlebot"], "/rezepte/shakshuka")).toBe(true);
    expect(robotsAllows(robots, GOOGLE_IMAGES, "/directus/assets/f392d2b3?fit=cover&width=1200")).toBe(true);
    expect(robotsAllows(robots, ["Googlebot"], "/directus/items/recipe")).toBe(false);
    expect(robotsAllows(robots, ["Googlebot"], "/directus/admin/")).toBe(false);
    expect(robotsAllows(robots, ["Googlebot"], "/gespeicherte-rezepte")).toBe(false);
  });
});
