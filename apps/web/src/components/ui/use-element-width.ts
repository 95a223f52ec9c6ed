import { useEffect, useRef, useState } from 'react';

/**
 * The element's width in CSS pixels, followed as it changes; `defaultWidth` until it is measured (and in tests,
 * where nothing has a size). A chart drawn at its real size keeps its text at the page's text size on any screen.
 */
export function useElementWidth(defaultWidth: number, minWidth = 320) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(defaultWidth);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(Math.max(minWidth, measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [minWidth]);
  return { ref, width };
}
