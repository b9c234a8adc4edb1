import { useStartScript } from "../lib/page-scripts/start-script-context.ts";
import { useNonce } from "../lib/request/nonce.ts";

/**
 * The inline script that starts the page's JavaScript after it has loaded
 * (app/lib/page-scripts/start-scripts-after-load.ts, decision 0045). Placed
 * after <Scripts>, whose module script it starts.
 */
export function StartScriptsAfterLoad() {
  const nonce = useNonce();
  const script = useStartScript();
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, bundled at build time; no input of a visitor
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />
  );
}
