/** Approve or reject from the UI, telling the owner when it was already decided or failed. */
import { useCallback } from 'react';
import { errorText } from '../api/client.js';
import { useToast } from '../app/Toasts.js';
import { useT } from '../i18n.js';
import { useApprovals } from './ApprovalsProvider.js';

export function useDecide(): (id: string, approve: boolean) => Promise<void> {
  const t = useT();
  const toast = useToast();
  const { decide } = useApprovals();
  return useCallback(
    async (id, approve) => {
      try {
        if (!(await decide(id, approve))) toast({ tone: 'info', title: t.approvals.alreadyDecided });
      } catch (err) {
        toast({ tone: 'error', title: t.approvals.decideFailed, body: errorText(t, err) });
      }
    },
    [decide, toast, t],
  );
}
