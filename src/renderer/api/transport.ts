/**
 * What a transport gives the client: one way to call a method, one to save the audit log's export,
 * events, and the state of the link.
 */
import type { ApiErrorCode, ApiMethod, IasEvent, SaveAuditExport } from '../../shared/contract.js';

/** A failed call: its English message, and its code when it has one (to say it in the UI's language). */
export class CallError extends Error {
  constructor(
    message: string,
    readonly messageCode?: ApiErrorCode,
  ) {
    super(message);
  }
}

/** `unauthorized`: the web UI has no access token, or `ias serve` refused it; nothing is tried again. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'unauthorized';

export interface ConnectionStatus {
  state: ConnectionState;
  /** When the next reconnection attempt starts (ms since epoch), while reconnecting. */
  retryAt?: number;
  /** Why, when unauthorized: no token at all, or one the server refused. */
  reason?: 'missing' | 'refused';
  /** While reconnecting: the server refused the link as busy (too many connections or sockets: 503 or 1013). */
  busy?: boolean;
}

export interface Transport {
  readonly kind: 'ipc' | 'ws';
  invoke(method: ApiMethod, params: unknown[]): Promise<unknown>;
  /** The audit log's export saved as a file (shared/audit-export.ts): its own way per transport. */
  saveAuditExport: SaveAuditExport;
  onEvent(listener: (event: IasEvent) => void): () => void;
  status(): ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** Try to reconnect now (a no-op where the link cannot drop). */
  retryNow(): void;
}
