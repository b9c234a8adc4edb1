/**
 * The sound and the buzz when a cooking timer runs out: a few beeps made
 * with Web Audio (no file to download) and a vibration where the device has
 * one. Browsers let a page make sound or vibrate only after the visitor has
 * pressed something on it, so the audio is got ready on a press
 * (`prepareAlarm`, from the timer buttons' handlers) and used later, when no
 * press is under way. Without it (no Web Audio, or no press since a reload)
 * the visible message alone says that the time is up.
 */

let audio: AudioContext | undefined;

/** Gets the sound ready; call it while handling a press. Never throws. */
export function prepareAlarm(): void {
  try {
    if (typeof AudioContext === "undefined") return;
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume().catch(() => {});
  } catch {
    // A browser that refuses audio altogether: the message is still shown.
  }
}

// Three pairs of short beeps, about two seconds: heard across a kitchen, over before it annoys.
const BEEPS_AT = [0, 0.2, 0.7, 0.9, 1.4, 1.6];
const BEEP_SECONDS = 0.12;
const PITCH_HZ = 880;
const VIBRATION_MS = [200, 100, 200, 100, 400];

function beep(context: AudioContext, at: number): void {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = "sine";
  oscillator.frequency.value = PITCH_HZ;
  // Up and down within a few milliseconds: a hard start or stop of a sine clicks.
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(0.3, at + 0.01);
  gain.gain.setValueAtTime(0.3, at + BEEP_SECONDS - 0.02);
  gain.gain.linearRampToValueAtTime(0, at + BEEP_SECONDS);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + BEEP_SECONDS);
}

/** Beeps and vibrates, as far as the browser allows. Never throws. */
export function soundAlarm(): void {
  try {
    if (audio?.state === "running") {
      const start = audio.currentTime + 0.05;
      for (const offset of BEEPS_AT) beep(audio, start + offset);
    }
  } catch {
    // Sound is a help, not a must: the message is on the screen.
  }
  try {
    navigator.vibrate?.(VIBRATION_MS);
  } catch {
    // Some browsers throw instead of returning false.
  }
}
