import type { Route } from "@playwright/test";

/**
 * The ways a background post gets no answer from our action (decision 0047),
 * each with how a test makes it happen and what the page must then say: the
 * connection gone while the browser still says "online", and a 5xx page from
 * something between the browser and the site.
 */
export const NO_ANSWERS = [
  [
    "the connection is gone while the browser says online",
    (route: Route) => route.abort("internetdisconnected"),
    "Nicht gespeichert: keine Verbindung. Bitte versuche es noch einmal.",
  ],
  [
    "something in between answers 503",
    (route: Route) =>
      route.fulfill({ status: 503, contentType: "text/html", body: "<h1>503 Service Unavailable</h1>" }),
    "Nicht gespeichert: Beim Server ist etwas schiefgegangen. Bitte versuche es gleich noch einmal.",
  ],
] as const;
