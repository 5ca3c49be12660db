/**
 * Unsaved edits on a page: leaving them asks first ("Discard changes?", Cancel or Discard). A link to
 * elsewhere in the app (the sidebar's, a toast's) is held until the owner answers, and so is what
 * the page itself passes to `guarded` (closing the skill, opening another). The browser's Back and
 * Forward (or an address typed) are caught as they land and undone, the history as it was before
 * them, and Discard then goes where they pointed. With nothing unsaved, all just go.
 * (No `beforeunload`: the desktop window hides to the tray rather than closing, and a question
 * there would silently keep iAs from quitting.)
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n.js';
import { ConfirmDialog } from '../ui/Dialog.js';
import { goTo, holdPage } from './router.js';

export interface LeaveGuard {
  /** Runs `go` at once, or once the owner agrees to discard the edits. */
  guarded: (go: () => void) => void;
  /** The question, to render in the page. */
  dialog: ReactNode;
}

/** `message`: what holds the edits (never the edits themselves); `onDiscard`: the edits were given up. */
export function useLeaveGuard(dirty: boolean, message: string, onDiscard?: () => void): LeaveGuard {
  const t = useT();
  const [pending, setPending] = useState<{ go: () => void }>();

  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const href = (event.target as Element | null)?.closest?.('a[href^="#/"]')?.getAttribute('href');
      if (!href || href === window.location.hash) return;
      event.preventDefault();
      setPending({ go: () => goTo(href) });
    };
    document.addEventListener('click', onClick);
    // Back, Forward: the page and the history stay as they were while the owner is asked; Discard
    // goes where they went.
    const release = holdPage((resume) => setPending({ go: resume }));
    return () => {
      document.removeEventListener('click', onClick);
      release();
    };
  }, [dirty]);

  // As the page is now: `guarded` may be called once an answer comes, edits made meanwhile.
  const dirtyNow = useRef(dirty);
  useEffect(() => {
    dirtyNow.current = dirty;
  });
  const guarded = (go: () => void) => {
    if (dirtyNow.current) setPending({ go });
    else go();
  };

  // There only while it asks: a page's other confirmations stay the only ones in it.
  const dialog = pending && (
    <ConfirmDialog
      open
      title={t.common.discardTitle}
      message={message}
      confirmLabel={t.common.discard}
      danger
      onConfirm={() => {
        setPending(undefined);
        onDiscard?.();
        pending.go();
      }}
      onCancel={() => setPending(undefined)}
    />
  );
  return { guarded, dialog };
}
