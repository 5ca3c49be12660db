/**
 * One WebSocket frame of the contract, in and out: a `WsRequest` is checked (shape, then
 * `callRefusal`) before anything runs, and every outcome becomes a `WsResponse` — a result, or an
 * error message without a stack.
 */
import { apiErrorCode } from '../core/api/api-error.js';
import { callRefusal } from '../core/api/validate-call.js';
import type { ApiErrorCode } from '../shared/api-errors.js';
import { API_METHODS, type ApiMethod, type IasApi, type WsRequest, type WsResponse } from '../shared/contract.js';

export type ParsedFrame =
  | { kind: 'request'; request: WsRequest }
  /** Valid JSON that is no request; answered when it has an id (`errorCode`: see WsResponse). */
  | { kind: 'invalid'; id?: number; error: string; errorCode?: ApiErrorCode }
  /** Not JSON at all: the socket is closed. */
  | { kind: 'malformed' };

const METHODS = new Set<string>(API_METHODS);

export function parseFrame(text: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'malformed' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'invalid', error: 'a request is an object {id, method, params}' };
  }
  const { id, method, params } = value as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    return { kind: 'invalid', error: 'a request needs an integer id' };
  }
  if (typeof method !== 'string') return { kind: 'invalid', id, error: 'a request needs a method name' };
  if (!Array.isArray(params)) return { kind: 'invalid', id, error: 'params must be an array' };
  const problem = callRefusal(method, params);
  if (problem !== undefined) {
    const code = problem.messageCode ? { errorCode: problem.messageCode } : {};
    return { kind: 'invalid', id, error: problem.message, ...code };
  }
  // validateCall knows the contract; this keeps anything else (`constructor`, `__proto__`…) out regardless.
  if (!METHODS.has(method)) return { kind: 'invalid', id, error: `unknown method "${method}"` };
  return { kind: 'request', request: { id, method: method as ApiMethod, params } };
}

function message(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return typeof err === 'string' ? err : 'the call failed';
}

/** Runs one checked request against the API. */
export async function dispatch(api: IasApi, request: WsRequest): Promise<WsResponse> {
  try {
    const method = api[request.method] as (...args: unknown[]) => Promise<unknown>;
    const result = await method.apply(api, request.params);
    return result === undefined ? { id: request.id } : { id: request.id, result };
  } catch (err) {
    const code = apiErrorCode(err);
    return { id: request.id, error: message(err), ...(code ? { errorCode: code } : {}) };
  }
}
