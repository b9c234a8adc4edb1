/**
 * What the preview's Worker tests and their Worker agree on
 * (vitest.worker.config.ts): the preview key and the Data Studio's origin.
 * No imports: this file is loaded on both sides.
 */

/** The Worker's PREVIEW_SECRET in these tests; the tests make tokens with it as Directus' endpoint does. */
export const TEST_PREVIEW_SECRET = "test-preview-secret-0123456789abcdef0123456789abcdef";

/** The Worker's STUDIO_ORIGIN in these tests: the Data Studio on this machine. */
export const TEST_STUDIO_ORIGIN = "http://127.0.0.1:8055";
