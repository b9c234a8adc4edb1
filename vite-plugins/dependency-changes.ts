import type { Plugin } from "vite";

/** One change to a dependency's file: the exact text it replaces, and what replaces it. */
export interface TextChange {
  find: string;
  replace: string;
}

/** Changes to one file of a dependency, made at build time. */
export interface DependencyChange {
  /** The plugin's name, and the start of its error message. */
  name: string;
  /**
   * The npm package whose file it changes: pinned to one exact version in
   * package.json (tests/unit/dependency-changes-pinned.test.ts), so the
   * text a change expects cannot drift with an install.
   */
  package: string;
  /** The dependency file the changes are made to. */
  file: RegExp;
  changes: readonly TextChange[];
  /** The decision record that explains the changes, named when they no longer apply. */
  decision: string;
}

/**
 * `code` with `change`'s text changes made in order; throws, naming its
 * decision, if any of them does not find its text exactly once. A
 * dependency's new version then stops the build instead of shipping half of
 * a change.
 */
export function withChanges({ name, changes, decision }: DependencyChange, code: string): string {
  let changed = code;
  for (const { find, replace } of changes) {
    const first = changed.indexOf(find);
    if (first === -1 || changed.indexOf(find, first + 1) !== -1) {
      throw new Error(
        `${name}: the file does not hold exactly one "${find.split("\n")[0]}"; ` +
          `measure the new version without this change, then update or remove it (${decision})`,
      );
    }
    changed = changed.replace(find, () => replace);
  }
  return changed;
}

/**
 * The build plugin that makes `change`. Builds only: the dev server runs the
 * dependencies' development builds, which these changes do not name.
 */
export function dependencyChangePlugin(change: DependencyChange): Plugin {
  return {
    name: change.name,
    apply: "build",
    transform: {
      filter: { id: change.file },
      handler: (code) => ({ code: withChanges(change, code), map: null }),
    },
  };
}
