import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useVisitor } from "../../lib/site/shell-data.ts";
import {
  ANSWER_FIELD,
  ANSWER_WITH_DATA,
  CSRF_FIELD,
  RECIPE_ACTION_FIELD,
  RECIPE_FIELD,
  SERVINGS_PARAM,
} from "../../lib/url/form-fields.ts";
import type { PlanAnswer } from "../../lib/week-plan/plan-answer.ts";
import { WEEK_PLAN_ACTIONS, WEEK_PLAN_DAY_FIELD } from "../../lib/week-plan/plan-fields.ts";
import { WEEK_DAYS } from "../../lib/week-plan/plan-limits.ts";
import { ReturnPathField } from "../return-path-field.tsx";
import { RouteLink } from "../route-link.tsx";

interface AddToWeekPlanProps {
  slug: string;
  recipeName: string;
  /** The servings to plan it for: the ones the page shows. */
  servings: number;
}

type Status = { text: string; ok: boolean } | null;

const FAILED = "Das hat gerade nicht geklappt. Bitte versuche es noch einmal.";

/**
 * "Zum Wochenplan": a recipe onto a chosen day, for the servings shown. A
 * signed-in visitor's press is a post to /wochenplan that changes the plan in
 * their account; everyone else's plan is on the device, changed in the
 * browser (its module is loaded on the first press only). Without JavaScript
 * it is a plain form: stored for a signed-in visitor, a notice for everyone
 * else. The same HTML whatever the plan holds: the page may come from the
 * edge cache.
 */
export function AddToWeekPlan({ slug, recipeName, servings }: AddToWeekPlanProps) {
  const visitor = useVisitor();
  const fetcher = useFetcher<PlanAnswer>();
  const [status, setStatus] = useState<Status>(null);
  const lastDay = useRef(0);
  const handled = useRef<PlanAnswer | undefined>(undefined);
  const selectId = useId();
  const busy = fetcher.state !== "idle";

  const addedText = (day: number) => `${recipeName} steht am ${WEEK_DAYS[day]} in deinem Wochenplan.`;

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    setStatus(
      answer.error === undefined ? { text: addedText(lastDay.current), ok: true } : { text: answer.error, ok: false },
    );
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setStatus(null);
    const form = new FormData(event.currentTarget);
    lastDay.current = Number(form.get(WEEK_PLAN_DAY_FIELD));
    if (visitor) {
      form.set(ANSWER_FIELD, ANSWER_WITH_DATA);
      fetcher.submit(form, { method: "post", action: "/wochenplan", defaultShouldRevalidate: false });
      return;
    }
    void Promise.all([import("../../lib/week-plan/plan-form.ts"), import("../../lib/week-plan/device-plan.ts")])
      .then(([{ parsePlanForm }, { changeDevicePlan }]) => {
        const request = parsePlanForm(form);
        if (request?.kind !== "add") return setStatus({ text: FAILED, ok: false });
        const change = changeDevicePlan(request);
        if (!change.ok) return setStatus({ text: "Dein Wochenplan ist voll. Entferne erst etwas.", ok: false });
        if (!change.stored) {
          return setStatus({ text: "Dieser Browser lässt uns nichts auf deinem Gerät speichern.", ok: false });
        }
        setStatus({ text: addedText(lastDay.current), ok: true });
      })
      .catch(() => setStatus({ text: FAILED, ok: false }));
  }

  return (
    <div className="week-plan-add">
      <form method="post" action="/wochenplan" onSubmit={submit}>
        <input type="hidden" name={RECIPE_ACTION_FIELD} value={WEEK_PLAN_ACTIONS.add} />
        <input type="hidden" name={RECIPE_FIELD} value={slug} />
        <input type="hidden" name={SERVINGS_PARAM} value={servings} />
        {visitor ? <input type="hidden" name={CSRF_FIELD} value={visitor.csrfToken} /> : null}
        <ReturnPathField />
        <label htmlFor={selectId}>Tag</label>
        <select id={selectId} name={WEEK_PLAN_DAY_FIELD} defaultValue="0">
          {WEEK_DAYS.map((day, index) => (
            <option key={day} value={index}>
              {day}
            </option>
          ))}
        </select>
        <button type="submit" className="tool-button" aria-label={`Zum Wochenplan: ${recipeName}`} aria-busy={busy}>
          Zum Wochenplan
        </button>
      </form>
      <p className="week-plan-add-status" aria-live="polite">
        {status ? (
          <>
            <span className={status.ok ? undefined : "save-error"}>{status.text}</span>{" "}
            <RouteLink to="/wochenplan">Wochenplan ansehen</RouteLink>
          </>
        ) : null}
      </p>
    </div>
  );
}
