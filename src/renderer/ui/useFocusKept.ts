/**
 * A button disabled while its work runs loses the keyboard focus to the page's body, where the
 * keyboard and a screen reader are left. `keep()`, called as the work begins, notes the focused
 * control; once `busy` is over, the focus goes back to it or, when it cannot take it (still
 * disabled, as a Save with nothing left to save; gone), to `fallback()`. Only from the page's body:
 * a control the owner went to meanwhile keeps the focus.
 */
import { useCallback, useEffect, useRef } from 'react';

const lost = () => document.activeElement === null || document.activeElement === document.body;

export function useFocusKept(busy: boolean, fallback?: () => HTMLElement | null | undefined): () => void {
  const focusedAtStart = useRef<Element | null>(null);
  const fallbackNow = useRef(fallback);
  useEffect(() => {
    fallbackNow.current = fallback;
  });
  useEffect(() => {
    const control = focusedAtStart.current;
    if (busy || control === null) return;
    focusedAtStart.current = null;
    if (!lost()) return;
    if (control instanceof HTMLElement && control.isConnected) control.focus();
    if (lost()) fallbackNow.current?.()?.focus();
  }, [busy]);
  return useCallback(() => {
    focusedAtStart.current = document.activeElement;
  }, []);
}
