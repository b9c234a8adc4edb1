/**
 * Whether two secrets are equal, in time that does not depend on where they
 * differ. Their length is not hidden: callers compare values of a fixed
 * length (form tokens, digests).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
