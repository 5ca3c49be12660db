/** What a transport gives the client: one way to call a method, events, and the state of the link. */
import type { ApiMethod, IasEvent } from '../../shared/contract.js';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

export interface ConnectionStatus {
  state: ConnectionState;
  /** When the next reconnection attempt starts (ms since epoch), while reconnecting. */
  retryAt?: number;
}

export interface Transport {
  readonly kind: 'ipc' | 'ws';
  invoke(method: ApiMethod, params: unknown[]): Promise<unknown>;
  onEvent(listener: (event: IasEvent) => void): () => void;
  status(): ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** Try to reconnect now (a no-op where the link cannot drop). */
  retryNow(): void;
}
