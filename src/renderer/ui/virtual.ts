/**
 * Watches a virtual list's scroll box with a ResizeObserver alone. The library's default also reads
 * the box's size at once, which forces a layout in the middle of the first render; with an
 * `initialRect` to start from, the observer's first report (after layout) is enough.
 */
import type { Rect, Virtualizer } from '@tanstack/react-virtual';

export function observeRectLazily(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(([entry]) => {
    if (entry) cb({ width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}
