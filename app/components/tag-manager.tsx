import { useState } from "react";
import { tagManagerBootstrap } from "../lib/consent/analytics.ts";
import type { Consent } from "../lib/consent/consent.ts";
import { useNonce } from "../lib/request/nonce.ts";

/**
 * Google Tag Manager, rendered by the server only when a container is
 * configured and the visitor allowed analytics; otherwise nothing at all.
 */
export function TagManager({ gtmId, consent }: { gtmId: string | null; consent: Consent | null }) {
  const nonce = useNonce();
  // The consent this document was served with: its Content Security Policy
  // matches it. A later choice takes effect on the next page load.
  const [documentConsent] = useState(consent);
  if (!gtmId || !documentConsent?.analytics) return null;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script; its inputs are booleans and a validated id
    <script nonce={nonce} dangerouslySetInnerHTML={{ __html: tagManagerBootstrap(gtmId, documentConsent) }} />
  );
}
