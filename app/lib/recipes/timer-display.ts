/**
 * What a cooking timer shows at a moment, in the timer bar
 * (components/cooking-timer-bar.tsx): the time left as a clock ("11:58"),
 * whether it has run out, and the message that says so ("Timer abgelaufen:
 * Schritt 3 – 12 Minuten").
 */
import type { CookingTimer } from "./cooking-timers.ts";

/** Milliseconds left on `timer` at `now`; 0 once it has run out. */
export function remainingMs(timer: CookingTimer, now: number): number {
  return Math.max(0, timer.state === "running" ? timer.endsAt - now : timer.remainingMs);
}

/** Whether `timer` has run out by `now` (a paused timer never does). */
export function isFinished(timer: CookingTimer, now: number): boolean {
  return timer.state === "running" && timer.endsAt <= now;
}

/** "1 Minute", "12 Minuten", "1 Stunde 30 Minuten", "30 Sekunden": a duration in a sentence. */
export function durationInWords(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const word = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const parts = [
    hours > 0 ? word(hours, "Stunde", "Stunden") : "",
    minutes > 0 ? word(minutes, "Minute", "Minuten") : "",
    seconds > 0 || whole === 0 ? word(seconds, "Sekunde", "Sekunden") : "",
  ];
  return parts.filter(Boolean).join(" ");
}

/**
 * The time left as a clock: "11:58", "0:05", "1:04:09". Rounded up, so a
 * timer shows "0:01" until its last second is over and "0:00" only when it
 * has run out.
 */
export function clockText(milliseconds: number): string {
  const whole = Math.ceil(Math.max(0, milliseconds) / 1000);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const two = (value: number) => String(value).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(whole % 60)}` : `${minutes}:${two(whole % 60)}`;
}

/** "Schritt 3": which step a timer belongs to, counted from 1 as the page numbers them. */
export function stepName(timer: CookingTimer): string {
  return `Schritt ${timer.step + 1}`;
}

/** "Timer abgelaufen: Schritt 3 – 12 Minuten". */
export function endMessage(timer: CookingTimer): string {
  return `Timer abgelaufen: ${stepName(timer)} – ${durationInWords(timer.seconds)}`;
}
