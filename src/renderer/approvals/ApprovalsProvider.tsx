/**
 * Approvals as the whole UI sees them: the list from `listApprovals`, kept live by `approval`
 * events. The sidebar's badge, the chat's inline card and the Approvals page all read it.
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { ApprovalInfo, ApprovalStatus } from '../../shared/contract.js';
import { client } from '../api/client.js';
import { useIasEvent, useLoad } from '../api/hooks.js';

export const OPEN_STATUSES: readonly ApprovalStatus[] = ['queued', 'pending'];

export function isOpen(approval: ApprovalInfo): boolean {
  return OPEN_STATUSES.includes(approval.status);
}

interface ApprovalsContextValue {
  /** Newest first. */
  approvals: ApprovalInfo[];
  /** The list has been read (until then `approvals` is empty for want of knowing, not for want of any). */
  ready: boolean;
  loading: boolean;
  error: string | undefined;
  openCount: number;
  decide: (id: string, approve: boolean) => Promise<boolean>;
  reload: () => void;
}

const ApprovalsContext = createContext<ApprovalsContextValue | undefined>(undefined);

export function useApprovals(): ApprovalsContextValue {
  const value = useContext(ApprovalsContext);
  if (!value) throw new Error('useApprovals outside ApprovalsProvider');
  return value;
}

function upsert(list: ApprovalInfo[], approval: ApprovalInfo): ApprovalInfo[] {
  const rest = list.filter((a) => a.id !== approval.id);
  return [approval, ...rest].sort((a, b) => b.createdAt - a.createdAt);
}

export function ApprovalsProvider({ children }: { children: ReactNode }) {
  const loaded = useLoad(() =>
    client.call.listApprovals().then((list) => [...list].sort((a, b) => b.createdAt - a.createdAt)),
  );
  const { setData, reload } = loaded;
  useIasEvent((event) => {
    if (event.type === 'approval') setData((list) => upsert(list ?? [], event.approval));
  });
  const decide = useCallback(
    async (id: string, approve: boolean) => {
      const accepted = await client.call.decideApproval(id, approve);
      // The approval event brings the new state; ask again in case it was decided elsewhere first.
      if (!accepted) reload();
      return accepted;
    },
    [reload],
  );
  const approvals = loaded.data;
  const value = useMemo(() => {
    const list = approvals ?? [];
    return {
      approvals: list,
      ready: approvals !== undefined,
      loading: loaded.loading,
      error: loaded.error,
      openCount: list.filter(isOpen).length,
      decide,
      reload,
    };
  }, [approvals, loaded.loading, loaded.error, decide, reload]);
  return <ApprovalsContext.Provider value={value}>{children}</ApprovalsContext.Provider>;
}
