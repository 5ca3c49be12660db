/**
 * An approval's card goes once it is decided, and the focus its Approve or Reject button had would
 * go to the page's body (the buttons are disabled while the decision is sent, and then gone), where
 * the keyboard and a screen reader are left. `keep()`, called as a decision begins, notes where the
 * focus is: back on that button if the card stays (the decision failed, or was made elsewhere first);
 * if the card goes holding the focus, or having lost it to the body, to `next(card)`, found while the
 * card is still in the page.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useFocusKept } from '../ui/useFocusKept.js';

export function useFocusPassedOn(
  busy: boolean,
  card: RefObject<HTMLElement | null>,
  next: (card: HTMLElement) => HTMLElement | null | undefined,
): () => void {
  const keep = useFocusKept(busy);
  const deciding = useRef(false);
  const nextNow = useRef(next);
  useLayoutEffect(() => {
    nextNow.current = next;
  });
  useLayoutEffect(() => {
    const el = card.current;
    // A layout effect's cleanup runs before the card leaves the page: what is next is still there.
    return () => {
      if (!el) return;
      const at = document.activeElement;
      const lost = at === null || at === document.body;
      if (el.contains(at) || (deciding.current && lost)) nextNow.current(el)?.focus();
    };
  }, [card]);
  return () => {
    deciding.current = card.current?.contains(document.activeElement) ?? false;
    keep();
  };
}
