/**
 * Directus Flows, as code: applied on every start like the access policies
 * (scripts/cms/apply-flows.ts), idempotently. Ids are fixed so a second run
 * finds what the first created and updates it instead of adding a copy.
 *
 * Two flows: publish on save (below) and "Zutatenliste einfügen" (further
 * down, decision 0048), which editors start on a recipe.
 *
 * The first flow publishes the catalog right after an editor saves, instead of
 * waiting for the Worker's cron (every 15 minutes, which stays as the safety
 * net). It calls the site's sync endpoint:
 *
 *   POST $SYNC_URL
 *   Authorization: Bearer $SYNC_TOKEN
 *   Content-Type: application/x-www-form-urlencoded   (the Worker takes small form posts only)
 *   (empty body)
 *
 * The site answers 202 once its catalog coordinator has the request
 * (catalog/sync/coordinator.ts): requests that come before a sync has
 * started join it, and it reads Directus a second after the last of them, so
 * the last of several quick saves is published. A 429 with Retry-After comes
 * only when more than 20 different requests wait there; the flow then sleeps
 * 10 s and asks again, at most twice.
 *
 * SYNC_URL and SYNC_TOKEN are Directus environment variables, handed to flows
 * through FLOWS_ENV_ALLOW_LIST (`{{$env.…}}`), so the token is never stored in
 * the database; Directus also redacts allow-listed values in the flow's run
 * log. Without them the flow stops at its first step, and saving is never
 * affected: action flows run after the commit, and their errors are only logged.
 * The first step matters: Directus 11.17.4 renders a missing `{{$env.X}}` as
 * the text "undefined", so without it an unset SYNC_TOKEN would be sent as
 * "Bearer undefined" (and an unset SYNC_URL requested as the URL "undefined").
 */

import {
  INGREDIENT_PASTE_OPERATION,
  MAX_PASTE_BYTES,
  MAX_PASTE_LINES,
  PASTE_FIELDS,
} from "./extensions/ingredient-paste/src/paste-request.ts";

/** The environment variables the flow reads; FLOWS_ENV_ALLOW_LIST must name them. */
export const SITE_SYNC_ENV = ["SYNC_URL", "SYNC_TOKEN"] as const;

/** Collections whose changes reach the catalog (catalog/sync/directus-source.ts reads their fields). */
const PUBLISHED_COLLECTIONS = ["recipe", "ingredient", "RecipeType", "IngredientType"] as const;

/** How long the flow waits after a refusal (a flooded coordinator). */
const RETRY_WAIT_MS = 10_000;

/** How often the flow asks again after a refusal. */
export const RETRIES = 2;

export interface FlowDeclaration {
  id: string;
  name: string;
  icon: string;
  color: string | null;
  description: string;
  status: "active" | "inactive";
  trigger: "event" | "manual";
  /** "all": every run is logged with its steps (allow-listed env values redacted). */
  accountability: "all" | "activity" | null;
  options: Record<string, unknown>;
  /** The first operation's id. */
  operation: string;
}

export interface OperationDeclaration {
  id: string;
  flow: string;
  name: string;
  key: string;
  /** Directus' own operations, or ours (cms/extensions/). */
  type: "condition" | "request" | "sleep" | typeof INGREDIENT_PASTE_OPERATION;
  position_x: number;
  position_y: number;
  options: Record<string, unknown>;
  resolve: string | null;
  reject: string | null;
}

const FLOW_ID = "7a0c3e51-2d4b-4c6e-8f10-3b5d7e9f1a00";

/** Operation ids: the flow's id with the last digits counting up. */
function operationId(index: number): string {
  return `${FLOW_ID.slice(0, -2)}${String(index + 1).padStart(2, "0")}`;
}

function syncRequest(index: number, attempt: number, next: string | null): OperationDeclaration {
  return {
    id: operationId(index),
    flow: FLOW_ID,
    name: attempt === 0 ? "Website abgleichen" : `Website erneut abgleichen (${attempt}. Wiederholung)`,
    key: `sync_${attempt}`,
    type: "request",
    position_x: 37 + attempt * 54,
    position_y: 1,
    options: {
      method: "POST",
      url: "{{$env.SYNC_URL}}",
      headers: [
        { header: "Authorization", value: "Bearer {{$env.SYNC_TOKEN}}" },
        { header: "Content-Type", value: "application/x-www-form-urlencoded" },
      ],
      body: "",
    },
    resolve: null,
    reject: next,
  };
}

function refused(index: number, attempt: number, next: string): OperationDeclaration {
  return {
    id: operationId(index),
    flow: FLOW_ID,
    name: "Abgelehnt, weil gerade abgeglichen wurde (429)?",
    key: `refused_${attempt}`,
    type: "condition",
    position_x: 37 + attempt * 54,
    position_y: 19,
    options: { filter: { $last: { status: { _eq: 429 } } } },
    resolve: next,
    reject: null,
  };
}

function wait(index: number, attempt: number, next: string): OperationDeclaration {
  return {
    id: operationId(index),
    flow: FLOW_ID,
    name: `${RETRY_WAIT_MS / 1000} Sekunden warten`,
    key: `wait_${attempt}`,
    type: "sleep",
    position_x: 55 + attempt * 54,
    position_y: 19,
    options: { milliseconds: RETRY_WAIT_MS },
    resolve: next,
    reject: null,
  };
}

/**
 * configured? ─▶ sync_0 ─(refused)─▶ refused_0 (429?) ─▶ wait_0 ─▶ sync_1 ─▶ refused_1 ─▶ wait_1 ─▶ sync_2
 * Every other outcome ends the flow: a 200, any other error, a missing SYNC_URL.
 */
function operations(): OperationDeclaration[] {
  const list: OperationDeclaration[] = [];
  // Built from the last step backwards, so every step knows its successor's id.
  let index = 1 + RETRIES * 3;
  let next: string | null = null;
  for (let attempt = RETRIES; attempt >= 0; attempt -= 1) {
    if (attempt < RETRIES) {
      const sleep = wait(index--, attempt, next as string);
      const check = refused(index--, attempt, sleep.id);
      list.unshift(check, sleep);
      next = check.id;
    }
    const request = syncRequest(index--, attempt, next);
    list.unshift(request);
    next = request.id;
  }
  list.unshift({
    id: operationId(0),
    flow: FLOW_ID,
    name: "Website-Abgleich eingerichtet?",
    key: "configured",
    type: "condition",
    position_x: 19,
    position_y: 1,
    options: { filter: { $env: { SYNC_URL: { _nempty: true }, SYNC_TOKEN: { _nempty: true } } } },
    resolve: next,
    reject: null,
  });
  return list;
}

export const PUBLISH_ON_SAVE_OPERATIONS: OperationDeclaration[] = operations();

export const PUBLISH_ON_SAVE_FLOW: FlowDeclaration = {
  id: FLOW_ID,
  name: "Website nach dem Speichern aktualisieren",
  icon: "published_with_changes",
  color: null,
  description:
    "Veröffentlicht Rezepte, Zutaten und Kategorien gleich nach dem Speichern auf der Website, statt erst beim " +
    "Abgleich alle 15 Minuten. Eingerichtet aus dem Code (cms/flows.ts): Änderungen hier werden beim nächsten " +
    "Einrichten überschrieben.",
  status: "active",
  trigger: "event",
  accountability: "all",
  options: {
    type: "action",
    scope: ["items.create", "items.update", "items.delete"],
    collections: [...PUBLISHED_COLLECTIONS],
  },
  operation: operationId(0),
};

/**
 * "Zutatenliste einfügen" (decision 0048): a manual flow on a recipe's page. Its confirmation dialog takes
 * the pasted list (a line each), whether to append or replace, and whether the lines are optional; its one
 * operation is ours (cms/extensions/ingredient-paste/), which parses the list with the import's parser and
 * writes the lines as the editor who ran it. `error_on_reject` turns a refusal into the answer the Data
 * Studio shows; the flow's run log keeps every run.
 */
const PASTE_FLOW_ID = "5e8d2b64-91c3-4f7a-b0d6-2c4e6a8f0b00";
const PASTE_OPERATION_ID = `${PASTE_FLOW_ID.slice(0, -2)}01`;

export const INGREDIENT_PASTE_FLOW: FlowDeclaration = {
  id: PASTE_FLOW_ID,
  name: "Zutatenliste einfügen",
  icon: "playlist_add",
  color: null,
  description:
    "Fügt eine Zutatenliste ins geöffnete Rezept ein, eine Zutat je Zeile: Menge, Einheit, Notiz und Zutat " +
    "werden gelesen; unbekannte Zutaten werden als Vorschlag angelegt. Eingerichtet aus dem Code " +
    "(cms/flows.ts): Änderungen hier werden beim nächsten Einrichten überschrieben.",
  status: "active",
  trigger: "manual",
  accountability: "all",
  options: {
    collections: ["recipe"],
    location: "item",
    requireSelection: true,
    async: false,
    error_on_reject: true,
    requireConfirmation: true,
    confirmationDescription: "Zutatenliste in dieses Rezept einfügen",
    fields: [
      {
        field: PASTE_FIELDS.list,
        name: "Zutatenliste",
        type: "text",
        meta: {
          interface: "input-multiline",
          required: true,
          width: "full",
          note:
            `Eine Zutat je Zeile, zum Beispiel „200 g Mehl“ oder „2–3 EL Olivenöl“; höchstens ${MAX_PASTE_LINES} ` +
            `Zeilen und ${MAX_PASTE_BYTES / 1024} KB. Unbekannte Zutaten werden vorgeschlagen, nicht geraten.`,
          options: { placeholder: "200 g Mehl\n2 Eier\n1 Prise Salz" },
        },
      },
      {
        field: PASTE_FIELDS.mode,
        name: "Vorhandene Zeilen",
        type: "string",
        meta: {
          interface: "select-radio",
          // Not required: the dialog shows the default as chosen but sends no value until one is clicked,
          // and a required field would keep the button disabled. The operation appends without a value.
          width: "full",
          options: {
            choices: [
              { text: "Anhängen", value: "append" },
              { text: "Bestehende Zeilen ersetzen", value: "replace" },
            ],
          },
        },
        schema: { default_value: "append" },
      },
      {
        field: PASTE_FIELDS.optional,
        name: "Als optionale Zutaten",
        type: "boolean",
        meta: {
          interface: "boolean",
          width: "full",
          options: { label: "Alle Zeilen zu den optionalen Zutaten" },
          note: "Zeilen mit „(optional)“ kommen auch ohne dieses Häkchen zu den optionalen Zutaten.",
        },
        schema: { default_value: false },
      },
    ],
  },
  operation: PASTE_OPERATION_ID,
};

export const INGREDIENT_PASTE_OPERATIONS: OperationDeclaration[] = [
  {
    id: PASTE_OPERATION_ID,
    flow: PASTE_FLOW_ID,
    name: "Zutatenliste einlesen",
    key: "paste",
    type: INGREDIENT_PASTE_OPERATION,
    position_x: 19,
    position_y: 1,
    options: {},
    resolve: null,
    reject: null,
  },
];

/** Every flow, with its operations, as scripts/cms/apply-flows.ts applies them. */
export const FLOWS: { flow: FlowDeclaration; operations: OperationDeclaration[] }[] = [
  { flow: PUBLISH_ON_SAVE_FLOW, operations: PUBLISH_ON_SAVE_OPERATIONS },
  { flow: INGREDIENT_PASTE_FLOW, operations: INGREDIENT_PASTE_OPERATIONS },
];
