/** Names of form fields that browser code and server code must agree on. */

/** The hidden field that repeats the form token (csrf.server.ts). */
export const CSRF_FIELD_NAME = "csrf";
