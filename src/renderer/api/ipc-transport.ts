/** The desktop transport: the preload's `window.ias` bridge, one IPC call per method. */
import type { ApiMethod, IasBridge, IasEvent } from '../../shared/contract.js';
import { decodeApiError } from '../../shared/api-errors.js';
import { CallError, type ConnectionStatus, type Transport } from './transport.js';

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/** Electron wraps a failed call as "Error invoking remote method 'ias:x': Error: <message>"; keep the message. */
export function cleanIpcError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/^Error invoking remote method '[^']*':\s*(?:[A-Za-z]*Error:\s*)?/, '');
}

/** A failed IPC call as the UI shows it: its message, and its code when it has one. */
function callError(err: unknown): CallError {
  const { message, messageCode } = decodeApiError(cleanIpcError(err));
  return new CallError(message, messageCode);
}

export function createIpcTransport(bridge: IasBridge): Transport {
  const open: ConnectionStatus = { state: 'open' };
  return {
    kind: 'ipc',
    invoke(method: ApiMethod, params: unknown[]) {
      const fn = bridge[method] as AnyMethod | undefined;
      if (typeof fn !== 'function') return Promise.reject(new Error(`iAs: the app does not offer "${method}"`));
      return fn(...params).catch((err: unknown) => {
        throw callError(err);
      });
    },
    // The main process asks the owner where, and the core writes the file there.
    saveAuditExport(query, format, fileName) {
      if (typeof bridge.saveAuditExport !== 'function')
        return Promise.reject(new Error('iAs: the app does not offer "saveAuditExport"'));
      return bridge.saveAuditExport(query, format, fileName).catch((err: unknown) => {
        throw callError(err);
      });
    },
    onEvent(listener: (event: IasEvent) => void) {
      // An older preload may not forward events yet: the UI still works, only without live updates.
      return typeof bridge.onEvent === 'function' ? bridge.onEvent(listener) : () => undefined;
    },
    status: () => open,
    onStatus: () => () => undefined,
    retryNow: () => undefined,
  };
}
