/**
 * The layering `npm test` holds the code to (tests/unit/layering.test.ts):
 * which folder may import which, and no import circles. Run by hand:
 * `npx depcruise app catalog logging workers scripts tests --output-type err`.
 *
 * - catalog/ (the stored format, the search, the view and the sync that
 *   writes it) is imported by app/ and workers/ and imports none of them,
 *   nor the tools (scripts/); it may use logging/;
 * - catalog/search/engine/ (the text index) imports nothing outside its
 *   folder: it knows no recipes, and could be published on its own;
 * - logging/ (the log and error texts everything shares) imports nothing
 *   of ours;
 * - app/ (pages and their modules) never imports the Worker's entry or
 *   routes (workers/), nor the tools (scripts/);
 * - workers/ never imports the tools;
 * - code that ships never imports a test (the bench may use the tests'
 *   stand-ins and fixtures: it is a tool).
 */
export default {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import circle: the modules cannot be read, tested or moved one at a time.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "catalog-stands-alone",
      comment: "The catalog is the contract of the whole site: app/ and workers/ build on it, never the other way.",
      severity: "error",
      from: { path: "^catalog/" },
      to: { path: "^(app|workers|scripts|tests)/" },
    },
    {
      name: "search-engine-stands-alone",
      comment: "The text index knows no recipes: the site's words and fields reach it through its schema.",
      severity: "error",
      from: { path: "^catalog/search/engine/" },
      to: { pathNot: "^catalog/search/engine/" },
    },
    {
      name: "logging-stands-alone",
      comment: "The log is used by every part; it depends on none of them.",
      severity: "error",
      from: { path: "^logging/" },
      to: { path: "^(app|catalog|workers|scripts|tests)/" },
    },
    {
      name: "app-not-to-workers",
      comment: "app/ is what the Worker renders; it must not depend on the Worker around it.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^workers/" },
    },
    {
      name: "runtime-not-to-scripts",
      comment: "Code that ships (app/, workers/) never imports the local tools.",
      severity: "error",
      from: { path: "^(app|catalog|logging|workers)/" },
      to: { path: "^scripts/" },
    },
    {
      name: "runtime-not-to-tests",
      comment: "Tests import the code that ships, never the other way.",
      severity: "error",
      from: { path: "^(app|catalog|logging|workers)/" },
      to: { path: "^tests/" },
    },
  ],
  options: {
    // TypeScript 7's compiler has no JavaScript API to parse with; SWC reads TypeScript and JSX.
    parser: "swc",
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|\\.cache|node_modules)/" },
  },
};
