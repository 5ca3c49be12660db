/**
 * The one typed client of the contract. The transport is chosen once, at start-up: the desktop
 * app's `window.ias` bridge when it is there, else a WebSocket to the `ias serve` that served
 * this page, with the access token its link brought (web-token.ts). No other module talks to a transport.
 */
import {
  API_METHODS,
  type ApiMethod,
  type IasApi,
  type IasEvent,
  type SaveAuditExport,
} from '../../shared/contract.js';
import { createIpcTransport } from './ipc-transport.js';
import { sayApiError, type ApiErrorCode } from '../../shared/api-errors.js';
import type { Strings } from '../i18n/en.js';
import { CallError, type ConnectionStatus, type Transport } from './transport.js';
import { forgetToken, signInToken, tokenAccepted } from './web-token.js';
import { checkSession, createWsTransport, defaultWsUrl } from './ws-transport.js';

export type { ConnectionState, ConnectionStatus } from './transport.js';
export { CallError } from './transport.js';

export interface IasClient {
  /** Which transport carries the contract: 'ipc' in the desktop app, 'ws' in the headless web UI. */
  readonly transport: 'ipc' | 'ws';
  /** Every method of the contract, fully typed. */
  readonly call: IasApi;
  /** Saves the audit log's export as a file: true once saved, false when the owner cancelled. */
  readonly saveAuditExport: SaveAuditExport;
  onEvent(listener: (event: IasEvent) => void): () => void;
  connection(): ConnectionStatus;
  onConnection(listener: (status: ConnectionStatus) => void): () => void;
  reconnectNow(): void;
}

export function createClient(transport: Transport): IasClient {
  const call = {} as Record<ApiMethod, (...params: unknown[]) => Promise<unknown>>;
  for (const method of API_METHODS) call[method] = (...params: unknown[]) => transport.invoke(method, params);
  return {
    transport: transport.kind,
    call: call as unknown as IasApi,
    saveAuditExport: (query, format, fileName) => transport.saveAuditExport(query, format, fileName),
    onEvent: (listener) => transport.onEvent(listener),
    connection: () => transport.status(),
    onConnection: (listener) => transport.onStatus(listener),
    reconnectNow: () => transport.retryNow(),
  };
}

function startUp(): IasClient {
  const bridge = window.ias;
  if (bridge) return createClient(createIpcTransport(bridge));
  const origin = window.location.origin;
  return createClient(
    createWsTransport(
      defaultWsUrl(window.location),
      {
        token: signInToken(),
        check: (token) => checkSession(origin, token),
        forget: forgetToken,
        accepted: tokenAccepted,
      },
      origin,
    ),
  );
}

export const client: IasClient = startUp();

/** A readable message for a failed call, in English. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** A failed call's code, when it came with one. */
export function errorCode(error: unknown): ApiErrorCode | undefined {
  return error instanceof CallError ? error.messageCode : undefined;
}

/** A readable message for a failed call, in the UI's language when its code is known. */
export function errorText(t: Strings, error: unknown): string {
  return sayApiError(t.apiError, errorMessage(error), errorCode(error));
}
