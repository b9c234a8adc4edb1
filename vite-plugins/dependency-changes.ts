import type { Plugin } from "vite";

/** One change to a dependency's file: the exact text it replaces, and what replaces it. */
export interface TextChange {
  find: string;
  replace: string;
}

/**
 * `code` with `changes` made in order; throws, naming `decision`, if any
 * change does not find its text exactly once. A dependency's new version
 * then stops the build instead of shipping half of a change.
 */
export function withChanges(code: string, changes: readonly TextChange[], what: string, decision: string): string {
  let changed = code;
  for (const { find, replace } of changes) {
    const first = changed.indexOf(find);
    if (first === -1 || changed.indexOf(find, first + 1) !== -1) {
      throw new Error(
        `${what}: the file does not hold exactly one "${find.split("\n")[0]}"; ` +
          `measure the new version without this change, then update or remove it (${decision})`,
      );
    }
    changed = changed.replace(find, () => replace);
  }
  return changed;
}

/**
 * A build plugin that makes `changes` to the dependency files `file`
 * matches. Builds only: the dev server runs the dependencies' development
 * builds, which these changes do not name.
 */
export function dependencyChanges(options: {
  name: string;
  file: RegExp;
  changes: readonly TextChange[];
  decision: string;
}): Plugin {
  const { name, file, changes, decision } = options;
  return {
    name,
    apply: "build",
    transform: {
      filter: { id: file },
      handler: (code) => ({ code: withChanges(code, changes, name, decision), map: null }),
    },
  };
}
