import type { Page } from "@playwright/test";

/**
 * The most a page may shift and still count as still: Lighthouse shows
 * CLS with three decimals, so this is what it reports as 0.000. Below it
 * lie shifts of a pixel or two, seen now and then when a busy machine
 * paints a page twice while reading it; anything a visitor could notice,
 * such as the cookie banner's 0.004, is above it.
 */
export const UNNOTICEABLE_SHIFT = 0.001;

export interface LayoutShift {
  /** The sum of all layout shifts the page has recorded so far. */
  total: number;
  /** The same without shifts right after a click or key press, which are the visitor's doing. */
  unprompted: number;
  /** What moved, for the failure message: element, class, and its box before → after. */
  moved: string[];
}

/** The layout shifts the page has recorded so far, read after a short settle. */
export function layoutShift(page: Page): Promise<LayoutShift> {
  return page.evaluate(
    () =>
      new Promise<LayoutShift>((resolve) => {
        const shift: LayoutShift = { total: 0, unprompted: 0, moved: [] };
        const box = (rect: DOMRectReadOnly) => `${rect.x},${rect.y} ${rect.width}×${rect.height}`;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const { value, hadRecentInput, sources } = entry as unknown as {
              value: number;
              hadRecentInput: boolean;
              sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
            };
            shift.total += value;
            if (!hadRecentInput) shift.unprompted += value;
            for (const source of sources) {
              const node = source.node;
              const name = node instanceof Element ? `${node.tagName}.${node.className}` : (node?.nodeName ?? "?");
              shift.moved.push(`${name} ${box(source.previousRect)} → ${box(source.currentRect)} (${value})`);
            }
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(shift), 300);
      }),
  );
}
