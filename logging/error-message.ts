/**
 * The text of whatever a `catch` caught, for a log line or a JSON answer.
 * Anything can be thrown, not only an Error; a non-Error is shown as text
 * rather than dropped, so the log still says what went wrong.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
