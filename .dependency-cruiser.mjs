/**
 * The layering `npm test` holds the code to (tests/unit/layering.test.ts):
 * which folder may import which, and no import circles. Run by hand:
 * `npx depcruise app workers scripts --output-type err`.
 *
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
      from: { path: "^(app|workers)/" },
      to: { path: "^scripts/" },
    },
    {
      name: "runtime-not-to-tests",
      comment: "Tests import the code that ships, never the other way.",
      severity: "error",
      from: { path: "^(app|workers)/" },
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
