/**
 * Where a remembered pantry is kept (decision 0040): the device's storage
 * key and the account's address. On their own, so a page that only reads a
 * pantry ("Plan meine Woche") does not load the modules that check and
 * merge it with the ingredient search's word matching (decision 0071).
 */

/** The localStorage key; its value is the pantry as JSON (device-pantry.ts). */
export const DEVICE_PANTRY_KEY = "wkij-vorrat";

/** The site's own address of a signed-in visitor's pantry (routes/pantry.ts, account-pantry.ts). */
export const ACCOUNT_PANTRY_URL = "/zutatensuche/vorrat";
