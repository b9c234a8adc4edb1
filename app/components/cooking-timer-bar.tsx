import { useEffect, useReducer, useRef, useState } from "react";
import type { CookingTimers } from "../lib/hooks/use-cooking-timers.ts";
import type { CookingTimer, TimerSource } from "../lib/recipes/cooking-timers.ts";
import { soundAlarm } from "../lib/recipes/timer-alarm.ts";
import {
  clockText,
  durationInWords,
  endMessage,
  isFinished,
  remainingMs,
  stepName,
} from "../lib/recipes/timer-display.ts";
import { timerButtonId } from "./cooking-steps.tsx";

const keyOf = ({ step, ordinal }: TimerSource) => `${step}-${ordinal}`;

/**
 * Renders again whenever a running timer's clock shows a new second (and
 * when the page becomes visible again, since hidden pages' timeouts are
 * slowed down), so the bar reads the time afresh. Each wait is to the next
 * whole second of the timer closest to one, not a fixed interval that would
 * drift against the timers' ends, and each is planned as the one before
 * fires, not after the render it asks for. The waits are planned in an
 * effect, after the render that read the clock at `shownAt`: where a
 * second passed in between (a long task on a slow phone, a clock that
 * jumped), the bar renders again at once instead of showing that second
 * until the next one.
 */
function useSecondTicks(timers: readonly CookingTimer[], shownAt: number): void {
  const [, tick] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const now = Date.now();
    const stale = timers.some(
      (timer) =>
        timer.state === "running" && clockText(remainingMs(timer, now)) !== clockText(remainingMs(timer, shownAt)),
    );
    if (stale) tick();
  });
  useEffect(() => {
    let id: number | undefined;
    const plan = () => {
      const now = Date.now();
      let wait = Number.POSITIVE_INFINITY;
      for (const timer of timers) {
        if (timer.state !== "running" || timer.endsAt <= now) continue;
        wait = Math.min(wait, (timer.endsAt - now) % 1000 || 1000);
      }
      if (wait === Number.POSITIVE_INFINITY) return;
      id = window.setTimeout(() => {
        tick();
        plan();
      }, wait);
    };
    plan();
    return () => window.clearTimeout(id);
  }, [timers]);
  useEffect(() => {
    document.addEventListener("visibilitychange", tick);
    return () => document.removeEventListener("visibilitychange", tick);
  }, []);
}

/**
 * The timers of a recipe page, always in view at the bottom of the screen:
 * each with its step, the time left, "Pause"/"Weiter" and "Stopp"; a timer
 * that has run out says so ("Timer abgelaufen: Schritt 3 – 12 Minuten",
 * with "OK" to clear it), beeps and vibrates where it may. Fixed in place,
 * so it covers rather than moves the page (app.css gives the page room at
 * its end). Screen readers hear each end once, through a polite status
 * region, never the seconds.
 */
export function CookingTimerBar({ timers }: { timers: CookingTimers }) {
  const now = Date.now();
  useSecondTicks(timers.list, now);
  const [announcement, setAnnouncement] = useState({ text: "", count: 0 });
  // Timers this page has seen running: only those ring when they run out. One that ran out while the
  // page was away (closed, reloaded) is shown as run out, without a sound nobody asked to hear late.
  const watched = useRef(new Set<string>());

  useEffect(() => {
    const ended: CookingTimer[] = [];
    for (const timer of timers.list) {
      const key = keyOf(timer);
      if (!isFinished(timer, now)) watched.current.add(key);
      else if (watched.current.delete(key)) ended.push(timer);
    }
    if (ended.length === 0) return;
    soundAlarm();
    // A new element each time, so the same words for a second timer are announced again.
    setAnnouncement((previous) => ({ text: ended.map(endMessage).join(" "), count: previous.count + 1 }));
  });

  const list = useRef<HTMLUListElement>(null);
  /** Removes a timer; its row's buttons go with it, so focus moves to the next row's or back to the step. */
  function remove(timer: CookingTimer) {
    const rows = [...(list.current?.children ?? [])];
    const at = timers.list.indexOf(timer);
    const next = rows[at + 1] ?? rows[at - 1];
    const target = next?.querySelector("button") ?? document.getElementById(timerButtonId(timer));
    timers.remove(timer);
    target?.focus();
  }

  return (
    <section className="cooking-timers" aria-label="Timer">
      <ul ref={list} className="cooking-timer-list">
        {timers.list.map((timer) => (
          <TimerRow
            key={keyOf(timer)}
            timer={timer}
            now={now}
            onPause={() => timers.pause(timer)}
            onResume={() => timers.resume(timer)}
            onRemove={() => remove(timer)}
          />
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {announcement.text ? <span key={announcement.count}>{announcement.text}</span> : null}
      </p>
    </section>
  );
}

function TimerRow({
  timer,
  now,
  onPause,
  onResume,
  onRemove,
}: {
  timer: CookingTimer;
  now: number;
  onPause: () => void;
  onResume: () => void;
  onRemove: () => void;
}) {
  const name = stepName(timer);
  if (isFinished(timer, now)) {
    return (
      <li className="cooking-timer is-finished">
        <span className="cooking-timer-name">{endMessage(timer)}</span>
        <button type="button" className="timer-button" aria-label={`OK – Timer ${name}`} onClick={onRemove}>
          OK
        </button>
      </li>
    );
  }
  const paused = timer.state === "paused";
  return (
    <li className={`cooking-timer${paused ? " is-paused" : ""}`}>
      <span className="cooking-timer-name">
        {name} · {durationInWords(timer.seconds)}
        {paused ? <span className="cooking-timer-paused"> · pausiert</span> : null}
      </span>
      <span className="cooking-timer-clock" role="timer">
        {clockText(remainingMs(timer, now))}
      </span>
      {paused ? (
        <button type="button" className="timer-button" aria-label={`Weiter – Timer ${name}`} onClick={onResume}>
          Weiter
        </button>
      ) : (
        <button type="button" className="timer-button" aria-label={`Pause – Timer ${name}`} onClick={onPause}>
          Pause
        </button>
      )}
      <button type="button" className="timer-button" aria-label={`Stopp – Timer ${name}`} onClick={onRemove}>
        Stopp
      </button>
    </li>
  );
}
