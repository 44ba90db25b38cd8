import type { ApiError } from './auth';

/** Error text when there was no server response at all (spec section 8). */
export const NO_RESPONSE_ERROR_TEXT = 'Something went wrong. Please try again later.';
export const DEFAULT_ERROR_MESSAGE = 'An error occurred';

/**
 * Reads whatever an effect rejected with as the spec's plain error object. The API client already normalises
 * what it throws; this keeps machine context typed and serialisable even when something else throws.
 */
export function toApiError(value: unknown): ApiError {
  if (typeof value === 'object' && value !== null) {
    const { statusCode, error, message } = value as Record<string, unknown>;
    if (typeof statusCode === 'number' && typeof error === 'string' && typeof message === 'string') {
      return { statusCode, error, message };
    }
  }
  const message = value instanceof Error && value.message ? value.message : DEFAULT_ERROR_MESSAGE;
  return { statusCode: 500, error: NO_RESPONSE_ERROR_TEXT, message };
}
