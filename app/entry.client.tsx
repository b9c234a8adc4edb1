import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { registerServiceWorker } from "./offline/register-service-worker.ts";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server's HTML is the page: it is painted first, and hydration starts in
// the task after that frame. Started at once (React Router's default entry),
// hydration ran before the first paint whenever the scripts were in before
// the parser finished, and a slow phone showed nothing for that long. A tab
// opened in the background paints no frames: it hydrates at once.
if (document.visibilityState === "visible") {
  requestAnimationFrame(() => setTimeout(hydrate, 0));
} else {
  hydrate();
}

// Keeps recipes readable offline (decision 0043); registered after the page has loaded, in a task of its own:
// run while the modules were evaluated, it made that task, the longest before hydration, longer still (decision 0059).
setTimeout(registerServiceWorker, 0);
