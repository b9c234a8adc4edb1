import { type FormEvent, useEffect, useReducer, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "../../lib/hooks/use-hydrated.ts";
import type { ShoppingAnswer } from "../../lib/shopping-list/answer.ts";
import { type CombinedLine, combineEntries } from "../../lib/shopping-list/combine.ts";
import { changeDeviceList, clearDeviceList } from "../../lib/shopping-list/device-list.ts";
import { parseListForm } from "../../lib/shopping-list/list-form.ts";
import {
  ACCOUNT_OFFLINE_TEXT,
  DEVICE_UNAVAILABLE_TEXT,
  LIST_FULL_TEXT,
  LIST_PROBLEM_TEXT,
} from "../../lib/shopping-list/list-notices.ts";
import { mergeChunks } from "../../lib/shopping-list/merge-chunks.ts";
import { applyOperation, type ListOperation } from "../../lib/shopping-list/operations.ts";
import type { ListProblem, ShoppingEntry } from "../../lib/shopping-list/stored-list.ts";
import { storedValue } from "../../lib/shopping-list/stored-list.ts";
import { useDeviceList } from "../../lib/shopping-list/use-device-list.ts";
import { useVisitor } from "../../lib/site/shell-data.ts";
import {
  ANSWER_FIELD,
  ANSWER_WITH_DATA,
  CSRF_FIELD,
  RECIPE_ACTION_FIELD,
  SHOPPING_ACTIONS,
  SHOPPING_ENTRIES_FIELD,
} from "../../lib/url/form-fields.ts";
import { signInHref } from "../../lib/url/return-path.ts";
import { RouteLink } from "../route-link.tsx";
import { ListFormFields } from "./list-form-fields.tsx";
import { ShoppingLine } from "./shopping-line.tsx";
import { ShoppingListTools } from "./shopping-list-tools.tsx";

type PageStatus = "anonymous" | "signed-in" | "signed-out" | "unavailable";

interface ShoppingListViewProps {
  status: PageStatus;
  /** The account's list as the server read it (signed in). */
  accountEntries: ShoppingEntry[];
  /** Why the account's list was not read whole. */
  problem: ListProblem | null;
}

/** A post to /einkaufsliste waiting to be sent, and what to do once it is stored. */
interface PendingPost {
  form: FormData;
  onStored?: () => void;
}

/** The operation a posted form makes, for showing it before the server has answered. */
function operationOf(form: FormData): ListOperation | undefined {
  const request = parseListForm(form);
  return request && request.kind !== "add" ? request : undefined;
}

/**
 * Changes to the list in the account: posted one after another, in the order
 * they were made, and shown at once on top of what the account holds, as the
 * page last heard it: the page's data, then the list each stored change is
 * answered with. A change that is not stored (an error from the Worker, or no
 * answer at all: the route's clientAction) is named in the status line and
 * leaves that list as it was, so its line goes back to what the account holds.
 */
function useAccountChanges(accountEntries: ShoppingEntry[]) {
  const fetcher = useFetcher<ShoppingAnswer>();
  const [queue, setQueue] = useState<PendingPost[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [stored, setStored] = useState(accountEntries);
  // The page's data loaded again (another form on the page, a navigation back): the newest word on the account.
  const [loaded, setLoaded] = useState(accountEntries);
  if (loaded !== accountEntries) {
    setLoaded(accountEntries);
    setStored(accountEntries);
  }
  // `dataBefore`: what the fetcher held when the post was sent. A post that fails at once (a cut connection) can
  // be answered before React renders it as on its way, so a new answer, not only a seen "submitting", ends it.
  const sending = useRef<{ post: PendingPost; started: boolean; dataBefore: ShoppingAnswer | undefined } | null>(null);
  // Each answer shows, even one that changes no state above (the same failure twice): its line is no longer busy.
  const [, answered] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    const current = sending.current;
    if (current && fetcher.state !== "idle") current.started = true;
    if (fetcher.state !== "idle") return;
    if (current && (current.started || fetcher.data !== current.dataBefore)) {
      sending.current = null;
      const answer = fetcher.data;
      if (answer?.error !== undefined) setError(answer.error);
      else {
        if (answer && "entries" in answer && answer.entries) setStored(answer.entries);
        current.post.onStored?.();
      }
      answered();
    }
    if (sending.current === null && queue.length > 0) {
      const [next, ...rest] = queue as [PendingPost, ...PendingPost[]];
      sending.current = { post: next, started: false, dataBefore: fetcher.data };
      setQueue(rest);
      // The answer holds the list as stored: nothing to load again, and nothing that could fail after it.
      fetcher.submit(next.form, { method: "post", action: "/einkaufsliste", defaultShouldRevalidate: false });
    }
  }, [fetcher, queue]);

  const pending = [...(sending.current ? [sending.current.post] : []), ...queue];
  let entries = stored;
  /** Lines whose change is shown but not stored yet: they say so (aria-busy) until the answer is back. */
  const busyLines = new Set<string>();
  for (const post of pending) {
    const operation = operationOf(post.form);
    const result = operation ? applyOperation(entries, operation) : undefined;
    if (result?.ok) entries = result.entries;
    if (operation && "line" in operation) busyLines.add(operation.line);
  }

  return {
    entries,
    busyLines,
    error,
    /**
     * Queues a change; false when it cannot be sent. Without a connection
     * (the page was kept for reading offline) the change is refused with a
     * German message rather than queued: nothing sends it later, when the
     * list in the account may have changed on another device.
     */
    send(post: PendingPost): boolean {
      if (!navigator.onLine) {
        setError(ACCOUNT_OFFLINE_TEXT);
        return false;
      }
      setError(null);
      post.form.set(ANSWER_FIELD, ANSWER_WITH_DATA);
      setQueue((waiting) => [...waiting, post]);
      return true;
    },
  };
}

/** The line to give the focus to once `key` has moved away: its neighbour in the same part of the list. */
function neighbourOf(lines: readonly CombinedLine[], key: string): string | null {
  const line = lines.find((candidate) => candidate.key === key);
  if (!line) return null;
  const same = lines.filter((candidate) => candidate.done === line.done);
  const index = same.indexOf(line);
  return (same[index + 1] ?? same[index - 1])?.key ?? null;
}

function countText(open: number, done: number): string {
  if (open + done === 0) return "";
  const openText = open === 1 ? "1 Zeile offen" : `${open} Zeilen offen`;
  return done === 0 ? openText : `${openText}, ${done} erledigt`;
}

/**
 * The shopping list page: the lines combined per ingredient, those still to
 * buy first, ticked ones below and struck through; copy, share and print; one
 * line removed or the whole list cleared after a question. Signed in, the list
 * is the account's, changed through posts; otherwise it is the device's,
 * changed in the browser. Signed in with a list still on the device, that
 * list moves into the account once (decision 0041).
 */
export function ShoppingListView({ status, accountEntries, problem }: ShoppingListViewProps) {
  const visitor = useVisitor();
  const hydrated = useHydrated();
  const device = useDeviceList();
  const account = status === "signed-in" && visitor !== null;
  const changes = useAccountChanges(accountEntries);
  const [message, setMessage] = useState<string | null>(null);
  const focusNext = useRef<string | null | undefined>(undefined);
  const merging = useRef(false);

  const entries: ShoppingEntry[] | null = account ? changes.entries : (device?.entries ?? null);
  const lines = entries ? combineEntries(entries) : null;
  const open = lines?.filter((line) => !line.done) ?? [];
  const done = lines?.filter((line) => line.done) ?? [];
  const csrfToken = account ? visitor.csrfToken : null;
  const shownProblem = account ? problem : (device?.problem ?? null);

  // Signed in with a list on this device: it moves into the account, in posts that fit the form limit;
  // the device's copy is emptied once the last one is stored, so nothing is lost if one fails.
  const deviceEntries = device?.entries;
  useEffect(() => {
    if (!account || merging.current || !deviceEntries || deviceEntries.length === 0) return;
    merging.current = true;
    const chunks = mergeChunks(deviceEntries);
    chunks.forEach((chunk, index) => {
      const form = new FormData();
      form.set(RECIPE_ACTION_FIELD, SHOPPING_ACTIONS.merge);
      form.set(CSRF_FIELD, csrfToken ?? "");
      form.set(SHOPPING_ENTRIES_FIELD, JSON.stringify(storedValue(chunk).entries));
      const last = index === chunks.length - 1;
      changes.send({
        form,
        onStored: last
          ? () => {
              clearDeviceList();
              setMessage("Die Einkaufsliste von diesem Gerät ist jetzt in deinem Konto.");
            }
          : undefined,
      });
    });
  }, [account, deviceEntries, csrfToken, changes]);

  // After a tick or a removal the line leaves its place: the focus goes to its neighbour, not to the page's start.
  useEffect(() => {
    if (focusNext.current === undefined) return;
    const key = focusNext.current;
    focusNext.current = undefined;
    const target =
      key === null
        ? document.getElementById("einkaufsliste-titel")
        : document.querySelector<HTMLElement>(`[data-line="${CSS.escape(key)}"] .line-check`);
    target?.focus();
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const operation = operationOf(form);
    if (!operation) return;
    setMessage(null);
    // A change the account cannot take now leaves the line where it is, and the focus with it.
    if (account && !changes.send({ form })) return;
    if ((operation.kind === "tick" || operation.kind === "remove") && lines) {
      focusNext.current = neighbourOf(lines, operation.line);
    }
    if (operation.kind === "clear") focusNext.current = null;
    if (account) return;
    const change = changeDeviceList(operation);
    if (!change.ok) setMessage(LIST_FULL_TEXT);
    else if (!change.stored && operation.kind !== "clear") setMessage(DEVICE_UNAVAILABLE_TEXT);
  }

  const unavailable = status === "unavailable";
  const anonymous = !account && !unavailable;
  return (
    <div className="page shopping-list-page">
      <h1 id="einkaufsliste-titel" tabIndex={-1}>
        Einkaufsliste
      </h1>
      {/* Not on the ingredient search, where the pantry is: its script has no room left (decision 0071). */}
      <p className="shopping-week-plan">
        <RouteLink to="/wochenplan/vorschlag">Plan meine Woche: Abendessen, die nutzen, was du zu Hause hast</RouteLink>
      </p>
      {shownProblem ? <p className="notice">{LIST_PROBLEM_TEXT[shownProblem]}</p> : null}
      {unavailable ? (
        <p className="notice">
          Deine Einkaufsliste kann gerade nicht geladen werden. Bitte versuche es in ein paar Minuten noch einmal – es
          geht nichts verloren.
        </p>
      ) : null}
      {anonymous && device && !device.available ? <p className="notice">{DEVICE_UNAVAILABLE_TEXT}</p> : null}
      {anonymous ? (
        <p className="shopping-no-script notice">
          Ohne JavaScript kann die Einkaufsliste nicht auf deinem Gerät liegen. Mit einem Konto geht es auch so:{" "}
          <a href={signInHref("/einkaufsliste")}>Mit Google anmelden</a>
        </p>
      ) : null}

      <ShoppingListTools
        lines={lines ?? []}
        ready={hydrated && (lines?.length ?? 0) > 0}
        message={changes.error ?? message}
      />

      <div className="shopping-region">
        {lines === null && anonymous ? (
          <p className="list-count shopping-loading">Deine Einkaufsliste wird geladen …</p>
        ) : null}
        {lines !== null && lines.length === 0 ? (
          <p>
            Deine Einkaufsliste ist leer. Auf jeder Rezeptseite und bei jedem Ergebnis der{" "}
            <RouteLink to="/zutatensuche">Zutatensuche</RouteLink> legst du mit „Auf die Einkaufsliste“ die Zutaten
            hierher.
          </p>
        ) : null}
        {lines !== null && lines.length > 0 ? (
          <>
            <p className="list-count">{countText(open.length, done.length)}</p>
            {[
              { id: "noch-zu-kaufen", heading: "Noch zu kaufen", className: "shopping-part", part: open },
              { id: "erledigt", heading: "Erledigt", className: "shopping-part shopping-done", part: done },
            ].map(({ id, heading, className, part }) =>
              part.length > 0 ? (
                <section key={id} className={className} aria-labelledby={id}>
                  <h2 id={id}>{heading}</h2>
                  <ul className="shopping-lines">
                    {part.map((line) => (
                      <ShoppingLine
                        key={line.key}
                        line={line}
                        busy={account && changes.busyLines.has(line.key)}
                        csrfToken={csrfToken}
                        onSubmit={submit}
                      />
                    ))}
                  </ul>
                </section>
              ) : null,
            )}
            <details className="clear-list">
              <summary>Liste leeren</summary>
              <p>{`Alle ${lines.length === 1 ? "1 Zeile" : `${lines.length} Zeilen`} von der Liste löschen?`}</p>
              <form method="post" action="/einkaufsliste" onSubmit={submit}>
                <ListFormFields action={SHOPPING_ACTIONS.clear} csrfToken={csrfToken} />
                <button type="submit" className="button">
                  Ja, Liste leeren
                </button>
              </form>
            </details>
          </>
        ) : null}
        {account ? (
          <p className="shopping-where">
            Die Liste liegt in deinem Konto und ist auf jedem Gerät da, auf dem du angemeldet bist.
          </p>
        ) : null}
        {anonymous && lines !== null ? (
          <p className="shopping-where">
            Die Liste liegt nur auf diesem Gerät. <a href={signInHref("/einkaufsliste")}>Mit Google anmelden</a>, um sie
            in deinem Konto zu behalten.
          </p>
        ) : null}
      </div>
    </div>
  );
}
