/**
 * Toasts held while the owner reads them: none goes by itself while the pointer is over the toasts
 * or the keyboard focus is in one; once let be, each goes in the time it had left (at least
 * AFTER_HOLD_MS). A toast that leaves the page with the focus in it gives it back to where it came
 * from (else to the page's main part), not to the page's body.
 */
import { useCallback, useEffect, useRef, type FocusEvent } from 'react';

/** Once let be, a toast whose time ran out while held stays this long more. */
const AFTER_HOLD_MS = 2000;

const inside = (el: HTMLElement, { x, y }: { x: number; y: number }) => {
  const box = el.getBoundingClientRect();
  return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
};

const within = (list: HTMLElement, node: EventTarget | null) => node instanceof Node && list.contains(node);

/** A toast's time left, counted down while the toasts are let be. */
interface Countdown {
  left: number;
  since: number;
  timer?: ReturnType<typeof setTimeout>;
}

export function useToastHold(toasts: readonly { id: number }[], dismiss: (id: number) => void) {
  const countdowns = useRef(new Map<number, Countdown>());
  /** Why the toasts are held: the pointer is over one, the focus in one. */
  const held = useRef({ pointer: false, focus: false });
  /** Where the focus was before it went into the toasts. */
  const cameFrom = useRef<HTMLElement | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const pointer = useRef<{ x: number; y: number } | undefined>(undefined);

  const run = useCallback(
    (id: number, countdown: Countdown) => {
      countdown.since = Date.now();
      countdown.timer = setTimeout(() => dismiss(id), countdown.left);
    },
    [dismiss],
  );
  const hold = useCallback(
    (why: 'pointer' | 'focus', on: boolean) => {
      const before = held.current.pointer || held.current.focus;
      held.current[why] = on;
      const now = held.current.pointer || held.current.focus;
      if (before === now) return;
      for (const [id, countdown] of countdowns.current) {
        if (now) {
          clearTimeout(countdown.timer);
          countdown.left -= Date.now() - countdown.since;
        } else {
          countdown.left = Math.max(countdown.left, AFTER_HOLD_MS);
          run(id, countdown);
        }
      }
    },
    [run],
  );
  /** Toast `id` goes in `ms`, counted while the toasts are let be. */
  const countDown = useCallback(
    (id: number, ms: number) => {
      const countdown: Countdown = { left: ms, since: Date.now() };
      countdowns.current.set(id, countdown);
      if (!held.current.pointer && !held.current.focus) run(id, countdown);
    },
    [run],
  );

  // A toast gone (closed, or its approval answered) is counted no more.
  useEffect(() => {
    for (const [id, countdown] of countdowns.current) {
      if (toasts.some((toast) => toast.id === id)) continue;
      clearTimeout(countdown.timer);
      countdowns.current.delete(id);
    }
  }, [toasts]);

  // The toasts let clicks through to the page (all but their buttons and links), so the pointer
  // over one is found by where it is, not by the toast's own events.
  const any = toasts.length > 0;
  useEffect(() => {
    if (!any) return;
    const onMove = (event: PointerEvent) => {
      const at = (pointer.current = { x: event.clientX, y: event.clientY });
      const shown = listRef.current?.querySelectorAll<HTMLElement>('.toast') ?? [];
      hold(
        'pointer',
        [...shown].some((el) => inside(el, at)),
      );
    };
    const onLeave = () => {
      pointer.current = undefined;
      hold('pointer', false);
    };
    document.addEventListener('pointermove', onMove, { passive: true });
    document.documentElement.addEventListener('pointerleave', onLeave);
    return () => {
      document.removeEventListener('pointermove', onMove);
      document.documentElement.removeEventListener('pointerleave', onLeave);
      hold('pointer', false);
    };
  }, [any, hold]);

  return {
    countDown,
    listRef,
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const from = event.relatedTarget;
      if (!within(event.currentTarget, from)) cameFrom.current = from instanceof HTMLElement ? from : null;
      hold('focus', true);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!within(event.currentTarget, event.relatedTarget)) hold('focus', false);
    },
    /** Told by a toast as it leaves the page, while it still holds the focus or the pointer it had. */
    gone: (el: HTMLElement) => {
      // Closed under the pointer: the toasts left are let be until it moves onto one.
      if (pointer.current && inside(el, pointer.current)) hold('pointer', false);
      if (!el.contains(document.activeElement)) return;
      const back = cameFrom.current?.isConnected ? cameFrom.current : document.getElementById('main');
      back?.focus();
      hold('focus', false);
    },
  };
}
