/**
 * An error a call of the contract fails with, in English, with its code and parameters (see
 * shared/api-errors.ts) for a UI to say it in its own language. The transports carry both.
 */
import { apiErrorText, type ApiErrorCode, type ApiErrorName, type ApiErrorParams } from '../../shared/api-errors.js';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly messageCode: ApiErrorCode;

  constructor(message: string, messageCode: ApiErrorCode) {
    super(message);
    this.messageCode = messageCode;
  }
}

export function apiError<C extends ApiErrorName>(code: C, params: ApiErrorParams[C]): ApiError {
  const { message, messageCode } = apiErrorText(code, params);
  return new ApiError(message, messageCode);
}

/** The code an error carries, if it is an ApiError. */
export function apiErrorCode(err: unknown): ApiErrorCode | undefined {
  return err instanceof ApiError ? err.messageCode : undefined;
}
