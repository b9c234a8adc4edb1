import { useNonce } from "../lib/request/nonce.ts";
import { pageTitle } from "../lib/seo/page-title.ts";
import { shellFromMatches } from "../lib/site/shell-data.ts";
import { STATIC_PAGE_HANDLE } from "../lib/site/static-page.ts";
import { OFFLINE_PAGE_IDS } from "../offline/offline-page-markup.ts";
import { OFFLINE_PAGE_SCRIPT } from "../offline/offline-page-script.server.ts";
import type { Route } from "./+types/offline";

/**
 * The offline page: what the service worker (app/offline/service-worker.ts)
 * answers, at the address that could not be reached, when the network fails
 * and the page is not kept. Static (no hydration), so it works at any
 * address; its own small script lists what can be read offline.
 */
export const handle = STATIC_PAGE_HANDLE;

export function loader() {
  return { script: OFFLINE_PAGE_SCRIPT };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Offline", shellFromMatches(matches).siteName) },
  { name: "robots", content: "noindex" },
];

export default function Offline({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  return (
    <article className="page prose offline-page">
      <h1>Du bist offline</h1>
      <p>
        Diese Seite können wir gerade nicht laden: Dein Gerät hat keine Verbindung zum Internet. Sobald du wieder
        verbunden bist, klappt es.
      </p>
      <p>
        <button type="button" className="button" id={OFFLINE_PAGE_IDS.retry}>
          Nochmal versuchen
        </button>
      </p>
      <section id={OFFLINE_PAGE_IDS.kept} aria-labelledby={`${OFFLINE_PAGE_IDS.kept}-titel`} hidden>
        <h2 id={`${OFFLINE_PAGE_IDS.kept}-titel`}>Ohne Verbindung lesbar</h2>
        <ul id={OFFLINE_PAGE_IDS.list} />
      </section>
      <p id={OFFLINE_PAGE_IDS.nothing}>
        Die Rezepte, die du zuletzt geöffnet hast (bis zu 20), deine gespeicherten Rezepte und deine Einkaufsliste
        kannst du auch ohne Verbindung lesen, sobald du sie einmal mit Verbindung geöffnet hast.
      </p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, bundled at build time */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: loaderData.script }} />
    </article>
  );
}
