import type { CookingTimers } from "../lib/hooks/use-cooking-timers.ts";
import { isFrom, type TimerSource } from "../lib/recipes/cooking-timers.ts";
import { shortDuration } from "../lib/recipes/duration-label.ts";
import type { RecipeCardData } from "../lib/recipes/recipe-card-data.ts";
import { prepareAlarm } from "../lib/recipes/timer-alarm.ts";
import { useCookingMode } from "./cooking-mode-context.ts";
import type { HeadingTag } from "./headings.ts";
import { RecipeSteps } from "./recipe-steps.tsx";

/** The id of the button that starts a step's timer, where the timer bar sends focus when its timer is gone. */
export function timerButtonId({ step, ordinal }: TimerSource): string {
  return `kochtimer-${step + 1}-${ordinal + 1}`;
}

/**
 * The recipe page's "Zubereitung": the plain steps, and in cooking mode large
 * steps that the cook ticks off (the first open one is the current one), each
 * with a timer button per duration its text names. Lives only in the recipe
 * page's script: the lists' cards render `RecipeSteps` alone.
 */
export function CookingSteps({ recipe, heading: Heading }: { recipe: RecipeCardData; heading: HeadingTag }) {
  const mode = useCookingMode();
  if (!mode?.on) return <RecipeSteps recipe={recipe} heading={Heading} />;
  if (recipe.steps.length === 0) {
    return (
      <section aria-label="Zubereitung" className="recipe-section recipe-steps-section is-cooking">
        <Heading>Zubereitung</Heading>
        <p>{recipe.instructions}</p>
      </section>
    );
  }

  const { done, toggleStep, stepTimers, timers } = mode;
  const current = recipe.steps.findIndex((_, index) => !done.has(index));
  const doneCount = recipe.steps.filter((_, index) => done.has(index)).length;
  return (
    <section aria-label="Zubereitung" className="recipe-section recipe-steps-section is-cooking">
      <Heading>Zubereitung</Heading>
      <p className="cooking-progress">
        {doneCount} von {recipe.steps.length} Schritten erledigt
      </p>
      {/* biome-ignore lint/a11y/noRedundantRoles: the numbers move into the boxes (app.css), and Safari drops a list's role with its markers */}
      <ol className="recipe-steps cooking-steps" role="list">
        {recipe.steps.map((step, index) => {
          const isDone = done.has(index);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed list, and two may read alike
              key={index}
              className={isDone ? "is-done" : undefined}
              aria-current={index === current ? "step" : undefined}
            >
              <label className="cooking-step">
                <input type="checkbox" checked={isDone} onChange={() => toggleStep(index)} />
                <span className="cooking-step-text">{step}</span>
              </label>
              <StepTimerButtons step={index} durations={stepTimers[index] ?? []} timers={timers} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * A button per duration in a step: "Timer 12 Min." starts it. While that
 * timer is in the bar the button says so and does nothing; it stays
 * focusable, so a keyboard user's focus is not lost by the press. Outside the
 * step's label, so a press starts a timer and never ticks the step.
 */
function StepTimerButtons({
  step,
  durations,
  timers,
}: {
  step: number;
  /** Seconds of each timer the step's text names. */
  durations: readonly number[];
  timers: CookingTimers;
}) {
  if (durations.length === 0) return null;
  return (
    <div className="step-timers">
      {durations.map((seconds, ordinal) => {
        const source = { step, ordinal };
        const set = timers.list.some((timer) => isFrom(timer, source));
        const length = shortDuration(seconds);
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a step's durations are fixed, and two may read alike
            key={ordinal}
            id={timerButtonId(source)}
            type="button"
            className="tool-button step-timer"
            aria-disabled={set || undefined}
            aria-label={
              set ? `Timer läuft: ${length} für Schritt ${step + 1}` : `Timer ${length} für Schritt ${step + 1} starten`
            }
            onClick={() => {
              if (set) return;
              // Inside the press: the only moment a browser lets the page prepare sound for later.
              prepareAlarm();
              timers.start({ ...source, seconds });
            }}
          >
            <TimerIcon />
            {set ? "Timer läuft" : `Timer ${length}`}
          </button>
        );
      })}
    </div>
  );
}

/** A stopwatch, drawn here rather than in icons.tsx: only the recipe page's script needs it. */
function TimerIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
        <circle cx={12} cy={13} r={8} />
        <path d="M12 9v4l2.5 2.5M9.5 2h5M12 2v3" />
      </g>
    </svg>
  );
}
