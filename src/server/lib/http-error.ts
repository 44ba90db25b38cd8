import { STATUS_CODES } from 'node:http';
import type { ErrorCode } from '../../domain/api-error';

/**
 * Why a request is refused, for machines: a stable code (src/domain/api-error.ts) and, where one field of
 * the body is at fault, its name (a dotted path for a nested one). The answer carries both beside the
 * message; a form shows the message beside that field.
 */
export interface Refusal {
  code: ErrorCode;
  field?: string;
}

/** An expected refusal: becomes `{statusCode, error, message, code?, field?}` in the one error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly refusal?: Refusal,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const statusText = (statusCode: number) => STATUS_CODES[statusCode] ?? 'Error';

/** A 400 always says why with a code: the refusal's own, or BAD_REQUEST while it has none. */
export const badRequest = (message: string, refusal: Refusal = { code: 'BAD_REQUEST' }) =>
  new HttpError(400, message, {}, refusal);
export const unauthorized = (message = 'Authentication required.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, refusal?: Refusal) => new HttpError(409, message, {}, refusal);
export const tooManyRequests = (retryAfterSeconds: number, message: string) =>
  new HttpError(429, message, { 'retry-after': String(retryAfterSeconds) });
