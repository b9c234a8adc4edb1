import { describe, expect, it } from "vitest";
import { clientJsPerRoute, OWN_JS_GOAL_KB } from "../../scripts/bench/client-js.ts";

/**
 * Decision 0046's budget, held by the tests and not only reported by the bench: every route's own JavaScript
 * (all a first visit downloads but the framework chunk) at most OWN_JS_GOAL_KB gzip. The bench alone let
 * three routes grow past it unnoticed, as it reports a missed goal and goes on. Reads the client build in
 * build/ (run the build first; vitest.worker.config.ts, project worker-build), counted as the bench counts it.
 */
const routes = clientJsPerRoute("build");

describe("our own client JavaScript per route (decision 0046)", () => {
  it("finds the routes a visitor can open", () => {
    expect(routes.map(({ routeId }) => routeId)).toEqual(
      expect.arrayContaining(["home", "routes/recipe", "routes/ingredient-search", "routes/shopping-list"]),
    );
  });

  it.each(routes.map((route) => [route.routeId, route] as const))(
    `keeps %s at most ${OWN_JS_GOAL_KB} KB gzip`,
    (_, route) => {
      expect(
        route.own.gzip,
        `${route.routeId}: ${(route.own.gzip / 1000).toFixed(1)} KB gzip of our own`,
      ).toBeLessThanOrEqual(OWN_JS_GOAL_KB * 1000);
    },
  );
});
