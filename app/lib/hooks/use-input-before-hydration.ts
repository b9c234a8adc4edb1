import { type RefObject, useEffect, useEffectEvent } from "react";

/** A field whose state a visitor sets: text, a box, a radio button. */
export type TypedControl = HTMLInputElement | HTMLTextAreaElement;

/**
 * Whether the visitor changed `control` before the page was hydrated. The server's value stays in the DOM as
 * the control's default (its `value` and `checked` attributes, which hydration leaves as React rendered them),
 * while what the visitor typed, pasted, let the browser fill in or ticked is its live state.
 */
export function changedByVisitor(control: Element): control is TypedControl {
  if (control instanceof HTMLTextAreaElement) return control.value !== control.defaultValue;
  if (!(control instanceof HTMLInputElement)) return false;
  if (control.type === "checkbox" || control.type === "radio") return control.checked !== control.defaultChecked;
  // Hidden fields and buttons hold what the page put there, never a visitor's input.
  if (["hidden", "submit", "reset", "button", "image"].includes(control.type)) return false;
  return control.value !== control.defaultValue;
}

/**
 * Hands `onEarlyInput` the fields in `container` (a form, a field, any element around fields) that the visitor
 * changed before hydration, once, right after the page is hydrated (decision 0058).
 *
 * Between the first paint and hydration a visitor can already type, paste, tick and choose: the page is the
 * server's HTML and its fields work as the browser's own. React hydrates such a field without overwriting it, but
 * it never hears of the change: its state still holds the server's value, the next render of a controlled field
 * writes that value back (the text is wiped, the box unticked), and nothing the change should do happens. A
 * field changed while hydration runs may reach its `onChange` as well (React finishes hydrating at once for the
 * event and hands it on): what the callback does must come out the same when done twice.
 *
 * The callback adopts the DOM's state and acts on it. It runs in an effect, after React Router's own layout
 * effects have started the router, so it may navigate and submit; effects run children first, so a page hears
 * of it before its own effects run. Fields mounted by a client navigation hold what React rendered: there it
 * finds nothing.
 */
export function useInputBeforeHydration(
  container: RefObject<HTMLElement | null>,
  onEarlyInput: (changed: TypedControl[]) => void,
): void {
  const adopt = useEffectEvent(onEarlyInput);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const fields =
      root instanceof HTMLFormElement ? [...root.elements] : [root, ...root.querySelectorAll("input, textarea")];
    const changed = fields.filter(changedByVisitor);
    if (changed.length > 0) adopt(changed);
  }, [container]);
}
