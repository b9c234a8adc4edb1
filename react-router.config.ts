import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the edge: crawlers read complete HTML and the
  // site works without JavaScript.
  ssr: true,
  // `build/` unless told otherwise: the deploy dry run in `npm test` and
  // `npm run bench` build into folders of their own (scripts/local-stack/build-folder.ts),
  // so the build that `npm start` and the Worker and browser tests serve
  // stays as it is.
  buildDirectory: process.env.BUILD_DIRECTORY || "build",
} satisfies Config;
