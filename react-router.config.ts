import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the edge: crawlers read complete HTML and the
  // site works without JavaScript.
  ssr: true,
  // `build/` unless told otherwise: the deploy dry run in `npm test` builds
  // the production bundle into a folder of its own (scripts/deploy-dry-run.ts),
  // so the development build the Worker and browser tests run stays as it is.
  buildDirectory: process.env.BUILD_DIRECTORY || "build",
} satisfies Config;
