/** Runs an action with a busy flag, and shows a toast titled `failedTitle` when it fails. */
import { useCallback, useState } from 'react';
import { errorMessage } from '../api/client.js';
import { useToast } from '../app/Toasts.js';

export function useBusyAction(failedTitle: string): {
  busy: boolean;
  run: (action: () => Promise<void>) => Promise<void>;
} {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      try {
        await action();
      } catch (err) {
        toast({ tone: 'error', title: failedTitle, body: errorMessage(err) });
      } finally {
        setBusy(false);
      }
    },
    [toast, failedTitle],
  );
  return { busy, run };
}
