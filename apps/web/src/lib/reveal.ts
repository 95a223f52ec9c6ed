import { useCallback, useEffect, useRef, type RefObject } from 'react';

// What the console opens on demand (a tab, a payload, an answer) is brought into view: on a phone it would
// otherwise open just below the fold or behind a tab strip's scroll arrow.

/** Scrolls `element` the least it takes to show it whole (nothing moves when it is already in view). */
export function reveal(element: Element | null): void {
  // jsdom has no scrolling.
  if (!element || typeof element.scrollIntoView !== 'function') return;
  element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  // The console's top bar stays on top of the page: what went up to the window's edge is under it (not so in a
  // dialog, which scrolls inside itself).
  if (element.closest('[role="dialog"]')) return;
  const bar = document.querySelector('header.MuiAppBar-positionSticky, header.MuiAppBar-positionFixed');
  const covered = bar ? bar.getBoundingClientRect().bottom - element.getBoundingClientRect().top : 0;
  if (covered > 0) window.scrollBy({ top: -(covered + 8) });
}

/**
 * A ref for a part that appears on demand: when it mounts it is scrolled into view. Give the part a `key` (or
 * render it anew) for each thing it shows, so each opening reveals it again.
 */
export function useRevealOnMount<T extends Element>(): (element: T | null) => void {
  return useCallback((element: T | null) => reveal(element), []);
}

/** A ref for a part that shows `shown` (an answer, say): each time `shown` changes to a value it is scrolled into view. */
export function useRevealWhen<T extends Element>(shown: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) reveal(ref.current);
  }, [shown]);
  return ref;
}

/** How long MUI's Tabs animate their own scroll (theme.transitions.duration.standard) and a frame more. */
const tabsScrollMs = 350;

/**
 * Keeps the selected tab of a scrollable MUI `Tabs` (inside `tabsRef`) whole in its strip. MUI scrolls it into view
 * as the strip is first laid out, before the scroll arrows appear; the arrows then narrow the strip and cover the
 * tab. So it is fitted again whenever the strip changes size, and once more after MUI's own scroll has ended.
 */
export function useSelectedTabInView(tabsRef: RefObject<HTMLElement | null>, selected: string): void {
  useEffect(() => {
    const scroller = tabsRef.current?.querySelector<HTMLElement>('.MuiTabs-scroller');
    if (!scroller) return;
    const fit = () => {
      const tab = scroller.querySelector('[role="tab"][aria-selected="true"]');
      if (!tab) return;
      const strip = scroller.getBoundingClientRect();
      const box = tab.getBoundingClientRect();
      if (box.left < strip.left) scroller.scrollLeft -= strip.left - box.left;
      else if (box.right > strip.right) scroller.scrollLeft += box.right - strip.right;
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fitNowAndLater = () => {
      fit();
      clearTimeout(timer);
      timer = setTimeout(fit, tabsScrollMs);
    };
    fitNowAndLater();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fitNowAndLater);
    observer?.observe(scroller);
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [tabsRef, selected]);
}
