/**
 * Runs an action with a busy flag, and shows a toast titled `failedTitle` when it fails. The buttons
 * disabled while it runs keep the keyboard focus (see useFocusKept; `fallback` takes it when the
 * button pressed cannot).
 */
import { useCallback, useState } from 'react';
import { errorText } from '../api/client.js';
import { useToast } from '../app/Toasts.js';
import { useT } from '../i18n.js';
import { useFocusKept } from './useFocusKept.js';

export function useBusyAction(
  failedTitle: string,
  fallback?: () => HTMLElement | null | undefined,
): {
  busy: boolean;
  run: (action: () => Promise<void>) => Promise<void>;
} {
  const toast = useToast();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const keepFocus = useFocusKept(busy, fallback);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      keepFocus();
      setBusy(true);
      try {
        await action();
      } catch (err) {
        toast({ tone: 'error', title: failedTitle, body: errorText(t, err) });
      } finally {
        setBusy(false);
      }
    },
    [toast, failedTitle, t, keepFocus],
  );
  return { busy, run };
}
