/**
 * How much a shopping list holds, in a module of its own: the notices
 * (notices.ts) name it, and they must not pull the list's schema (valibot)
 * into every page's scripts.
 */

/** The most entries a list holds: about fifteen recipes' worth. More is refused with a German message. */
export const MAX_ENTRIES = 200;
