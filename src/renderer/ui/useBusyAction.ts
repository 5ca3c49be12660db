/** Runs an action with a busy flag, and shows a toast titled `failedTitle` when it fails. */
import { useCallback, useState } from 'react';
import { errorText } from '../api/client.js';
import { useToast } from '../app/Toasts.js';
import { useT } from '../i18n.js';

export function useBusyAction(failedTitle: string): {
  busy: boolean;
  run: (action: () => Promise<void>) => Promise<void>;
} {
  const toast = useToast();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      try {
        await action();
      } catch (err) {
        toast({ tone: 'error', title: failedTitle, body: errorText(t, err) });
      } finally {
        setBusy(false);
      }
    },
    [toast, failedTitle, t],
  );
  return { busy, run };
}
