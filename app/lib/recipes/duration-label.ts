/** "30 Sek.", "12 Min.", "1 Min. 30 Sek.", "2 Std.", "1 Std. 30 Min.": a duration on a timer button. */
export function shortDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const parts = [
    hours > 0 ? `${hours} Std.` : "",
    minutes > 0 ? `${minutes} Min.` : "",
    seconds > 0 || whole === 0 ? `${seconds} Sek.` : "",
  ];
  return parts.filter(Boolean).join(" ");
}
