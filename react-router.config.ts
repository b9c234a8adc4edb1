import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the edge: crawlers read complete HTML and the
  // site works without JavaScript.
  ssr: true,
} satisfies Config;
