import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigate } from "react-router";
import { useHydrated } from "../../lib/hooks/use-hydrated.ts";
import { readDevicePantryText } from "../../lib/pantry/device-pantry-key.ts";
import { useVisitor } from "../../lib/site/shell-data.ts";
import { ANSWER_FIELD, ANSWER_WITH_DATA, CSRF_FIELD, RECIPE_ACTION_FIELD } from "../../lib/url/form-fields.ts";
import { signInHref } from "../../lib/url/return-path.ts";
import { changeDevicePlan, clearDevicePlan } from "../../lib/week-plan/device-plan.ts";
import type { PlanAnswer, WeekView } from "../../lib/week-plan/plan-answer.ts";
import { WEEK_PLAN_ACTIONS, WEEK_PLAN_ENTRY_FIELD, WEEK_PLAN_PANTRY_FIELD } from "../../lib/week-plan/plan-fields.ts";
import { entryField, parsePlanForm } from "../../lib/week-plan/plan-form.ts";
import { MAX_PLAN_ENTRIES, WEEK_DAYS } from "../../lib/week-plan/plan-limits.ts";
import { readProposalHash } from "../../lib/week-plan/proposal-hash.ts";
import type { PlanEntry, PlanProblem } from "../../lib/week-plan/stored-plan.ts";
import { useDevicePlan } from "../../lib/week-plan/use-device-plan.ts";
import { RouteLink } from "../route-link.tsx";
import { PlanAddForm, type RecipeToAdd } from "./plan-add-form.tsx";
import { PlanEntryItem } from "./plan-entry.tsx";
import { PlanFormFields } from "./plan-form-fields.tsx";

type PageStatus = "anonymous" | "signed-in" | "signed-out" | "unavailable";

interface WeekPlanViewProps {
  status: PageStatus;
  /** The account's plan, its recipes and what is at hand, as the server read them (signed in). */
  accountEntries: PlanEntry[];
  problem: PlanProblem | null;
  accountView: WeekView | null;
  /** A card's "Zum Wochenplan": the recipe to offer a day for, or "unknown" when the catalog has none by its name. */
  adding: RecipeToAdd | "unknown" | null;
}

const PROBLEM_TEXT: Record<PlanProblem, string> = {
  beschaedigt: "Ein Teil deines gespeicherten Wochenplans war nicht lesbar und fehlt deshalb.",
  "zu-gross": "Dein gespeicherter Wochenplan war zu groß, um ihn zu laden. Er beginnt deshalb leer.",
};
const PLAN_FULL_TEXT = `Dein Wochenplan ist voll (höchstens ${MAX_PLAN_ENTRIES} Rezepte). Entferne etwas, dann passt Neues hinein.`;
const DEVICE_UNAVAILABLE_TEXT =
  "Dieser Browser lässt uns nichts auf deinem Gerät speichern. Mit einem Konto liegt der Wochenplan dort.";

/**
 * The view of the device's plan (names, the week's list), asked of the
 * server, which has the catalog: the plan and the device's pantry are sent
 * whenever the plan changes. Null until the first answer; the last answer
 * stays shown while the next is on its way.
 */
function useDeviceView(entries: readonly PlanEntry[] | null) {
  const fetcher = useFetcher<PlanAnswer>();
  const [view, setView] = useState<{ of: string; view: WeekView } | null>(null);
  const sent = useRef<string | null>(null);
  const key = entries ? entries.map(entryField).join(",") : null;

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer?.view || sent.current === null) return;
    setView({ of: sent.current, view: answer.view });
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    if (!entries || key === null || entries.length === 0 || sent.current === key || fetcher.state !== "idle") return;
    sent.current = key;
    const form = new FormData();
    form.set(RECIPE_ACTION_FIELD, WEEK_PLAN_ACTIONS.view);
    form.set(ANSWER_FIELD, ANSWER_WITH_DATA);
    for (const entry of entries) form.append(WEEK_PLAN_ENTRY_FIELD, entryField(entry));
    const pantry = readDevicePantryText();
    if (pantry !== null) form.set(WEEK_PLAN_PANTRY_FIELD, pantry);
    fetcher.submit(form, { method: "post", action: "/wochenplan", defaultShouldRevalidate: false });
  }, [entries, key, fetcher]);

  return { view: view?.view ?? null, current: view !== null && view.of === key };
}

/**
 * The week plan page: Monday to Sunday, each day's recipes with their
 * servings, each movable, changeable and removable; "Wochenplan leeren"; and
 * the week's shopping list, which goes onto the shopping list in one step.
 * Signed in, the plan is the account's, changed by form posts (the same with
 * and without JavaScript); otherwise it is the device's, changed in the
 * browser by the same forms. Signed in with a plan still on the device, it
 * moves into the account once (decision 0070).
 */
export function WeekPlanView({ status, accountEntries, problem, accountView, adding }: WeekPlanViewProps) {
  const visitor = useVisitor();
  const hydrated = useHydrated();
  const device = useDevicePlan();
  const account = status === "signed-in" && visitor !== null;
  const unavailable = status === "unavailable";
  const anonymous = !account && !unavailable;
  const csrfToken = account ? visitor.csrfToken : null;
  const [message, setMessage] = useState<string | null>(null);
  const mergeFetcher = useFetcher<PlanAnswer>();
  const navigate = useNavigate();
  /** The card's recipe (the loader's object) once it is in the device's plan: its offer is not shown again. */
  const [addedFromCard, setAddedFromCard] = useState<RecipeToAdd | null>(null);
  const merging = useRef(false);

  const entries: PlanEntry[] | null = account ? accountEntries : anonymous ? (device?.entries ?? null) : [];
  const deviceView = useDeviceView(anonymous ? entries : null);
  const view = account ? accountView : deviceView.view;
  /** Whether the view holds the plan as shown (the device's next answer may be on its way). */
  const current = account || deviceView.current;
  const shownProblem = account ? problem : anonymous ? (device?.problem ?? null) : null;

  // "Plan meine Woche" without an account: its days arrive in the address's fragment (proposal-hash.ts).
  useEffect(() => {
    if (!hydrated || account) return;
    const proposed = readProposalHash(window.location.hash);
    if (window.location.hash) window.history.replaceState(window.history.state, "", window.location.pathname);
    if (!proposed) return;
    const change = changeDevicePlan({ kind: "add", entries: proposed });
    setMessage(
      !change.ok
        ? PLAN_FULL_TEXT
        : change.stored
          ? "Der Vorschlag steht jetzt in deinem Wochenplan."
          : DEVICE_UNAVAILABLE_TEXT,
    );
  }, [hydrated, account]);

  // Signed in with a plan on this device: it moves into the account in one post; the device's copy is emptied
  // once it is stored, so nothing is lost if it fails.
  const deviceEntries = device?.entries;
  useEffect(() => {
    if (!account || merging.current || !deviceEntries || deviceEntries.length === 0) return;
    merging.current = true;
    const form = new FormData();
    form.set(RECIPE_ACTION_FIELD, WEEK_PLAN_ACTIONS.merge);
    form.set(CSRF_FIELD, csrfToken ?? "");
    form.set(ANSWER_FIELD, ANSWER_WITH_DATA);
    for (const entry of deviceEntries) form.append(WEEK_PLAN_ENTRY_FIELD, entryField(entry));
    mergeFetcher.submit(form, { method: "post", action: "/wochenplan" });
  }, [account, deviceEntries, csrfToken, mergeFetcher]);
  const mergeAnswer = mergeFetcher.data;
  useEffect(() => {
    if (mergeFetcher.state !== "idle" || !mergeAnswer) return;
    if (mergeAnswer.error !== undefined) setMessage(mergeAnswer.error);
    else {
      clearDevicePlan();
      setMessage("Der Wochenplan von diesem Gerät ist jetzt in deinem Konto.");
    }
  }, [mergeFetcher.state, mergeAnswer]);

  const lines = view?.lines ?? null;

  // "Auf die Einkaufsliste" on the device: the entries of the view of the plan as it is now.
  const [weekToList, setWeekToList] = useState(false);
  const toBuy = current ? (view?.toBuy ?? null) : null;
  useEffect(() => {
    if (!weekToList || toBuy === null) return;
    setWeekToList(false);
    if (toBuy.length === 0) return;
    void import("../../lib/shopping-list/add-on-device.ts")
      .then(({ addOnDevice }) =>
        setMessage(addOnDevice(toBuy) ?? "Die Zutaten für die Woche stehen jetzt auf deiner Einkaufsliste."),
      )
      .catch(() => setMessage("Das hat gerade nicht geklappt. Bitte versuche es noch einmal."));
  }, [weekToList, toBuy]);

  /** The same forms change the device's plan in the browser; signed in they are posted. */
  function submit(event: FormEvent<HTMLFormElement>) {
    if (account) return;
    event.preventDefault();
    const request = parsePlanForm(new FormData(event.currentTarget));
    if (!request || request.kind === "view" || request.kind === "proposal") return;
    setMessage(null);
    if (request.kind === "to-shopping-list") {
      // Only the list of the plan as it is now: a press while its answer is on its way waits for it.
      setWeekToList(true);
      return;
    }
    const change = changeDevicePlan(request);
    if (!change.ok) setMessage(PLAN_FULL_TEXT);
    else if (!change.stored && request.kind !== "clear") setMessage(DEVICE_UNAVAILABLE_TEXT);
    else if (request.kind === "add" && adding && adding !== "unknown") {
      // A card's recipe is in: the plan without the offer, as an account's post returns to it. Hidden here at
      // once, not only when the plan's address has loaded again: the view's own post for the changed plan can
      // start while that navigation is on its way, and the offer then stayed (seen in a browser test).
      setMessage(`${adding.name} steht am ${WEEK_DAYS[request.entries[0]?.day ?? 0]} in deinem Wochenplan.`);
      setAddedFromCard(adding);
      navigate("/wochenplan", { replace: true, preventScrollReset: true });
    }
  }

  const days = WEEK_DAYS.map((name, day) => ({
    name,
    day,
    planned: entries?.filter((entry) => entry.day === day) ?? [],
  }));
  const nameOf = (slug: string) => {
    const name = view?.names[slug];
    if (name !== undefined) return name;
    // Not in an answer for this very plan: the catalog no longer has it; otherwise its answer is on its way.
    return current && view ? undefined : null;
  };

  return (
    <div className="page week-plan-page">
      <h1 id="wochenplan-titel" tabIndex={-1}>
        Wochenplan
      </h1>
      <p className="week-plan-intro">
        Deine Rezepte für die Woche, Montag bis Sonntag.{" "}
        <RouteLink to="/wochenplan/vorschlag" className="week-plan-propose">
          Plan meine Woche
        </RouteLink>
      </p>
      {shownProblem ? <p className="notice">{PROBLEM_TEXT[shownProblem]}</p> : null}
      {unavailable ? (
        <p className="notice">
          Dein Wochenplan kann gerade nicht geladen werden. Bitte versuche es in ein paar Minuten noch einmal – es geht
          nichts verloren.
        </p>
      ) : null}
      {anonymous && device && !device.available ? <p className="notice">{DEVICE_UNAVAILABLE_TEXT}</p> : null}
      {anonymous ? (
        <p className="week-plan-no-script notice">
          Ohne JavaScript kann der Wochenplan nicht auf deinem Gerät liegen. Mit einem Konto geht es auch so:{" "}
          <a href={signInHref("/wochenplan")}>Mit Google anmelden</a>
        </p>
      ) : null}
      {adding === "unknown" ? (
        <p className="notice">Dieses Rezept gibt es nicht mehr. Dein Wochenplan ist unverändert.</p>
      ) : null}
      {adding && adding !== "unknown" && adding !== addedFromCard ? (
        <PlanAddForm recipe={adding} csrfToken={csrfToken} onSubmit={submit} />
      ) : null}
      <p className="week-plan-status" role="status">
        {message}
      </p>

      <div className="week-plan-region">
        {entries === null ? <p className="week-plan-loading">Dein Wochenplan wird geladen …</p> : null}
        {entries !== null && entries.length === 0 && !unavailable ? (
          <p>
            Dein Wochenplan ist leer. Mit „Zum Wochenplan“ auf jeder Rezeptseite und jeder Rezeptkarte legst du ein
            Rezept auf einen Tag – oder du lässt dir mit{" "}
            <RouteLink to="/wochenplan/vorschlag">Plan meine Woche</RouteLink> eine Woche vorschlagen.
          </p>
        ) : null}
        {entries !== null && entries.length > 0 ? (
          <>
            <ol className="week-days">
              {days.map(({ name, day, planned }) => (
                <li key={name} className="week-day" aria-labelledby={`tag-${day}`}>
                  <h2 id={`tag-${day}`}>{name}</h2>
                  {planned.length === 0 ? (
                    <p className="week-day-empty">Nichts geplant.</p>
                  ) : (
                    <ul className="plan-entries">
                      {planned.map((entry) => (
                        <PlanEntryItem
                          key={entry.recipe}
                          entry={entry}
                          name={nameOf(entry.recipe)}
                          csrfToken={csrfToken}
                          onSubmit={submit}
                        />
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
            <details className="clear-plan">
              <summary>Wochenplan leeren</summary>
              <p>{`Alle ${entries.length === 1 ? "1 Rezept" : `${entries.length} Rezepte`} aus dem Wochenplan nehmen?`}</p>
              <Form method="post" action="/wochenplan" onSubmit={submit}>
                <PlanFormFields action={WEEK_PLAN_ACTIONS.clear} csrfToken={csrfToken} />
                <button type="submit" className="button">
                  Ja, Wochenplan leeren
                </button>
              </Form>
            </details>

            <section className="week-list" aria-labelledby="einkaufsliste-woche">
              <h2 id="einkaufsliste-woche">Einkaufsliste für die Woche</h2>
              <p className="week-list-note">
                Alle Zutaten der Woche zusammengerechnet, für die Portionen jedes Tages – ohne das, was dein Vorrat und
                die Grundzutaten schon haben.
              </p>
              {lines === null ? <p className="week-list-loading">Die Zutaten werden geladen …</p> : null}
              {lines !== null && lines.length === 0 ? <p>Du hast alles im Haus.</p> : null}
              {lines !== null && lines.length > 0 ? (
                <>
                  <ul className="week-list-lines">
                    {lines.map(({ key, quantity, name }) => (
                      <li key={key}>
                        {quantity === null ? null : <span className="line-quantity">{quantity} </span>}
                        {name}
                      </li>
                    ))}
                  </ul>
                  <Form method="post" action="/wochenplan" className="week-list-add" onSubmit={submit}>
                    <PlanFormFields action={WEEK_PLAN_ACTIONS.toShoppingList} csrfToken={csrfToken} />
                    <button type="submit" className="button">
                      Auf die Einkaufsliste
                    </button>{" "}
                    <RouteLink to="/einkaufsliste">Einkaufsliste ansehen</RouteLink>
                  </Form>
                </>
              ) : null}
            </section>
          </>
        ) : null}
        {account ? (
          <p className="week-plan-where">
            Der Wochenplan liegt in deinem Konto und ist auf jedem Gerät da, auf dem du angemeldet bist.
          </p>
        ) : null}
        {anonymous && entries !== null ? (
          <p className="week-plan-where">
            Der Wochenplan liegt nur auf diesem Gerät. <a href={signInHref("/wochenplan")}>Mit Google anmelden</a>, um
            ihn in deinem Konto zu behalten.
          </p>
        ) : null}
      </div>
    </div>
  );
}
