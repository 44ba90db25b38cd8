import { FetchError } from 'ofetch';
import { DEFAULT_ERROR_MESSAGE, NO_RESPONSE_ERROR_TEXT } from '../domain/api-error';
import type { ApiError } from '../domain/auth';

/** What every API function rejects with: the spec's error object, still an Error for stack traces and logs. */
export class ApiRequestError extends Error implements ApiError {
  readonly statusCode: number;
  readonly error: string;
  /** The server's machine-readable reason and the field at fault, when it gave them. */
  readonly code?: string;
  readonly field?: string;

  constructor({ message, error, statusCode, code, field }: ApiError) {
    super(message);
    this.name = 'ApiRequestError';
    this.statusCode = statusCode;
    this.error = error;
    if (code !== undefined) this.code = code;
    if (field !== undefined) this.field = field;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Spec section 8, generic normalisation. With a server response: message, error and statusCode come from the
 * response body, defaulting to the fallback message, 'Please try again later' and 500. Without one (network
 * down, CORS, aborted): the error's own message or the fallback, 'Something went wrong. Please try again
 * later.' and 500. `fallbackMessage` carries the per-call texts such as 'Failed to fetch leave requests'.
 */
export function normalizeApiError(
  error: unknown,
  fallbackMessage: string = DEFAULT_ERROR_MESSAGE,
): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (error instanceof FetchError && error.response) {
    const data =
      typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
    return new ApiRequestError({
      message: text(data.message) ?? fallbackMessage,
      error: text(data.error) ?? 'Please try again later',
      statusCode: typeof data.statusCode === 'number' ? data.statusCode : 500,
      code: text(data.code),
      field: text(data.field),
    });
  }
  // ofetch wraps the network failure; its own message repeats method and URL, the cause says what happened.
  const cause = error instanceof FetchError && error.cause instanceof Error ? error.cause : error;
  const own = cause instanceof Error ? text(cause.message) : undefined;
  return new ApiRequestError({
    message: own ?? fallbackMessage,
    error: NO_RESPONSE_ERROR_TEXT,
    statusCode: 500,
  });
}
