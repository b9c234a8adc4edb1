import { createContext, useContext } from "react";

/**
 * The Content Security Policy nonce of this response (workers/content-security-policy.ts),
 * given to every inline script the server renders. Empty in the browser:
 * browsers hide nonces from scripts, and scripts added later need none.
 */
export const NonceContext = createContext("");

/** The nonce for inline scripts rendered on the server. */
export function useNonce(): string {
  return useContext(NonceContext);
}
